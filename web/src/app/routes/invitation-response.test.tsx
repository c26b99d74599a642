import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@recuse/common';
import type { FakeAnswer } from '../../testing/render-with-providers.tsx';
import { labelled, renderWithProviders, stubFetch } from '../../testing/render-with-providers.tsx';
import { InvitationResponsePage } from './invitation-response.tsx';
import { RegistrationPage } from './registration.tsx';

const validateCall = '/v1/web/user/data/validate_token_for_request_response/';

const newPerson = {
  message: 'SUCCESS',
  account_active: 0,
  additional_msg:
    'You have been named in a relation on Recuse. Please create your profile to respond to it.',
  userData: { email: 'new.colleague@example.org' },
  show_sign_in: 'N',
};

const member = {
  message: 'SUCCESS',
  account_active: 1,
  additional_msg: 'You already have an account. Please sign in to respond to the relation.',
  userData: { email: 'ada@example.org' },
  show_sign_in: 'Y',
};

/** The response page as the router mounts it, with the two places its buttons lead to. */
function renderResponse(token: string, answer: FakeAnswer) {
  const fetchMock = stubFetch({ [`${validateCall}${token}`]: answer });
  renderWithProviders(
    <Routes>
      <Route path="/relations/validate/new/:token" element={<InvitationResponsePage />} />
      <Route path="/registration/:token" element={<RegistrationPage />} />
      <Route path="/" element={<p>Home page</p>} />
    </Routes>,
    { path: `/relations/validate/new/${token}` },
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('InvitationResponsePage', () => {
  it('tells a new person what happened and leads to sign-up with the e-mail filled in', async () => {
    const fetchMock = renderResponse('invite-1', { body: newPerson });
    expect(screen.getByText('Checking your invitation...')).toBeInTheDocument();

    expect(await screen.findByRole('note')).toHaveTextContent(newPerson.additional_msg);
    expect(
      screen.getByText('This invitation was sent to new.colleague@example.org.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    const createProfile = screen.getByRole('link', { name: 'Create profile' });
    expect(createProfile).toHaveAttribute('href', '/registration/invite-1');

    await userEvent.setup().click(createProfile);
    const email = await screen.findByLabelText(labelled('Email'));
    expect(email).toHaveValue('new.colleague@example.org');
    expect(email).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
    // The sign-up reuses the answer it already has instead of asking again.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a person who already has an account to sign in', async () => {
    renderResponse('invite-2', { body: member });
    expect(await screen.findByRole('note')).toHaveTextContent(member.additional_msg);
    expect(screen.queryByRole('link', { name: 'Create profile' })).not.toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: 'Sign In' });
    expect(signIn).toHaveAttribute('href', '/');

    await userEvent.setup().click(signIn);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it.each([
    ['an unknown or expired token', { status: 404, body: { message: 'Not found' } }],
    ['an answer without SUCCESS', { body: { message: 'FAILED' } }],
    ['a network failure', 'network-failure'],
  ] as const)(
    'shows the contract’s failure message and no button for %s',
    async (_case, answer) => {
      renderResponse('invite-3', answer);
      expect(await screen.findByRole('alert')).toHaveTextContent(messages.somethingWentWrong);
      expect(screen.queryByRole('link', { name: 'Create profile' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    },
  );
});
