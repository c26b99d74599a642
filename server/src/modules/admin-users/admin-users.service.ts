// Accounts in the administration (docs/product.md, "Accounts"), in plain words:
// - only registered accounts are opened here (invited, DBLP-only and deleted people answer
//   404 with a sentence), by administrators only;
// - unlocking clears the failed sign-ins and the lock; an account that is not locked answers
//   409 and nothing changes;
// - deleting removes the person's own data (affiliations, notifications, sessions, claims,
//   DBLP names, chair seats, contact messages, mails not yet sent, their name and addresses in
//   the source of the relations they created) and keeps the row as a
//   `deleted` person without name or address, so others' relations, comments and the audit
//   trail read '(Deleted user)'; an administrator's own account, or another administrator's
//   (revoke the role first), is refused;
// - every change is one transaction on the locked account row, and audited without personal
//   data.
import type { AdminUser } from '@recuse/common';
import { dblpUrlForPid, messages, userAdminMessages } from '@recuse/common';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { deleteAccountRecords } from '../accounts/accounts.service.ts';
import { listRelationsOfPerson } from '../relations/relation-decisions.service.ts';
import { displayName } from '../relations/relation-wire.ts';
import {
  clearLockout,
  dropPendingMailsTo,
  findAccount,
  listAffiliationsOf,
  scrubRelationSources,
  sessionsOf,
} from './admin-users.repo.ts';
import type { User } from '../../db/schema.ts';
import type { SessionUser } from '../../http/authenticate.ts';

const accountGone = () => new HttpError(404, { message: userAdminMessages.accountGone });

const isLocked = (user: User) => user.lockedUntil !== null && user.lockedUntil > new Date();

async function describeAccount(db: Db, session: SessionUser, user: User): Promise<AdminUser> {
  const [affiliations, sessions, relations] = [
    await listAffiliationsOf(db, user.id),
    await sessionsOf(db, user.id),
    await listRelationsOfPerson(db, session, user.id),
  ];
  return {
    id: user.id,
    name: displayName(user),
    firstName: user.firstName,
    lastName: user.lastName,
    otherNames: [user.otherName1, user.otherName2].filter(Boolean),
    email: user.email ?? '',
    secondaryEmail: user.secondaryEmail ?? '',
    pendingEmail: user.pendingEmail ?? '',
    isEmailConfirmed: user.isEmailConfirmed,
    dblpUrl: user.dblpPid ? dblpUrlForPid(user.dblpPid) : '',
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    signIn: {
      isLocked: isLocked(user),
      lockedUntil: isLocked(user) ? user.lockedUntil!.toISOString() : null,
      failedLoginCount: user.failedLoginCount,
      activeSessions: sessions.activeSessions,
      lastActiveAt: sessions.lastActiveAt?.toISOString() ?? null,
    },
    affiliations: affiliations.map((row) => ({
      id: row.id,
      institution: row.institution,
      position: row.position ?? '',
      startDate: row.startDate ?? '',
      endDate: row.endDate ?? '',
      isCurrent: row.isCurrent,
    })),
    relations,
  };
}

/** GET /v1/web/admin/users/{userId} */
export async function getAccount(context: AppContext, session: SessionUser, userId: number) {
  const user = await findAccount(context.db, userId);
  if (!user) throw accountGone();
  return { user: await describeAccount(context.db, session, user) };
}

/** POST /v1/web/admin/users/unlock */
export async function unlockAccount(context: AppContext, session: SessionUser, userId: number) {
  return context.db.transaction(async (tx) => {
    const user = await findAccount(tx, userId, true);
    if (!user) throw accountGone();
    if (!isLocked(user) && user.failedLoginCount === 0) {
      throw new HttpError(409, { message: userAdminMessages.notLocked });
    }
    await clearLockout(tx, user.id);
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'user.unlock',
      entity: 'user',
      entityId: user.id,
      before: { failedLoginCount: user.failedLoginCount, lockedUntil: user.lockedUntil },
      after: { failedLoginCount: 0, lockedUntil: null },
    });
    const unlocked = (await findAccount(tx, user.id))!;
    return { message: 'SUCCESS' as const, user: await describeAccount(tx, session, unlocked) };
  });
}

/** POST /v1/web/admin/users/delete */
export async function deleteAccount(
  context: AppContext,
  session: SessionUser,
  userId: number,
  reason: string,
) {
  return context.db.transaction(async (tx) => {
    const user = await findAccount(tx, userId, true);
    if (!user) throw accountGone();
    if (user.id === session.user.id) {
      throw new HttpError(409, { message: userAdminMessages.ownAccount });
    }
    if (user.role === 'admin') {
      throw new HttpError(409, { message: userAdminMessages.administrator });
    }
    await dropPendingMailsTo(
      tx,
      [user.email, user.secondaryEmail, user.pendingEmail, user.pendingSecondaryEmail].filter(
        (address): address is string => Boolean(address),
      ),
    );
    const fullName = `${user.firstName} ${user.lastName}`.trim();
    await scrubRelationSources(
      tx,
      user.id,
      [user.email, user.secondaryEmail, fullName, user.dblpName].filter((text): text is string =>
        Boolean(text),
      ),
      messages.deletedUser,
    );
    const removed = await deleteAccountRecords(tx, user.id);
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'user.delete',
      entity: 'user',
      entityId: user.id,
      before: { kind: user.kind, role: user.role },
      after: { kind: 'deleted', reason, removed },
    });
    return { message: 'DELETED' as const, userId: user.id };
  });
}
