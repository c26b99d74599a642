// Accounts in the administration (docs/product.md, "Accounts"): an administrator opens an
// account (profile, relations, sign-in state), unlocks it or deletes it. Finding accounts and
// granting roles are the roles calls (admin-roles.ts). Shared by the server and the web app.
import { z } from 'zod';
import { accountRoleSchema } from './admin-roles.ts';
import { decisionRelationSchema } from './admin-relations.ts';
import { idField, requiredText } from './fields.ts';

export const userAdminMessages = {
  onlyAdministrators: 'Only administrators may see and manage accounts.',
  pickAccount: 'Please select the account.',
  accountGone: 'This account does not exist (any more).',
  notLocked: 'This account is not locked.',
  ownAccount: 'You cannot delete your own account here.',
  administrator: 'This account is an administrator: revoke the role before deleting it.',
  reasonRequired: 'Please enter the reason for deleting this account.',
} as const;

const userId = idField(userAdminMessages.pickAccount);

/** GET /v1/web/admin/users/{userId} */
export const adminUserParamsSchema = z.object({ userId });

/** POST /v1/web/admin/users/unlock */
export const unlockAccountSchema = z.object({ userId });

/** POST /v1/web/admin/users/delete */
export const deleteAccountSchema = z.object({
  userId,
  reason: requiredText(userAdminMessages.reasonRequired, 1000),
});

export const adminUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  otherNames: z.array(z.string()),
  email: z.string(),
  secondaryEmail: z.string(),
  /** A new address waiting for its confirmation link ('' when none). */
  pendingEmail: z.string(),
  isEmailConfirmed: z.boolean(),
  dblpUrl: z.string(),
  role: accountRoleSchema,
  createdAt: z.string(),
  signIn: z.object({
    isLocked: z.boolean(),
    lockedUntil: z.string().nullable(),
    failedLoginCount: z.number(),
    /** Sign-ins whose access token is still valid; when a token was last issued. */
    activeSessions: z.number(),
    lastActiveAt: z.string().nullable(),
  }),
  affiliations: z.array(
    z.object({
      id: z.number(),
      institution: z.string(),
      position: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      isCurrent: z.boolean(),
    }),
  ),
  /** The relations they created or are named on, newest first, at most 50. */
  relations: z.array(decisionRelationSchema),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserReplySchema = z.object({ user: adminUserSchema });
export type AdminUserReply = z.infer<typeof adminUserReplySchema>;

export const unlockAccountReplySchema = z.object({
  message: z.literal('SUCCESS'),
  user: adminUserSchema,
});

export const deleteAccountReplySchema = z.object({
  message: z.literal('DELETED'),
  userId: z.number(),
});
