// One person, one record: merging a DBLP-only person (imported from DBLP before they signed
// up) into the account that claims their DBLP profile. Every later table that names users
// extends the merge here (accounts.repo's userReferences), so the rule lives in one place.
import { messages } from '@recuse/common';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import { excludeDumpImports } from '../../dblp/import/bulk-write.repo.ts';
import { HttpError } from '../../http/errors.ts';
import { removeRelationsBetween } from '../relations/relations-merge.service.ts';
import {
  deleteAccountRows,
  deleteUser,
  eraseAccount,
  findUserByDblpPid,
  lockUsers,
  mergeReference,
  setDblpIdentity,
  userReferences,
} from './accounts.repo.ts';

export type { User };

/** Who holds a DBLP pid today: an account, an invited or deleted person, or a DBLP-only one. */
export function findDblpPidHolder(db: Db, pid: string): Promise<User | undefined> {
  return findUserByDblpPid(db, pid);
}

/**
 * The account's row, locked until the caller's transaction ends: the lock a profile save
 * takes, so a decision about the account (a DBLP claim) waits for it and is not overwritten.
 */
export async function lockAccount(db: Db, userId: number): Promise<User | undefined> {
  const [user] = await lockUsers(db, [userId]);
  return user;
}

/**
 * The account now holds a DBLP pid, with the name DBLP gives it (null until crawled), in the
 * caller's transaction: a confirmed claim (docs/dblp.md, "Claims").
 */
export function assignDblpIdentity(
  db: Db,
  userId: number,
  identity: { dblpPid: string; dblpName: string | null },
): Promise<void> {
  return setDblpIdentity(db, userId, identity);
}

/**
 * The moves both merges share: relations between the two records go first (they would
 * become relations of the person with themselves), everything else that names `from` moves
 * to `into` (userReferences), and the `from` row is deleted. Answers what moved, per column.
 */
async function moveRecords(
  db: Db,
  ids: { fromUserId: number; intoUserId: number },
): Promise<Record<string, number>> {
  const moved: Record<string, number> = await removeRelationsBetween(db, ids);
  for (const reference of userReferences) {
    moved[`${reference.table}.${reference.column}`] = await mergeReference(
      db,
      reference,
      ids.fromUserId,
      ids.intoUserId,
    );
  }
  await deleteUser(db, ids.fromUserId);
  return moved;
}

/**
 * Merges the DBLP-only person `fromUserId` into the account `intoUserId`, inside the caller's
 * transaction, in plain words:
 * - Both rows are locked first; the merge happens only while `from` is still a DBLP-only
 *   person and `into` a registered account, so two people claiming the same DBLP person at
 *   once cannot both get it: the later one is refused (409).
 * - Relations between the two records would become relations of the person with themselves:
 *   they are removed first (relations-merge.service's removeRelationsBetween: person relations
 *   between the two deleted, one side of a shared publication dropped), so they never turn
 *   into self-conflicts.
 * - Everything else that names `from` moves to `into` (affiliations, notifications,
 *   proposed institutions, …: see userReferences); `from`'s tokens are deleted.
 * - The `from` row is then deleted, and `into` takes its DBLP pid and DBLP name. Its own
 *   names and e-mails stay as they are: linking only updates the DBLP URL.
 */
export async function mergeDblpPerson(
  db: Db,
  ids: { fromUserId: number; intoUserId: number },
): Promise<{ pid: string; moved: Record<string, number> }> {
  const { fromUserId, intoUserId } = ids;
  // A dump import may be linking authors to `from` with foreign-key checks off.
  await excludeDumpImports(db);
  const locked = await lockUsers(db, [fromUserId, intoUserId]);
  const from = locked.find((user) => user.id === fromUserId);
  const into = locked.find((user) => user.id === intoUserId);
  if (!from || from.kind !== 'dblp_only' || !from.dblpPid || into?.kind !== 'registered') {
    throw new HttpError(409, {
      message: messages.linkError,
      errors: { DBLPUrl: [messages.dblpTaken] },
    });
  }

  const moved = await moveRecords(db, ids);
  await setDblpIdentity(db, intoUserId, { dblpPid: from.dblpPid, dblpName: from.dblpName });
  await recordAudit(db, {
    actorUserId: intoUserId,
    action: 'user.merge-dblp-person',
    entity: 'user',
    entityId: intoUserId,
    before: {
      fromUserId,
      dblpPid: from.dblpPid,
      dblpName: from.dblpName,
      name: `${from.firstName} ${from.lastName}`.trim(),
      accountDblpPid: into.dblpPid,
    },
    after: { dblpPid: from.dblpPid, moved },
  });
  return { pid: from.dblpPid, moved };
}

/**
 * Merges an invited person (named by e-mail on relations, no account) into the account that
 * has just proven that address (a confirmed sign-up or address change), inside the caller's
 * transaction: the same moves as mergeDblpPerson (moveRecords), which delete the invited row.
 * Answers false, changing nothing, when `from` is no longer an invited person or `into` no
 * account.
 */
export async function mergeInvitedPerson(
  db: Db,
  ids: { fromUserId: number; intoUserId: number },
): Promise<boolean> {
  const { fromUserId, intoUserId } = ids;
  const locked = await lockUsers(db, [fromUserId, intoUserId]);
  const from = locked.find((user) => user.id === fromUserId);
  const into = locked.find((user) => user.id === intoUserId);
  if (from?.kind !== 'invited' || into?.kind !== 'registered') return false;
  const moved = await moveRecords(db, ids);
  await recordAudit(db, {
    actorUserId: intoUserId,
    action: 'user.merge-invited-person',
    entity: 'user',
    entityId: intoUserId,
    before: { fromUserId, email: from.email },
    after: { moved },
  });
  return true;
}

/**
 * An account deleted by an administrator (modules/admin-users): the rows that are the person's
 * own go (userReferences' `onAccountDelete`), and the user row stays as a `deleted` person with
 * no personal data, so others' relations and comments name '(Deleted user)'. Answers how many
 * rows went, per column.
 */
export async function deleteAccountRecords(db: Db, userId: number) {
  const removed = await deleteAccountRows(db, userId);
  await eraseAccount(db, userId);
  return removed;
}
