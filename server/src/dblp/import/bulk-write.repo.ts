// The dump import's write transactions. Each one commits without waiting for the disk and
// gets a larger work_mem; when the database role may, it also pauses foreign-key checks.
//
// Why pause them: every row the import writes references rows it has just read in the same
// statement (an author's person comes from dblp_names, a party from publication_authors), so
// the checks can never fail, yet they were the largest single cost of the later phases (about
// 40 % of a phase-2 range: one index probe and one row lock per reference, and the lock dirties
// the referenced page). `session_replication_role = replica` skips them for this transaction
// only, as pg_restore's --disable-triggers does; it needs a superuser (or, on PostgreSQL 15+, a
// role granted SET on the parameter). Without that right the import runs with the checks on.
//
// The one way a reference could break while the checks are off: a merge deleting a person the
// import is linking to at that moment. Merges therefore take `excludeDumpImports`, the
// exclusive side of a lock every unchecked import transaction holds shared: a merge waits for
// the batch in flight, and the next batch waits for the merge and then sees its result.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { databaseErrorCode } from '../../db/errors.ts';

/** 'RCDI': Recuse DBLP import. */
const dumpImportLockKey = 0x52_43_44_49;
const insufficientPrivilege = '42501';

export interface WriteSession {
  /** Foreign-key checks are off in the import's transactions (see the header). */
  skipsForeignKeyChecks: boolean;
}

/** Whether this role may turn foreign-key checks off, tried in a transaction that rolls back. */
export async function openWriteSession(db: Db): Promise<WriteSession> {
  const rollBack = new Error('the probe rolls back');
  const setting = db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    throw rollBack;
  });
  const error: unknown = await setting.catch((reason: unknown) => reason);
  if (error === rollBack) return { skipsForeignKeyChecks: true };
  if (databaseErrorCode(error) === insufficientPrivilege) {
    return { skipsForeignKeyChecks: false };
  }
  throw error;
}

/**
 * One batch or range and its checkpoint, committed together. The commit does not wait for the
 * disk: losing the last batches to a power cut loses their checkpoint with them, and the next
 * run redoes them; a killed import loses nothing that was committed.
 */
export function inWriteTransaction<T>(
  db: Db,
  session: WriteSession,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // A range's joins, groupings and `= any(array(…))` lists (tens of thousands of authors)
    // outgrow the default 4 MB and would spill to temporary files. Only this transaction's
    // statements get the larger allowance. One statement for all: each is a round trip.
    await tx.execute(sql`
      select set_config('synchronous_commit', 'off', true), set_config('work_mem', '128MB', true)
      ${session.skipsForeignKeyChecks ? pauseForeignKeyChecks : sql``}`);
    return work(tx as unknown as Db);
  });
}

const pauseForeignKeyChecks = sql`,
  pg_advisory_xact_lock_shared(${dumpImportLockKey}),
  set_config('session_replication_role', 'replica', true)`;

/**
 * For a transaction about to delete people (a merge): waits for the import transaction in
 * flight and keeps new ones out until it ends.
 */
export async function excludeDumpImports(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(${dumpImportLockKey})`);
}
