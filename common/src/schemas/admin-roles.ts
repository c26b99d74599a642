// Roles (docs/product.md, "Roles and permissions"): the requests and replies of the calls an
// administrator uses to find accounts and to grant or revoke the administrator role, shared by
// the server's routes and the web app's administration page.
import { z } from 'zod';
import { idField, searchText } from './fields.ts';

export const accountRoleSchema = z.enum(['user', 'admin']);
export type AccountRole = z.infer<typeof accountRoleSchema>;

export const roleMessages = {
  onlyAdministrators: 'Only administrators may see and change roles.',
  pickAccount: 'Please select the account.',
  searchTooShort: 'Please type at least 2 letters or digits of a name or an e-mail address.',
  lastAdministrator:
    'You are the last administrator: grant the role to someone else before giving it up.',
} as const;

const accountId = idField(roleMessages.pickAccount);

/** POST /v1/web/admin/roles/grant and /v1/web/admin/roles/revoke */
export const roleChangeSchema = z.object({ userId: accountId });

/** GET /v1/web/admin/accounts?q=: at least 2 letters or digits of a name or an address. */
export const accountSearchSchema = z.object({
  q: searchText.refine(
    (text) => text.replace(/[^\p{L}\p{N}]/gu, '').length >= 2,
    roleMessages.searchTooShort,
  ),
});

/** A registered account as the administration page lists it. */
export const roleAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: accountRoleSchema,
});
export type RoleAccount = z.infer<typeof roleAccountSchema>;

/** GET /v1/web/admin/accounts: at most 20 registered accounts, by name. */
export const accountSearchReplySchema = z.object({ accounts: z.array(roleAccountSchema) });

/** GET /v1/web/admin/roles: every administrator, by name. */
export const administratorsReplySchema = z.object({ administrators: z.array(roleAccountSchema) });

/** The reply of a grant or a revocation: the account as it is afterwards. */
export const roleChangeReplySchema = z.object({
  message: z.literal('SUCCESS'),
  account: roleAccountSchema,
});
export type RoleChangeReply = z.infer<typeof roleChangeReplySchema>;
