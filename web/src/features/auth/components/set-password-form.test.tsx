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
import { consentLabel } from './consent-checkbox.tsx';
import { SetPasswordPanel } from './set-password-form.tsx';

const findPath = '/v1/web/user/password/find/token-1';

function renderPanel() {
  renderWithProviders(<SetPasswordPanel token="token-1" />);
}

async function fillPasswords(password: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(labelled('Password')), password);
  await user.type(screen.getByLabelText(labelled('Confirm password')), confirmation);
  return user;
}

describe('SetPasswordPanel', () => {
  it('asks for consent when the user has not opted in yet', async () => {
    stubFetch({
      [findPath]: { body: { message: 'success', email: 'ada@example.org', opted_in: 'N' } },
    });
    renderPanel();
    expect(await screen.findByRole('checkbox', { name: consentLabel })).toBeInTheDocument();
  });

  it('does not ask for consent again when the user has opted in', async () => {
    stubFetch({
      [findPath]: { body: { message: 'success', email: 'ada@example.org', opted_in: 'Y' } },
    });
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Set password' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: consentLabel })).not.toBeInTheDocument();
  });

  it('requires the consent box when it is shown', async () => {
    const fetchMock = stubFetch({
      [findPath]: { body: { message: 'success', email: 'ada@example.org', opted_in: 'N' } },
    });
    renderPanel();
    const user = await fillPasswords('Secret#123', 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText(messages.termsRequired)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('hides the form and shows the server message for an invalid token', async () => {
    stubFetch({ [findPath]: { status: 404, body: { message: 'This link has expired.' } } });
    renderPanel();
    expect(await screen.findByText('This link has expired.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
  });

  it('says the passwords do not match', async () => {
    stubFetch({
      [findPath]: { body: { message: 'success', email: 'ada@example.org', opted_in: 'Y' } },
    });
    renderPanel();
    const user = await fillPasswords('Secret#123', 'Secret#124');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText(messages.passwordsDoNotMatch)).toBeInTheDocument();
  });

  it('sets the password and replaces the form with the success message', async () => {
    const fetchMock = stubFetch({
      [findPath]: { body: { message: 'success', email: 'ada@example.org', opted_in: 'N' } },
      '/v1/web/user/password/reset': { body: { id: 7 } },
    });
    renderPanel();
    const user = await fillPasswords('Secret#123', 'Secret#123');
    await user.click(screen.getByRole('checkbox', { name: consentLabel }));
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(messages.passwordSetSuccess)).toBeInTheDocument();
    expect(screen.queryByLabelText(labelled('Password'))).not.toBeInTheDocument();
    expect(sentForm(fetchMock, 1)).toEqual({
      email: 'ada@example.org',
      token: 'token-1',
      password: 'Secret#123',
      password_confirmation: 'Secret#123',
      optedIn: '1',
    });
  });
});
