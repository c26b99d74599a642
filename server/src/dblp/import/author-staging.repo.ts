// The authorships of a dump wait in a staging table between phase 1 and phase 2: DBLP puts
// person records at the end of the file, so while the records are read no author can be
// resolved yet. Inserting them into publication_authors unresolved and updating ~6 M rows in
// phase 2 wrote every row twice (the update touches user_id, which is indexed, so each one
// is a new row version with new index entries and a foreign-key check). Staged, each
// authorship is written to publication_authors once, already resolved.
//
// The table is UNLOGGED (no WAL: about half the cost of a write) and created by the import,
// one per dump file (named by its dblp_imports id), dropped when phase 2 ends. An unlogged
// table survives a killed import and a clean server restart, but a server crash empties it;
// a marker row (publication id 0) tells an emptied table from one that was never filled, and
// then the import reads the file again from the start instead of losing the authorships.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { ImportCheckpoint } from './checkpoint.repo.ts';
import { savePhaseProgress, saveRecordsDone } from './checkpoint.repo.ts';

const markerId = 0;

export function authorStagingTable(importId: number): SQL {
  return sql.raw(`dblp_import_authors_${Math.trunc(importId)}`);
}

/**
 * Creates the staging table if needed. When the checkpoint counts on staged rows that are
 * gone (a server crash emptied the table, or someone dropped it), the checkpoint goes back
 * to the start of phase 1: its upserts make reading the file again safe.
 */
export async function openAuthorStaging(db: Db, checkpoint: ImportCheckpoint): Promise<SQL> {
  const table = authorStagingTable(checkpoint.id);
  const index = sql.raw(`dblp_import_authors_${Math.trunc(checkpoint.id)}_publication_index`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create unlogged table if not exists ${table} (
        publication_id integer not null, position smallint not null, name text not null)`);
    // Phase 2 reads a range of publication ids per transaction, and a key repeated in the
    // file deletes its earlier rows. (BRIN was tried: pages written after it is created stay
    // unsummarized until a vacuum, so every range read the whole table.)
    await tx.execute(sql`create index if not exists ${index} on ${table} (publication_id)`);
    const [marker] = await queryRows<{ present: boolean }>(
      tx,
      sql`select exists (select 1 from ${table} where publication_id = ${markerId}) as present`,
    );
    if (marker?.present) return;
    const countsOnStaging =
      (checkpoint.phase === 'records' && checkpoint.recordsDone > 0) ||
      checkpoint.phase === 'people';
    if (countsOnStaging) {
      await saveRecordsDone(tx, checkpoint.id, 0);
      await savePhaseProgress(tx, checkpoint.id, { phase: 'records', peopleDone: 0 });
      checkpoint.phase = 'records';
      checkpoint.recordsDone = 0;
      checkpoint.peopleDone = 0;
    }
    await tx.execute(
      sql`insert into ${table} (publication_id, position, name) values (${markerId}, 0, '')`,
    );
  });
  return table;
}

/** Before phase 2: the planner must know the table holds millions of rows, not none. */
export async function analyzeAuthorStaging(db: Db, table: SQL) {
  await db.execute(sql`analyze ${table}`);
}

export async function dropAuthorStaging(db: Db, table: SQL) {
  await db.execute(sql`drop table if exists ${table}`);
}
