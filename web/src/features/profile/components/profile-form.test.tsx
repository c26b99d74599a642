import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@recuse/common';
import type { FullProfile } from '@recuse/common';
import {
  labelled,
  renderWithProviders,
  sentForm,
  stubFetch,
} from '../../../testing/render-with-providers.tsx';
import { linkPanelTitle, reloadDelayMs } from './account-link-panel.tsx';
import { ProfileForm } from './profile-form.tsx';

const positions = [
  { id: 1, label: 'Faculty', intern: 0 as const },
  { id: 3, label: 'Ph.D. student', intern: 0 as const },
];

const newcomer: FullProfile = {
  FName: 'Di',
  SName: 'Xu',
  oName1: '',
  oName2: '',
  Email: 'di@example.org',
  secEmail: '',
  dblp_url: '',
  dblp_name: '',
  institutionData: [],
  positions,
};

const alan: FullProfile = {
  ...newcomer,
  FName: 'Alan',
  SName: 'Turing',
  Email: 'alan@example.org',
  institutionData: [
    {
      id: 3,
      user_id: 3,
      institutionId: 3,
      institutionName: 'University of Cambridge',
      source: 'Entry by self',
      startDate: '2020-10-01',
      endDate: '',
      current: 1,
      position: 0,
      positionId: 1,
      positionLabel: 'Faculty',
      instStatus: 1,
    },
  ],
};

function renderForm(profile: FullProfile, onReload = vi.fn()) {
  renderWithProviders(<ProfileForm profile={profile} onReload={onReload} onCancel={vi.fn()} />);
  return onReload;
}

const save = () => userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));

describe('ProfileForm', () => {
  it('shows every field of the profile, filled in', () => {
    renderForm(alan);
    expect(screen.getByLabelText(labelled('First name'))).toHaveValue('Alan');
    expect(screen.getByLabelText(labelled('Last name'))).toHaveValue('Turing');
    expect(screen.getByLabelText('Other name 1')).toHaveValue('');
    expect(screen.getByLabelText('Other name 2')).toHaveValue('');
    expect(screen.getByLabelText(labelled('Primary email'))).toHaveValue('alan@example.org');
    expect(screen.getByLabelText('Secondary email')).toHaveValue('');
    expect(screen.getByLabelText(/^DBLP URL/)).toHaveValue('');
    const row = screen.getByRole('group', { name: 'Affiliation 1' });
    expect(within(row).getByRole('combobox', { name: 'Institution' })).toHaveValue(
      'University of Cambridge',
    );
    expect(within(row).getByRole('checkbox', { name: /Current/ })).toBeChecked();
    expect(within(row).queryByLabelText(labelled('End date'))).not.toBeInTheDocument();
  });

  it('validates with the shared rules and sends nothing while something is missing', async () => {
    const fetchMock = stubFetch({});
    renderForm({ ...newcomer, FName: '' });
    await save();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(messages.checkBelowFields);
    expect(alert).toHaveTextContent(messages.firstNameRequired);
    expect(alert).toHaveTextContent(messages.affiliationFieldsRequired);
    expect(screen.getByLabelText(labelled('First name'))).toHaveAttribute('aria-invalid', 'true');
    const row = screen.getByRole('group', { name: 'Affiliation 1' });
    expect(within(row).getByRole('combobox', { name: 'Institution' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for at least one affiliation', async () => {
    stubFetch({});
    renderForm(newcomer);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove affiliation 1' }));
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.atLeastOneAffiliation);
  });

  it('saves, says so, and reloads the profile 1 s later', async () => {
    const fetchMock = stubFetch({ '/v1/web/user/data/save': { body: { message: 'UPDATED' } } });
    const onReload = renderForm(alan);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Other name 1'), 'A. M. Turing');
    await save();
    expect(await screen.findByText(messages.recordUpdated)).toBeInTheDocument();
    expect(sentForm(fetchMock, 0)).toEqual({
      FName: 'Alan',
      SName: 'Turing',
      oName1: 'A. M. Turing',
      oName2: '',
      Email: 'alan@example.org',
      secEmail: '',
      dblp_url: '',
      source_type: '3',
      institutionDetails: JSON.stringify([
        {
          id: 3,
          institutionId: 3,
          positionId: '1',
          startDate: '2020-10-01',
          endDate: '',
          current: 1,
        },
      ]),
    });
    expect(onReload).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onReload).toHaveBeenCalledOnce(), {
      timeout: reloadDelayMs + 2000,
    });
  });

  it('shows the server’s field errors in red', async () => {
    stubFetch({
      '/v1/web/user/data/save': {
        status: 409,
        body: { message: messages.checkBelowFields, errors: { Email: [messages.emailInUse] } },
      },
    });
    renderForm(alan);
    await save();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.emailInUse);
    expect(screen.getByLabelText(labelled('Primary email'))).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('offers the account link when the DBLP URL belongs to an imported person', async () => {
    stubFetch({
      '/v1/web/user/data/save': {
        body: {
          message: 'UPDATED',
          fake_user_link: 'Yes',
          fake_user_name: 'Di Xu 0001',
          fake_user_dblp: 'https://dblp.org/pid/95/7448-1',
        },
      },
    });
    renderForm(alan);
    await userEvent
      .setup()
      .type(screen.getByLabelText(/^DBLP URL/), 'https://dblp.org/pid/95/7448-1');
    await save();
    const panel = await screen.findByRole('region', { name: linkPanelTitle });
    expect(within(panel).getByRole('link', { name: 'Di Xu 0001' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Link account' })).toBeInTheDocument();
  });

  it('says the save failed when the server cannot be reached', async () => {
    stubFetch({ '/v1/web/user/data/save': 'network-failure' });
    renderForm(alan);
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.recordNotSaved);
  });
});
