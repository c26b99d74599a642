// The full DBLP dump import (DESIGN.md section 7), in three phases that each commit their
// checkpoint with every batch, so a killed run resumes where it stopped and ends in the same
// database as one clean run:
//   1. records: publications, their authors (names and positions) and people, in batches;
//   2. people: authors resolved to people by name (DBLP puts person records last, so authors
//      can only be resolved once the whole file is read);
//   3. relations: one imported co-authorship relation per publication, with its parties.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { DblpWarning } from '../parse-error.ts';
import { parseDumpBatches } from '../parse-dump.ts';
import type { DumpRecord } from '../parse-dump.ts';
import {
  analyzeAuthorStaging,
  dropAuthorStaging,
  openAuthorStaging,
} from './author-staging.repo.ts';
import { findOrStartImport, savePhaseProgress, saveRecordsDone } from './checkpoint.repo.ts';
import type { DumpSource, ImportCheckpoint } from './checkpoint.repo.ts';
import {
  countImportedRelations,
  findLastPublicationId,
  resolveAuthors,
  upsertImportedRelations,
} from './import-links.repo.ts';
import type { IdRange } from './import-links.repo.ts';
import { applyCrossrefVenues, writeRecordBatch } from './import-records.repo.ts';
import { buildRecordBatch, findCrossrefLink } from './record-batch.ts';
import type { CrossrefLink } from './record-batch.ts';

export type ImportProgress =
  | { phase: 'records'; bytesRead: number; totalBytes: number; records: number }
  | { phase: 'people' | 'relations'; done: number; total: number };

export interface ImportDumpOptions {
  /** Records per transaction in phase 1. */
  batchSize?: number;
  /** Publication ids per transaction in phases 2 and 3. */
  rangeSize?: number;
  onProgress?: (progress: ImportProgress) => void;
  onWarning?: (warning: DblpWarning) => void;
  /** A phase starts ('records' also when it resumes after `resumedAt` records). */
  onPhase?: (phase: 'records' | 'people' | 'relations', resumedAt: number) => void;
}

export interface ImportSummary {
  /** This very file (path, size, modification time) was imported before: nothing was done. */
  wasAlreadyImported: boolean;
  finishedAt: Date | null;
  /** Records of the file already in the database from an interrupted run. */
  resumedAfterRecords: number;
  /** An earlier run read the whole file: the record counts below are not known to this one. */
  wasRecordsPhaseDone: boolean;
  publications: number;
  people: number;
  /** Person records that only point to another profile. */
  redirects: number;
  /** DBLP's own notes, `www` pages that are not people, records without a key. */
  skipped: number;
  warnings: number;
  authorsResolved: number;
  relationsCreated: number;
  /** Imported relations in the database at the end (all dumps and the crawler). */
  relationsTotal: number;
  seconds: { records: number; people: number; relations: number };
}

const defaultBatchSize = 5_000;
const defaultRangeSize = 20_000;

export async function importDump(
  db: Db,
  dumpPath: string,
  options: ImportDumpOptions = {},
): Promise<ImportSummary> {
  const source = await describeSource(dumpPath);
  const checkpoint = await findOrStartImport(db, source);
  const summary = emptySummary(checkpoint);
  if (checkpoint.phase === 'done') return { ...summary, wasAlreadyImported: true };
  // May send the checkpoint back to the start of phase 1 (staged rows lost to a crash).
  const staging =
    checkpoint.phase === 'records' || checkpoint.phase === 'people'
      ? await openAuthorStaging(db, checkpoint)
      : null;
  summary.resumedAfterRecords = checkpoint.phase === 'records' ? checkpoint.recordsDone : 0;

  let started = performance.now();
  if (checkpoint.phase === 'records') {
    await importRecords(db, source, checkpoint, summary, options, staging!);
    checkpoint.phase = 'people';
  } else {
    summary.wasRecordsPhaseDone = true;
  }
  summary.seconds.records = (performance.now() - started) / 1000;

  started = performance.now();
  if (checkpoint.phase === 'people') {
    await refreshStatistics(db, 'publication_authors', 'dblp_names', 'publications', 'users');
    await analyzeAuthorStaging(db, staging!);
    options.onPhase?.('people', checkpoint.peopleDone);
    summary.authorsResolved = await runByRange(db, checkpoint.peopleDone, options, {
      phase: 'people',
      step: (tx, range) => resolveAuthors(tx, range, staging!),
      save: (tx, to) => savePhaseProgress(tx, checkpoint.id, { peopleDone: to }),
      finish: async (tx) => {
        await dropAuthorStaging(tx, staging!);
        await savePhaseProgress(tx, checkpoint.id, { phase: 'relations' });
      },
    });
    checkpoint.phase = 'relations';
  }
  summary.seconds.people = (performance.now() - started) / 1000;

  started = performance.now();
  await refreshStatistics(db, 'publication_authors', 'relations', 'relation_parties');
  options.onPhase?.('relations', checkpoint.relationsDone);
  summary.relationsCreated = await runByRange(db, checkpoint.relationsDone, options, {
    phase: 'relations',
    step: upsertImportedRelations,
    save: (tx, to) => savePhaseProgress(tx, checkpoint.id, { relationsDone: to }),
    finish: (tx) => savePhaseProgress(tx, checkpoint.id, { phase: 'done' }),
  });
  summary.relationsTotal = await countImportedRelations(db);
  summary.seconds.relations = (performance.now() - started) / 1000;
  summary.finishedAt = new Date();
  return summary;
}

/**
 * Tables that grew by millions of rows since the planner last looked: without fresh statistics
 * it estimates a range of publications at a few rows and picks full scans for the joins.
 */
async function refreshStatistics(db: Db, ...tables: string[]) {
  await db.execute(sql.raw(`analyze ${tables.join(', ')}`));
}

async function describeSource(dumpPath: string): Promise<DumpSource> {
  const absolute = path.resolve(dumpPath);
  const stats = await stat(absolute);
  if (!stats.isFile()) throw new Error(`${dumpPath} is not a file`);
  return { path: absolute, size: stats.size, mtime: stats.mtime };
}

function emptySummary(checkpoint: ImportCheckpoint): ImportSummary {
  return {
    wasAlreadyImported: false,
    finishedAt: checkpoint.finishedAt,
    resumedAfterRecords: 0,
    wasRecordsPhaseDone: false,
    publications: 0,
    people: 0,
    redirects: 0,
    skipped: 0,
    warnings: 0,
    authorsResolved: 0,
    relationsCreated: 0,
    relationsTotal: 0,
    seconds: { records: 0, people: 0, relations: 0 },
  };
}

/**
 * Phase 1. Records the checkpoint already covers are read again (a .gz cannot be entered in
 * the middle) but not written; their crossrefs are still collected. While one batch is being
 * written, the next is parsed: on PostgreSQL the two run on different processors.
 */
async function importRecords(
  db: Db,
  source: DumpSource,
  checkpoint: ImportCheckpoint,
  summary: ImportSummary,
  options: ImportDumpOptions,
  staging: SQL,
) {
  const batchSize = options.batchSize ?? defaultBatchSize;
  options.onPhase?.('records', checkpoint.recordsDone);
  const crossrefLinks: CrossrefLink[] = [];
  let recordsRead = 0;
  let batch: DumpRecord[] = [];
  let writing: Promise<void> = Promise.resolve();
  const write = (records: DumpRecord[], recordsDone: number) => {
    const done = writing.then(() =>
      inTransaction(db, async (tx) => {
        await writeRecordBatch(tx, buildRecordBatch(records), staging);
        await saveRecordsDone(tx, checkpoint.id, recordsDone);
      }),
    );
    // Awaited before the next batch; until then a failure must not count as unhandled.
    done.catch(() => {});
    writing = done;
  };

  const parsing = readRecords(source, summary, options, (bytesRead) =>
    options.onProgress?.({
      phase: 'records',
      bytesRead,
      totalBytes: source.size,
      records: recordsRead,
    }),
  );
  try {
    for await (const records of parsing) {
      for (const record of records) {
        recordsRead += 1;
        const link = findCrossrefLink(record);
        if (link) crossrefLinks.push(link);
        if (recordsRead <= checkpoint.recordsDone) continue;
        batch.push(record);
        if (batch.length < batchSize) continue;
        await writing;
        write(batch, recordsRead);
        batch = [];
      }
    }
  } catch (error) {
    // What was read before the damage is committed batch by batch; keep the last good one.
    await writing.catch(() => {});
    throw error;
  }
  await writing;
  await inTransaction(db, async (tx) => {
    if (batch.length > 0) await writeRecordBatch(tx, buildRecordBatch(batch), staging);
    await applyCrossrefVenues(tx, crossrefLinks);
    await saveRecordsDone(tx, checkpoint.id, recordsRead);
    await savePhaseProgress(tx, checkpoint.id, { phase: 'people' });
  });
}

/** Reads the dump, counting what the summary reports, whatever happens to the records. */
async function* readRecords(
  source: DumpSource,
  summary: ImportSummary,
  options: ImportDumpOptions,
  onBytes: (bytesRead: number) => void,
): AsyncGenerator<DumpRecord[]> {
  const parsing = parseDumpBatches(source.path, {
    onProgress: onBytes,
    onSkip: () => (summary.skipped += 1),
    onWarning: (warning) => {
      summary.warnings += 1;
      if (warning.code !== 'unknown-entity') summary.skipped += 1;
      options.onWarning?.(warning);
    },
  });
  for await (const records of parsing) {
    for (const record of records) {
      if (record.kind !== 'person') summary.publications += 1;
      else if (record.names.length > 0) summary.people += 1;
      else summary.redirects += 1;
    }
    yield records;
  }
}

interface RangePhase {
  phase: 'people' | 'relations';
  step: (db: Db, range: IdRange) => Promise<number>;
  save: (db: Db, to: number) => Promise<void>;
  finish: (db: Db) => Promise<void>;
}

/** Phases 2 and 3: the publications after the checkpoint, one id range per transaction. */
async function runByRange(
  db: Db,
  doneUpTo: number,
  options: ImportDumpOptions,
  { phase, step, save, finish }: RangePhase,
): Promise<number> {
  const rangeSize = options.rangeSize ?? defaultRangeSize;
  const lastId = await findLastPublicationId(db);
  let total = 0;
  for (let from = doneUpTo + 1; from <= lastId; from += rangeSize) {
    const to = Math.min(from + rangeSize - 1, lastId);
    total += await inTransaction(db, async (tx) => {
      const count = await step(tx, { from, to });
      await save(tx, to);
      return count;
    });
    options.onProgress?.({ phase, done: to, total: lastId });
  }
  await inTransaction(db, finish);
  return total;
}

/**
 * One batch and its checkpoint, committed together. The commit does not wait for the disk:
 * losing the last batches to a power cut loses their checkpoint with them, and the next run
 * redoes them; a killed import loses nothing that was committed.
 */
function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    // A range's joins, groupings and `= any(array(…))` lists (tens of thousands of authors)
    // outgrow the default 4 MB and would spill to temporary files. Only this transaction's
    // statements get the larger allowance.
    await tx.execute(sql`set local work_mem = '128MB'`);
    return work(tx as unknown as Db);
  });
}
