import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { roleMessages } from '@recuse/common';
import {
  renderWithProviders,
  sentForm,
  stubFetch,
} from '../../../testing/render-with-providers.tsx';
import { RolesPanel } from './roles-panel.tsx';

const avery = { id: 1, name: 'Avery Admin', email: 'admin@example.org', role: 'admin' as const };
const grace = { id: 4, name: 'Grace Hopper', email: 'grace@example.org', role: 'user' as const };

function renderPanel(onOwnRoleRevoked = vi.fn()) {
  renderWithProviders(
    <RolesPanel ownEmail="admin@example.org" onOwnRoleRevoked={onOwnRoleRevoked} />,
  );
  return onOwnRoleRevoked;
}

describe('RolesPanel', () => {
  it('finds an account and grants it the administrator role', async () => {
    const fetchMock = stubFetch({
      '/v1/web/admin/roles/grant': {
        body: { message: 'SUCCESS', account: { ...grace, role: 'admin' } },
      },
      '/v1/web/admin/roles': { body: { administrators: [avery] } },
      '/v1/web/admin/accounts': { body: { accounts: [grace] } },
    });
    renderPanel();
    const administrators = await screen.findByRole('table', { name: 'Administrators' });
    expect(within(administrators).getByText('Avery Admin')).toBeInTheDocument();
    expect(within(administrators).getByText('(you)')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Find an account'), 'grace');
    const found = await screen.findByRole('table', { name: 'Accounts found' });
    await user.click(
      within(found).getByRole('button', { name: 'Grant the administrator role to Grace Hopper' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Grace Hopper is now an administrator.',
    );
    const grant = fetchMock.mock.calls.findIndex(([url]) => String(url).endsWith('/grant'));
    expect(sentForm(fetchMock, grant)).toEqual({ userId: '4' });
  });

  it('asks before revoking, and shows why the last administrator cannot give the role up', async () => {
    stubFetch({
      '/v1/web/admin/roles/revoke': {
        status: 409,
        body: { message: roleMessages.lastAdministrator },
      },
      '/v1/web/admin/roles': { body: { administrators: [avery] } },
    });
    const onOwnRoleRevoked = renderPanel();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Revoke the administrator role of Avery Admin' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the administrator role' });
    expect(dialog).toHaveTextContent('Give up your administrator role?');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      roleMessages.lastAdministrator,
    );
    expect(onOwnRoleRevoked).not.toHaveBeenCalled();
  });

  it('tells the page when the administrator gave up their own role', async () => {
    stubFetch({
      '/v1/web/admin/roles/revoke': {
        body: { message: 'SUCCESS', account: { ...avery, role: 'user' } },
      },
      '/v1/web/admin/roles': { body: { administrators: [avery, { ...grace, role: 'admin' }] } },
    });
    const onOwnRoleRevoked = renderPanel();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Revoke the administrator role of Avery Admin' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Avery Admin is no longer an administrator.',
    );
    expect(onOwnRoleRevoked).toHaveBeenCalledOnce();
  });
});
