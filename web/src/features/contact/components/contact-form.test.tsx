import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import {
  labelled,
  renderWithProviders,
  sentForm,
  stubFetch,
} from '../../../testing/render-with-providers.tsx';
import { ContactForm } from './contact-form.tsx';

async function send(subject: string, message: string) {
  const user = userEvent.setup();
  if (subject) await user.type(screen.getByLabelText(labelled('Subject')), subject);
  if (message) await user.type(screen.getByLabelText(labelled('Message')), message);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

describe('ContactForm', () => {
  it('asks for the subject and the message before sending anything', async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<ContactForm />);
    await send('', '');
    expect(screen.getByText(messages.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.messageRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the message, thanks the user and clears the form', async () => {
    const fetchMock = stubFetch({ '/v1/web/contactus': { body: { message: 'SUCCESS' } } });
    renderWithProviders(<ContactForm />);
    await send('Question', 'How do rules work?');
    expect(await screen.findByText(messages.contactThanks)).toBeInTheDocument();
    expect(sentForm(fetchMock, 0)).toMatchObject({
      Subject: 'Question',
      Message: 'How do rules work?',
    });
    expect(screen.getByLabelText(labelled('Subject'))).toHaveValue('');
  });

  it('says the message could not be sent when the server cannot be reached, keeping the text', async () => {
    stubFetch({ '/v1/web/contactus': 'network-failure' });
    renderWithProviders(<ContactForm />);
    await send('Question', 'How do rules work?');
    expect(await screen.findByText(messages.contactFailed)).toBeInTheDocument();
    expect(screen.getByLabelText(labelled('Message'))).toHaveValue('How do rules work?');
  });

  it('shows the server’s field errors under its message', async () => {
    stubFetch({
      '/v1/web/contactus': {
        status: 422,
        body: {
          message: messages.checkBelowFields,
          errors: { Subject: [messages.subjectRequired] },
        },
      },
    });
    renderWithProviders(<ContactForm />);
    await send('   x', 'Hello');
    expect(await screen.findByText(messages.checkBelowFields)).toBeInTheDocument();
    expect(screen.getByText(messages.subjectRequired)).toBeInTheDocument();
  });
});
