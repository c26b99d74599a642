import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import { renderWithProviders, sentForm, stubFetch } from '../../testing/render-with-providers.tsx';
import { SignInPage } from './sign-in.tsx';

function renderSignIn(path: string) {
  renderWithProviders(
    <Routes>
      <Route path="/sign-in" element={<SignInPage />} />
    </Routes>,
    { path },
  );
}

describe('SignInPage', () => {
  it('offers a new confirmation link under an expired or used one', async () => {
    const fetchMock = stubFetch({
      '/v1/web/user/confirmation/resend': { body: { message: messages.confirmationResent } },
    });
    renderSignIn('/sign-in?confirmed=0');
    expect(screen.getByRole('alert')).toHaveTextContent(messages.resetLinkInvalid);
    const send = screen.getByRole('button', { name: 'Send the confirmation again' });
    await userEvent.click(send);
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(
      screen.getByRole('textbox', { name: /^Email to confirm/ }),
      'Ada@Example.org',
    );
    await userEvent.click(send);
    expect(await screen.findByRole('status')).toHaveTextContent(messages.confirmationResent);
    expect(sentForm(fetchMock, 0)).toEqual({ email: 'ada@example.org' });
  });

  it('offers nothing of the kind after a confirmed address, or a failed address-undo link', () => {
    stubFetch({});
    renderSignIn('/sign-in?confirmed=1');
    expect(screen.getByRole('status')).toHaveTextContent(messages.emailConfirmed);
    expect(
      screen.queryByRole('button', { name: 'Send the confirmation again' }),
    ).not.toBeInTheDocument();
  });
});
