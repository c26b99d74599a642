// What an administrator does to one account (docs/product.md, "Accounts"): Unlock (when it is
// locked or has failed sign-ins), Grant or Revoke the administrator role (the roles calls, as
// on /admin), and Delete, which asks for a reason and a confirmation first. Refusals (not
// locked, an administrator, gone) are shown as the server words them.
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AdminUser } from '@recuse/common';
import { messages, userAdminMessages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ActionOutcome } from '../../../components/action-outcome.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { changeRole } from '../api/change-role.ts';
import { administratorsQueryKey } from '../api/get-administrators.ts';
import { accountSearchQueryKey } from '../api/search-accounts.ts';
import { adminUserQueryKey, deleteAccount, unlockAccount } from '../api/admin-users.ts';
import { paths } from '../../../app/paths.ts';

type AccountActionsProps = {
  user: AdminUser;
  /** Whether this is the signed-in administrator's own account. */
  isOwn: boolean;
  /** Called after the signed-in administrator gave their own role up. */
  onOwnRoleRevoked: () => void;
};

export function AccountActions({ user, isOwn, onOwnRoleRevoked }: AccountActionsProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { busy, success, setSuccess, failure, setFailure, run } = useAction<
    'unlock' | 'role' | 'delete'
  >();
  const [isDeleting, setIsDeleting] = useState(false);
  const [reason, setReason] = useState('');

  async function reload() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminUserQueryKey(String(user.id)) }),
      queryClient.invalidateQueries({ queryKey: accountSearchQueryKey }),
      queryClient.invalidateQueries({ queryKey: administratorsQueryKey }),
    ]);
  }

  /** Gone or changed meanwhile: the dialog closes and the page shows what is true now. */
  async function onRefused(status: number) {
    if (status === 404 || status === 409) {
      setIsDeleting(false);
      await reload();
    }
  }

  const isAdmin = user.role === 'admin';
  const canUnlock = user.signIn.isLocked || user.signIn.failedLoginCount > 0;
  return (
    <Stack gap="sm">
      <ActionOutcome success={success} failure={failure} showFailure={!isDeleting} />
      <Group gap="xs">
        {canUnlock && (
          <Button
            loading={busy === 'unlock'}
            onClick={() =>
              void run('unlock', () => unlockAccount(user.id), {
                onDone: async () => {
                  setSuccess(`${user.name} can sign in again: the failed sign-ins are cleared.`);
                  await reload();
                },
                onRefused,
              })
            }
          >
            Unlock
          </Button>
        )}
        <Button
          variant="outline"
          color={isAdmin ? 'red' : undefined}
          loading={busy === 'role'}
          onClick={() =>
            void run('role', () => changeRole(user.id, isAdmin ? 'revoke' : 'grant'), {
              onDone: async (data) => {
                setSuccess(
                  data.account.role === 'admin'
                    ? `${data.account.name} is now an administrator.`
                    : `${data.account.name} is no longer an administrator.`,
                );
                await reload();
                if (isOwn && data.account.role !== 'admin') onOwnRoleRevoked();
              },
              onRefused,
            })
          }
        >
          {isAdmin ? 'Revoke the administrator role' : 'Grant the administrator role'}
        </Button>
        <Button
          color="red"
          disabled={isOwn}
          onClick={() => {
            setFailure(null);
            setSuccess('');
            setReason('');
            setIsDeleting(true);
          }}
        >
          Delete account…
        </Button>
      </Group>
      {isOwn && (
        <Text fz="sm" c="dimmed">
          {userAdminMessages.ownAccount}
        </Text>
      )}

      {isDeleting && (
        <Modal
          opened
          onClose={() => setIsDeleting(false)}
          title={`Delete the account of ${user.name}`}
        >
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (reason.trim() === '') {
                setFailure({
                  message: userAdminMessages.reasonRequired,
                  errors: { reason: [userAdminMessages.reasonRequired] },
                });
                return;
              }
              void run('delete', () => deleteAccount(user.id, reason.trim()), {
                onDone: async () => {
                  await queryClient.invalidateQueries({ queryKey: accountSearchQueryKey });
                  queryClient.removeQueries({ queryKey: adminUserQueryKey(String(user.id)) });
                  navigate(paths.adminUsers.href(), {
                    state: { notice: `The account of ${user.name} is deleted.` },
                  });
                },
                onRefused,
              });
            }}
          >
            <Stack gap="sm">
              {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
              <Text fz="sm">
                This cannot be undone. Their names, addresses, DBLP identity, affiliations and
                sign-ins are removed. In other people&apos;s relations, comments and the audit log
                they remain as {messages.deletedUser}.
              </Text>
              <Textarea
                label="Reason for deleting this account"
                description="Kept in the audit log; nobody else sees it."
                required
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                error={failure?.errors.reason?.[0]}
                autosize
                minRows={2}
                maxLength={1000}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setIsDeleting(false)}>
                  Cancel
                </Button>
                <Button type="submit" color="red" loading={busy === 'delete'}>
                  Delete the account
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal>
      )}
    </Stack>
  );
}
