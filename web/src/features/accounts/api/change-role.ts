// POST /v1/web/admin/roles/grant and /v1/web/admin/roles/revoke: the account as it is
// afterwards, or the server's refusal (the last administrator cannot give the role up).
import { roleChangeReplySchema } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';

export function changeRole(userId: number, change: 'grant' | 'revoke') {
  return saveForm(
    `/v1/web/admin/roles/${change}`,
    { userId: String(userId) },
    roleChangeReplySchema,
    {
      isTokenCall: true,
    },
  );
}
