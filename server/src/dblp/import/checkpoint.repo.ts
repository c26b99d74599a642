// The import's checkpoint: one dblp_imports row per dump file (absolute path, size and
// modification time). Each batch updates it in the batch's own transaction, so after a crash
// the row says exactly what is in the database, and a new run carries on from there.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dblpImports } from '../../db/schema.ts';

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
