import { screen, within } from '@testing-library/react';
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
import { RegistrationPanel } from './registration-form.tsx';

describe('RegistrationPanel', () => {
  it('lists what is missing under "Please check below fields:"', async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<RegistrationPanel />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create account' }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(messages.checkBelowFields)).toBeInTheDocument();
    for (const message of [
      messages.firstNameRequired,
      messages.lastNameRequired,
      messages.emailInvalid,
      messages.dblpUrlInvalid,
      messages.passwordRequired,
      messages.termsRequired,
    ]) {
      expect(within(alert).getByText(message)).toBeInTheDocument();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fills in and locks the invited email, then thanks the new member', async () => {
    const fetchMock = stubFetch({
      '/v1/web/user/data/validate_token_for_request_response/invite-1': {
        body: {
          message: 'SUCCESS',
          account_active: 0,
          additional_msg: '',
          userData: { email: 'grace@example.org' },
          show_sign_in: 'N',
        },
      },
      '/v1/web/user-registration/save': {
        body: { GID: 5, status: 'CREATED', message: 'Your account has been created.' },
      },
    });
    renderWithProviders(<RegistrationPanel token="invite-1" />);
    const email = await screen.findByLabelText(labelled('Email'));
    expect(email).toHaveValue('grace@example.org');
    expect(email).toBeDisabled();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(labelled('First name')), 'Grace');
    await user.type(screen.getByLabelText(labelled('Last name')), 'Hopper');
    await user.click(screen.getByRole('checkbox', { name: 'I do not have a DBLP URL' }));
    await user.type(screen.getByLabelText(labelled('Password')), 'Secret#123');
    await user.type(screen.getByLabelText(labelled('Confirm password')), 'Secret#123');
    await user.click(screen.getByRole('checkbox', { name: consentLabel }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByText('Your account has been created.')).toBeInTheDocument();
    expect(sentForm(fetchMock, 1)).toMatchObject({
      FName: 'Grace',
      SName: 'Hopper',
      Email: 'grace@example.org',
      dblp_url: '',
      noDBLP: '1',
      userToken: 'invite-1',
      optedIn: '1',
    });
  });
});
