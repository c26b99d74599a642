// Queries for merging one person's records into another's. Each column that references
// users.id is listed once, with what a merge does to it; a test compares this list with the
// database's foreign keys, so a new table that names users cannot be forgotten here.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { User } from '../../db/schema.ts';

export interface UserReference {
  table: string;
  column: string;
  /**
   * `move`: the rows now belong to the account. `delete`: the rows are the merged person's
   * own secrets or state and never pass to someone else.
   */
  onMerge: 'move' | 'delete';
  /**
   * When an administrator deletes the account (modules/admin-users): `keep` the rows, which
   * then name '(Deleted user)' (others' relations, comments, the audit trail), or `delete`
   * them, being the person's own data (affiliations, notifications, sessions, claims).
   */
  onAccountDelete: 'keep' | 'delete';
}

export const userReferences: readonly UserReference[] = [
  { table: 'affiliations', column: 'user_id', onMerge: 'move', onAccountDelete: 'delete' },
  { table: 'notifications', column: 'user_id', onMerge: 'move', onAccountDelete: 'delete' },
  { table: 'institutions', column: 'created_by_user_id', onMerge: 'move', onAccountDelete: 'keep' },
  { table: 'contact_messages', column: 'user_id', onMerge: 'move', onAccountDelete: 'delete' },
  // Who closed a request in the requests inbox (an administrator): kept, as the audit trail is.
  {
    table: 'contact_messages',
    column: 'closed_by_user_id',
    onMerge: 'move',
    onAccountDelete: 'keep',
  },
  { table: 'audit_log', column: 'actor_user_id', onMerge: 'move', onAccountDelete: 'keep' },
  { table: 'tokens', column: 'user_id', onMerge: 'delete', onAccountDelete: 'delete' },
  // Self-relations between the two records are removed before these move (mergeDblpPerson).
  { table: 'relations', column: 'creator_user_id', onMerge: 'move', onAccountDelete: 'keep' },
  { table: 'relation_parties', column: 'user_id', onMerge: 'move', onAccountDelete: 'keep' },
  { table: 'relation_comments', column: 'user_id', onMerge: 'move', onAccountDelete: 'keep' },
  {
    table: 'relation_comments',
    column: 'closed_by_user_id',
    onMerge: 'move',
    onAccountDelete: 'keep',
  },
  { table: 'publication_authors', column: 'user_id', onMerge: 'move', onAccountDelete: 'keep' },
  // The person's DBLP names now find the account; its crawl state goes, since linking queues
  // a fresh crawl (and the account may already have a row of its own).
  { table: 'dblp_names', column: 'user_id', onMerge: 'move', onAccountDelete: 'delete' },
  { table: 'dblp_people', column: 'user_id', onMerge: 'delete', onAccountDelete: 'delete' },
  { table: 'conferences', column: 'created_by_user_id', onMerge: 'move', onAccountDelete: 'keep' },
  { table: 'conference_chairs', column: 'user_id', onMerge: 'move', onAccountDelete: 'delete' },
  // Only registered accounts claim, and only DBLP-only people are merged: nothing moves in
  // practice, but a merged person's part in a claim's history would follow them.
  { table: 'dblp_claims', column: 'user_id', onMerge: 'move', onAccountDelete: 'delete' },
  { table: 'dblp_claims', column: 'disputed_by_user_id', onMerge: 'move', onAccountDelete: 'keep' },
  { table: 'dblp_claims', column: 'decided_by_user_id', onMerge: 'move', onAccountDelete: 'keep' },
  // A chair's conflict decisions, saved matrix versions and audit runs are the conference's
  // record: they follow a merge and stay, naming '(Deleted user)', when the chair is deleted.
  { table: 'conflict_decisions', column: 'decided_by', onMerge: 'move', onAccountDelete: 'keep' },
  { table: 'matrix_versions', column: 'created_by', onMerge: 'move', onAccountDelete: 'keep' },
  { table: 'conflict_audit_runs', column: 'created_by', onMerge: 'move', onAccountDelete: 'keep' },
  {
    table: 'committee_invitations',
    column: 'invited_by_user_id',
    onMerge: 'move',
    onAccountDelete: 'keep',
  },
  // A chair's pick names a person for a row of a conference's files: it follows a merge and goes
  // with the account (the row asks the chair again); who picked stays, as decisions do.
  { table: 'match_picks', column: 'user_id', onMerge: 'move', onAccountDelete: 'delete' },
  { table: 'match_picks', column: 'picked_by', onMerge: 'move', onAccountDelete: 'keep' },
];

/** Locks both users' rows (in id order, so two merges cannot deadlock) and returns them. */
export async function lockUsers(db: Db, ids: readonly number[]): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(users.id)
    .for('update');
}

/** Applies one reference's merge rule; answers how many rows it touched. */
export async function mergeReference(
  db: Db,
  reference: UserReference,
  fromUserId: number,
  intoUserId: number,
): Promise<number> {
  const table = sql.identifier(reference.table);
  const column = sql.identifier(reference.column);
  const rows = await queryRows<{ n: number }>(
    db,
    reference.onMerge === 'move'
      ? sql`with moved as (update ${table} set ${column} = ${intoUserId}
                            where ${column} = ${fromUserId} returning 1)
            select count(*)::int as n from moved`
      : sql`with removed as (delete from ${table} where ${column} = ${fromUserId} returning 1)
            select count(*)::int as n from removed`,
  );
  return rows[0]?.n ?? 0;
}

/** Removes the rows an account deletion does not keep (userReferences' `onAccountDelete`). */
export async function deleteAccountRows(db: Db, userId: number): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const reference of userReferences) {
    if (reference.onAccountDelete !== 'delete') continue;
    const rows = await queryRows<{ n: number }>(
      db,
      sql`with removed as (delete from ${sql.identifier(reference.table)}
                            where ${sql.identifier(reference.column)} = ${userId} returning 1)
          select count(*)::int as n from removed`,
    );
    removed[`${reference.table}.${reference.column}`] = rows[0]?.n ?? 0;
  }
  return removed;
}

/**
 * The account becomes a `deleted` person: no name, addresses, DBLP identity, password or
 * role, so it reads '(Deleted user)' wherever others' records still name it.
 */
export async function eraseAccount(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({
      kind: 'deleted',
      role: 'user',
      firstName: '',
      lastName: '',
      otherName1: '',
      otherName2: '',
      email: null,
      secondaryEmail: null,
      pendingEmail: null,
      pendingSecondaryEmail: null,
      dblpPid: null,
      dblpName: null,
      passwordHash: null,
      isEmailConfirmed: false,
      isOptedIn: false,
      failedLoginCount: 0,
      lockedUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

export async function deleteUser(db: Db, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

export async function findUserByDblpPid(db: Db, pid: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.dblpPid, pid));
  return user;
}

export async function setDblpIdentity(
  db: Db,
  userId: number,
  identity: { dblpPid: string | null; dblpName?: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({ ...identity, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Every column in the database with a foreign key to users.id, as `table.column`. */
export async function listColumnsReferencingUsers(db: Db): Promise<string[]> {
  const rows = await queryRows<{ reference: string }>(
    db,
    sql`select c.conrelid::regclass::text || '.' || a.attname as reference
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
         where c.contype = 'f' and c.confrelid = 'users'::regclass
         order by 1`,
  );
  return rows.map((row) => row.reference);
}

/** The other people whose primary or secondary address is this one (lower case). */
export async function findAddressHolders(
  db: Db,
  address: string,
  exceptUserId: number,
): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        ne(users.id, exceptUserId),
        sql`(lower(${users.email}) = ${address} or lower(${users.secondaryEmail}) = ${address})`,
      ),
    )
    .orderBy(users.id);
}

/**
 * An account whose sign-up was never confirmed gives up the address it holds: the address
 * moves to its pending address, so it no longer identifies the account but its confirmation
 * link still works (while nobody else has proven the address first).
 */
export async function releaseUnconfirmedAddress(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ pendingEmail: sql`${users.email}`, email: null, updatedAt: new Date() })
    .where(
      and(eq(users.id, userId), eq(users.kind, 'registered'), eq(users.isEmailConfirmed, false)),
    );
}

export async function setAddresses(
  db: Db,
  userId: number,
  changes: Partial<
    Pick<
      User,
      'email' | 'secondaryEmail' | 'pendingEmail' | 'pendingSecondaryEmail' | 'isEmailConfirmed'
    >
  >,
): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
