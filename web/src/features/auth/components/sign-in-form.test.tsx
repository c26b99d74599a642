import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@recuse/common';
import { findTokens } from '../../../lib/session.ts';
import {
  labelled,
  renderWithProviders,
  sentForm,
  sentInit,
  stubFetch,
} from '../../../testing/render-with-providers.tsx';
import { SignInForm } from './sign-in-form.tsx';

const tokens = { access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 3600 };
const profile = {
  FName: 'Ada',
  SName: 'Lovelace',
  Email: 'ada@example.org',
  Notifications: [],
  institutionDataAdded: true,
  ShowHelpNotification: 'N',
  PwdSet: 'Y',
  Role: 'user',
  IsChair: false,
};

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(labelled('Email')), email);
  if (password) await user.type(screen.getByLabelText(labelled('Password')), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInForm', () => {
  it('asks for both fields before sending anything', async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    await fillAndSubmit('', '');
    // The schema is fetched when the form is first used, so its messages come a moment later.
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an email that is not an email address', async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    await fillAndSubmit('ada.example.org', 'secret');
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the message the server gives for a refused sign-in', async () => {
    stubFetch({
      '/v1/user/login': {
        status: 401,
        body: { ERROR: 'LOGIN_FAILED', MSG: 'The email or password is incorrect.' },
      },
    });
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    await fillAndSubmit('ada@example.org', 'wrong');
    expect(await screen.findByText('The email or password is incorrect.')).toBeInTheDocument();
    expect(findTokens()).toBeUndefined();
  });

  it('offers to send the confirmation again when the address is not confirmed yet', async () => {
    const fetchMock = stubFetch({
      '/v1/user/login': {
        status: 401,
        body: { ERROR: 'LOGIN_FAILED', MSG: messages.accountNotConfirmed },
      },
      '/v1/web/user/confirmation/resend': { body: { message: messages.confirmationResent } },
    });
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    await fillAndSubmit('ada@example.org', 'Secret#123');
    expect(await screen.findByText(messages.accountNotConfirmed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the confirmation again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.confirmationResent);
    const resendCall = fetchMock.mock.calls.findIndex(([url]) =>
      String(url).includes('/v1/web/user/confirmation/resend'),
    );
    expect(sentForm(fetchMock, resendCall)).toEqual({ email: 'ada@example.org' });
  });

  it('does not offer it for other refusals', async () => {
    stubFetch({
      '/v1/user/login': { status: 401, body: { ERROR: 'LOGIN_FAILED', MSG: messages.loginFailed } },
    });
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    await fillAndSubmit('ada@example.org', 'wrong');
    expect(await screen.findByText(messages.loginFailed)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Send the confirmation again' }),
    ).not.toBeInTheDocument();
  });

  it('signs in: sends the login form, stores the tokens and hands over the profile', async () => {
    const fetchMock = stubFetch({
      '/v1/user/login': { body: tokens },
      '/v1/web/user/profile': { body: profile },
    });
    const onSignedIn = vi.fn();
    renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);
    await fillAndSubmit('Ada@Example.org', 'Secret#123');
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(profile));
    expect(sentForm(fetchMock, 0)).toEqual({
      action: 'login',
      api_key: 'recuse-web',
      username: 'ada@example.org',
      password: 'Secret#123',
    });
    const profileCall = sentInit(fetchMock, 1);
    expect(profileCall.headers).toMatchObject({ Authorization: 'Bearer access-1' });
    expect(findTokens()?.accessToken).toBe('access-1');
  });

  it('forgets the session and shows the session banner when the profile has no first name', async () => {
    stubFetch({
      '/v1/user/login': { body: tokens },
      '/v1/web/user/profile': { body: { ...profile, FName: '' } },
    });
    const onSignedIn = vi.fn();
    renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);
    await fillAndSubmit('ada@example.org', 'Secret#123');
    expect(await screen.findByText(messages.sessionBanner)).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(findTokens()).toBeUndefined();
  });

  it('says the sign-in failed 2 seconds after the server could not be reached', async () => {
    stubFetch({ '/v1/user/login': 'network-failure' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByLabelText(labelled('Email')), 'ada@example.org');
      await user.type(screen.getByLabelText(labelled('Password')), 'Secret#123');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(screen.getByRole('button', { name: 'signing in...' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(1500));
      expect(screen.queryByText(messages.signInFailed)).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(600));
      expect(screen.getByText(messages.signInFailed)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });
});
