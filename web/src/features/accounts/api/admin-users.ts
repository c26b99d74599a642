// Accounts in the administration (docs/api.md, "Accounts"): one account's profile, relations and
// sign-in state, Unlock and Delete. Finding accounts and changing roles are the roles calls
// (features/roles/api). Administrators only; the server checks the role again.
import { useQuery } from '@tanstack/react-query';
import {
  adminUserReplySchema,
  deleteAccountReplySchema,
  unlockAccountReplySchema,
} from '@recuse/common';
import { readOrExplain, saveForm } from '../../../lib/api-client.ts';

export const adminUserQueryKey = (userId: string) => ['admin', 'user', userId] as const;

const tokenCall = { isTokenCall: true } as const;

export async function getAdminUser(userId: string) {
  return (
    await readOrExplain(`/v1/web/admin/users/${encodeURIComponent(userId)}`, adminUserReplySchema)
  ).user;
}

export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: adminUserQueryKey(userId),
    queryFn: () => getAdminUser(userId),
    retry: false,
  });
}

export function unlockAccount(userId: number) {
  return saveForm(
    '/v1/web/admin/users/unlock',
    { userId: String(userId) },
    unlockAccountReplySchema,
    tokenCall,
  );
}

export function deleteAccount(userId: number, reason: string) {
  return saveForm(
    '/v1/web/admin/users/delete',
    { userId: String(userId), reason },
    deleteAccountReplySchema,
    tokenCall,
  );
}
