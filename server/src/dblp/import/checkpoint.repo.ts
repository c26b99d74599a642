// The import's checkpoint: one dblp_imports row per dump file (absolute path, size and
// modification time). Each batch updates it in the batch's own transaction, so after a crash
// the row says exactly what is in the database, and a new run carries on from there.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dblpImports } from '../../db/schema.ts';
import { OutOfOrderCommit } from './ordered-writes.ts';
import type { BatchTurn } from './ordered-writes.ts';

export type ImportCheckpoint = typeof dblpImports.$inferSelect;
export type ImportPhase = ImportCheckpoint['phase'];

export interface DumpSource {
  path: string;
  size: number;
  mtime: Date;
}

export async function findOrStartImport(db: Db, source: DumpSource): Promise<ImportCheckpoint> {
  const sameSource = and(
    eq(dblpImports.sourcePath, source.path),
    eq(dblpImports.sourceSize, source.size),
    eq(dblpImports.sourceMtime, source.mtime),
  );
  await db
    .insert(dblpImports)
    .values({ sourcePath: source.path, sourceSize: source.size, sourceMtime: source.mtime })
    .onConflictDoNothing();
  const [row] = await db.select().from(dblpImports).where(sameSource);
  return row!;
}

export async function saveRecordsDone(db: Db, importId: number, recordsDone: number) {
  await db
    .update(dblpImports)
    .set({ recordsDone, updatedAt: sql`now()` })
    .where(eq(dblpImports.id, importId));
}

/**
 * Phase 1, a batch's first statement: its turn (see ordered-writes.ts), a lock held until it
 * commits or rolls back. The lock's two keys are the import and the batch.
 */
export async function takeBatchTurn(db: Db, importId: number, turn: BatchTurn) {
  await db.execute(sql`select pg_advisory_xact_lock(${importId}, ${turn.index})`);
}

/**
 * Phase 1, a batch's last statement: waits until the batch before has ended, then moves the
 * checkpoint from its end to this batch's; if that batch rolled back, the checkpoint is not
 * at `from` and this one must roll back too.
 */
export async function advanceRecordsDone(db: Db, importId: number, turn: BatchTurn) {
  if (turn.index > 0) {
    await db.execute(sql`select pg_advisory_xact_lock_shared(${importId}, ${turn.index - 1})`);
  }
  const moved = await db
    .update(dblpImports)
    .set({ recordsDone: turn.to, updatedAt: sql`now()` })
    .where(and(eq(dblpImports.id, importId), eq(dblpImports.recordsDone, turn.from)))
    .returning({ id: dblpImports.id });
  if (moved.length === 0) throw new OutOfOrderCommit(turn.from);
}

/** `people_done` and `relations_done` hold the last publication id the phase has covered. */
export async function savePhaseProgress(
  db: Db,
  importId: number,
  progress: { phase?: ImportPhase; peopleDone?: number; relationsDone?: number },
) {
  const isDone = progress.phase === 'done';
  await db
    .update(dblpImports)
    .set({ ...progress, updatedAt: sql`now()`, ...(isDone ? { finishedAt: sql`now()` } : {}) })
    .where(eq(dblpImports.id, importId));
}

/**
 * Moves phase 2's or 3's checkpoint up to publication id `to`, never back: ranges commit out of
 * order, and one that read an older state may commit after one that read a newer.
 */
export async function advanceRangeCheckpoint(
  db: Db,
  importId: number,
  phase: 'people' | 'relations',
  to: number,
) {
  const progress =
    phase === 'people'
      ? { peopleDone: sql`greatest(${dblpImports.peopleDone}, ${to})` }
      : { relationsDone: sql`greatest(${dblpImports.relationsDone}, ${to})` };
  await db
    .update(dblpImports)
    .set({ ...progress, updatedAt: sql`now()` })
    .where(eq(dblpImports.id, importId));
}
