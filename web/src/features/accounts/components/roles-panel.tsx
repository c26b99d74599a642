// The administrators and the grant and revocation of the role (docs/product.md, "Roles and
// permissions"): a list of administrators with Revoke, and an account search with Grant.
// Revoking asks first; the server refuses the last administrator giving the role up.
import { useState } from 'react';
import { Badge, Button, Loader, Stack, Table, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@recuse/common';
import type { RoleAccount } from '@recuse/common';
import { ActionOutcome } from '../../../components/action-outcome.tsx';
import { ConfirmDialog, OwnMark } from '../../../components/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SearchResults } from '../../../components/search-results.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { changeRole } from '../api/change-role.ts';
import { administratorsQueryKey, useAdministrators } from '../api/get-administrators.ts';
import {
  accountSearchQueryKey,
  isAccountSearchable,
  useAccountSearch,
} from '../api/search-accounts.ts';

type RolesPanelProps = {
  /** The signed-in administrator's address, to mark their own row. */
  ownEmail: string;
  /** Called after the signed-in administrator gave the role up. */
  onOwnRoleRevoked: () => void;
};

export function RolesPanel({ ownEmail, onOwnRoleRevoked }: RolesPanelProps) {
  const queryClient = useQueryClient();
  const administrators = useAdministrators();
  const [searchText, setSearchText] = useState('');
  const search = useAccountSearch(searchText);
  const [toRevoke, setToRevoke] = useState<RoleAccount | null>(null);
  const action = useAction<number>();
  const { failure } = action;
  const isOwn = (account: RoleAccount) =>
    ownEmail !== '' && account.email.toLowerCase() === ownEmail.toLowerCase();

  function change(account: RoleAccount, change: 'grant' | 'revoke') {
    return action.run(account.id, () => changeRole(account.id, change), {
      onDone: async ({ account: changed }) => {
        setToRevoke(null);
        action.setSuccess(
          changed.role === 'admin'
            ? `${changed.name} is now an administrator.`
            : `${changed.name} is no longer an administrator.`,
        );
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: administratorsQueryKey }),
          queryClient.invalidateQueries({ queryKey: accountSearchQueryKey }),
        ]);
        if (change === 'revoke' && isOwn(changed)) onOwnRoleRevoked();
      },
    });
  }

  const roleButton = (account: RoleAccount) =>
    account.role === 'admin' ? (
      <Button
        size="xs"
        color="red"
        variant="outline"
        aria-label={`Revoke the administrator role of ${account.name}`}
        onClick={() => {
          action.setFailure(null);
          setToRevoke(account);
        }}
      >
        Revoke
      </Button>
    ) : (
      <Button
        size="xs"
        loading={action.busy === account.id}
        aria-label={`Grant the administrator role to ${account.name}`}
        onClick={() => void change(account, 'grant')}
      >
        Grant
      </Button>
    );

  const accountRows = (accounts: RoleAccount[], withRole: boolean) =>
    accounts.map((account) => (
      <Table.Tr key={account.id}>
        <Table.Td>
          {account.name}
          {isOwn(account) && <OwnMark />}
        </Table.Td>
        <Table.Td>{account.email}</Table.Td>
        {withRole && (
          <Table.Td>
            {account.role === 'admin' ? (
              <Badge color="blue.8">Administrator</Badge>
            ) : (
              <Badge color="gray.7">Member</Badge>
            )}
          </Table.Td>
        )}
        <Table.Td>{roleButton(account)}</Table.Td>
      </Table.Tr>
    ));

  const trimmed = searchText.trim();
  return (
    <Stack gap="md">
      <ActionOutcome success={action.success} failure={failure} showFailure={!toRevoke} />

      <section aria-labelledby="administrators-heading">
        <Title order={2} fz="h3" id="administrators-heading" mb="xs">
          Administrators
        </Title>
        {administrators.data ? (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-labelledby="administrators-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{accountRows(administrators.data, false)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : administrators.isError ? (
          <ErrorAlert message={administrators.error.message || messages.couldNotFetch} />
        ) : (
          <Loader size="sm" aria-label="Loading administrators" />
        )}
      </section>

      <section aria-labelledby="grant-heading">
        <Title order={2} fz="h3" id="grant-heading" mb="xs">
          Grant the administrator role
        </Title>
        <TextInput
          label="Find an account"
          description="At least 2 letters of a name, or part of an e-mail address"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          maw={420}
        />
        {isAccountSearchable(trimmed) && (
          <SearchResults search={search} mt="sm" nothingFound={`No account matches “${trimmed}”.`}>
            {(accounts) => (
              <Table.ScrollContainer minWidth={560} mt="sm">
                <Table aria-label="Accounts found">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>E-mail</Table.Th>
                      <Table.Th>Role</Table.Th>
                      <Table.Th>Action</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>{accountRows(accounts, true)}</Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </SearchResults>
        )}
      </section>

      {toRevoke && (
        <ConfirmDialog
          title="Revoke the administrator role"
          question={
            isOwn(toRevoke)
              ? 'Give up your administrator role? You will no longer see the administration pages.'
              : `Revoke the administrator role of ${toRevoke.name}?`
          }
          confirmLabel="Revoke"
          isBusy={action.busy === toRevoke.id}
          failure={failure}
          onConfirm={() => void change(toRevoke, 'revoke')}
          onCancel={() => setToRevoke(null)}
        />
      )}
    </Stack>
  );
}
