// Roles (docs/product.md, "Roles and permissions"): administrators find accounts and grant or
// revoke the administrator role; the command line (npm run user:admin) makes the first one.
// Every change is one transaction that locks the administrators' rows first, so changes queue
// up, and is written to the audit log.
import type { AccountRole, RoleAccount } from '@recuse/common';
import { roleMessages } from '@recuse/common';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { displayName } from '../relations/relation-wire.ts';
import {
  findAccountByEmail,
  listAdministrators,
  lockAccount,
  lockAdministrators,
  searchAccounts,
  setRole,
} from './roles.repo.ts';

export const accountSearchLimit = 20;

function toRoleAccount(user: User): RoleAccount {
  return { id: user.id, name: displayName(user), email: user.email ?? '', role: user.role };
}

export async function listAdministratorAccounts(context: AppContext) {
  return { administrators: (await listAdministrators(context.db)).map(toRoleAccount) };
}

export async function findAccounts(context: AppContext, text: string) {
  const found = await searchAccounts(context.db, text, accountSearchLimit);
  return { accounts: found.map(toRoleAccount) };
}

async function changeRole(db: Db, actorUserId: number | null, account: User, role: AccountRole) {
  if (account.role === role) return account;
  const changed = await setRole(db, account.id, role);
  await recordAudit(db, {
    actorUserId,
    action: role === 'admin' ? 'user.grant-admin' : 'user.revoke-admin',
    entity: 'user',
    entityId: account.id,
    before: { role: account.role },
    after: { role },
  });
  return changed;
}

/**
 * An administrator changes an account's role, in plain words: only registered accounts have
 * roles (anyone else is 404); granting or revoking what the account already has changes
 * nothing; the last administrator cannot give the role up. The caller must still be an
 * administrator once the administrators' rows are locked (another may have just revoked them).
 */
export async function setAccountRole(
  context: AppContext,
  actorUserId: number,
  userId: number,
  role: AccountRole,
): Promise<RoleAccount> {
  return context.db.transaction(async (tx) => {
    const administrators = await lockAdministrators(tx);
    if (!administrators.includes(actorUserId)) {
      throw new HttpError(403, { message: roleMessages.onlyAdministrators });
    }
    const account = await lockAccount(tx, userId);
    if (!account) throw notFound();
    if (role === 'user' && account.role === 'admin' && administrators.length === 1) {
      throw new HttpError(409, { message: roleMessages.lastAdministrator });
    }
    return toRoleAccount(await changeRole(tx, actorUserId, account, role));
  });
}

export type GrantOutcome =
  | { status: 'granted' | 'already'; account: RoleAccount }
  | { status: 'no-account' }
  | { status: 'unconfirmed' };

/**
 * The command line's grant (npm run user:admin -- EMAIL): the registered account with this
 * primary address becomes an administrator, once its owner has proven the address (opened the
 * confirmation link); running it again changes nothing.
 */
export async function grantAdministratorByEmail(db: Db, email: string): Promise<GrantOutcome> {
  return db.transaction(async (tx) => {
    await lockAdministrators(tx);
    const found = await findAccountByEmail(tx, email.trim());
    const account = found && (await lockAccount(tx, found.id));
    if (!account) return { status: 'no-account' };
    if (!account.isEmailConfirmed) return { status: 'unconfirmed' };
    if (account.role === 'admin') return { status: 'already', account: toRoleAccount(account) };
    return {
      status: 'granted',
      account: toRoleAccount(await changeRole(tx, null, account, 'admin')),
    };
  });
}
