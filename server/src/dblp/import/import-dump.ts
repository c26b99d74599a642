// The full DBLP dump import (docs/dblp.md, "The dump import"), in three phases that each commit
// their checkpoint with every batch, so a killed run resumes where it stopped and ends in the same
// database as one clean run:
//   1. records: publications, their authors (names and positions) and people, in batches;
//   2. people: authors resolved to people by name (DBLP puts person records last, so authors
//      can only be resolved once the whole file is read);
//   3. relations: one imported co-authorship relation per publication, with its parties.
// On PostgreSQL several transactions run at once (`workers`), and when the role may, they skip
// the foreign-key checks (bulk-write.repo.ts): see "DBLP import" in docs/benchmarks.md.
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { DblpWarning } from '../parse-error.ts';
import { syncImportedRelations } from '../imported-relations.repo.ts';
import { parseDumpBatches } from '../parse-dump.ts';
import type { DumpRecord } from '../parse-dump.ts';
import {
  analyzeAuthorStaging,
  dropAuthorStaging,
  openAuthorStaging,
} from './author-staging.repo.ts';
import { inWriteTransaction, openWriteSession } from './bulk-write.repo.ts';
import type { WriteSession } from './bulk-write.repo.ts';
import {
  advanceRangeCheckpoint,
  advanceRecordsDone,
  findOrStartImport,
  savePhaseProgress,
  saveRecordsDone,
  takeBatchTurn,
} from './checkpoint.repo.ts';
import type { DumpSource, ImportCheckpoint } from './checkpoint.repo.ts';
import {
  countImportedRelations,
  findLastPublicationId,
  resolveAuthors,
} from './import-links.repo.ts';
import type { IdRange } from './import-links.repo.ts';
import { applyCrossrefVenues, writeRecordBatch } from './import-records.repo.ts';
import { OrderedWrites } from './ordered-writes.ts';
import { buildRecordBatch, findCrossrefLink } from './record-batch.ts';
import type { CrossrefLink, RecordBatch } from './record-batch.ts';

export type ImportProgress =
  | { phase: 'records'; bytesRead: number; totalBytes: number; records: number }
  | { phase: 'people' | 'relations'; done: number; total: number };

export interface ImportDumpOptions {
  /** Records per transaction in phase 1. */
  batchSize?: number;
  /** Publication ids per transaction in phases 2 and 3. */
  rangeSize?: number;
  /**
   * Transactions at a time (default 1): batches in flight in phase 1, ranges in phases 2 and
   * 3. More than one needs a connection pool: PostgreSQL, not PGlite.
   */
  workers?: number;
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
  /** The role could turn foreign-key checks off for the import's writes (bulk-write.repo.ts). */
  skippedForeignKeyChecks: boolean;
  authorsResolved: number;
  relationsCreated: number;
  /** Imported relations in the database at the end (all dumps and the crawler). */
  relationsTotal: number;
  seconds: { records: number; people: number; relations: number };
}

/**
 * `workers` for PostgreSQL, as the command line sets it: one transaction per processor (each
 * keeps one backend busy), at most 4. PGlite has one connection: 1.
 */
export const defaultPostgresWorkers = Math.min(4, availableParallelism());

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
  const session = await openWriteSession(db);
  summary.skippedForeignKeyChecks = session.skipsForeignKeyChecks;

  let started = performance.now();
  if (checkpoint.phase === 'records') {
    await importRecords(db, session, source, checkpoint, summary, options, staging!);
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
    summary.authorsResolved = await runByRange(db, session, checkpoint, options, {
      phase: 'people',
      step: (tx, range) => resolveAuthors(tx, range, staging!),
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
  summary.relationsCreated = await runByRange(db, session, checkpoint, options, {
    phase: 'relations',
    step: async (tx, range) => (await syncImportedRelations(tx, range)).created,
    finish: (tx) => savePhaseProgress(tx, checkpoint.id, { phase: 'done' }),
  });
  // The relations and their parties grew by millions since the analyze above: without fresh
  // statistics every reader (a conflict list, a chair's matrix) plans on the old ones until
  // autovacuum comes by, if it is on (the chair's matrix on a fixture of six members took 1.4 s
  // instead of 40 ms; docs/benchmarks.md, "The chair's committee × submissions matrix").
  await refreshStatistics(db, 'relations', 'relation_parties');
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
    skippedForeignKeyChecks: false,
    authorsResolved: 0,
    relationsCreated: 0,
    relationsTotal: 0,
    seconds: { records: 0, people: 0, relations: 0 },
  };
}

/**
 * Phase 1. Records the checkpoint already covers are read again (a .gz cannot be entered in
 * the middle) but not written; their crossrefs are still collected. While `workers` batches
 * are being written (each by its own PostgreSQL backend), the next is parsed; they commit in
 * file order (ordered-writes.ts).
 */
async function importRecords(
  db: Db,
  session: WriteSession,
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
  const writes = new OrderedWrites<RecordBatch>(
    options.workers ?? 1,
    checkpoint.recordsDone,
    (rows, turn) =>
      inWriteTransaction(db, session, async (tx) => {
        await takeBatchTurn(tx, checkpoint.id, turn);
        turn.hasStarted();
        await writeRecordBatch(tx, rows, staging);
        await advanceRecordsDone(tx, checkpoint.id, turn);
      }),
  );

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
        // Built while the batches before are being written: in its transaction PostgreSQL
        // would wait for it.
        await writes.add(buildRecordBatch(batch), recordsRead);
        batch = [];
      }
    }
    if (batch.length > 0) await writes.add(buildRecordBatch(batch), recordsRead);
    await writes.finish();
  } catch (error) {
    // What was read before the damage is committed batch by batch; keep the last good one.
    await writes.abandon();
    throw error;
  }
  await inWriteTransaction(db, session, async (tx) => {
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
  finish: (db: Db) => Promise<void>;
}

/**
 * Phases 2 and 3: the publications after the checkpoint, one id range per transaction, with
 * `workers` transactions at a time (ranges are disjoint, so they never wait for each other).
 * Ranges commit out of order; the checkpoint is the end of the longest run of committed ranges
 * from the start, so a resumed run redoes at most the ranges that were in flight.
 */
async function runByRange(
  db: Db,
  session: WriteSession,
  checkpoint: ImportCheckpoint,
  options: ImportDumpOptions,
  { phase, step, finish }: RangePhase,
): Promise<number> {
  const rangeSize = options.rangeSize ?? defaultRangeSize;
  const doneUpTo = phase === 'people' ? checkpoint.peopleDone : checkpoint.relationsDone;
  const lastId = await findLastPublicationId(db);
  const ranges: IdRange[] = [];
  for (let from = doneUpTo + 1; from <= lastId; from += rangeSize) {
    ranges.push({ from, to: Math.min(from + rangeSize - 1, lastId) });
  }
  const committed = ranges.map(() => false);
  /** The checkpoint once range `index` commits too. */
  const checkpointWith = (index: number) => {
    let covered = 0;
    while (covered < ranges.length && (committed[covered] || covered === index)) covered += 1;
    return covered === 0 ? doneUpTo : ranges[covered - 1]!.to;
  };
  let next = 0;
  let idsDone = doneUpTo;
  let total = 0;
  let failure: { error: unknown } | undefined;
  const work = async () => {
    while (next < ranges.length && !failure) {
      const index = next++;
      const range = ranges[index]!;
      try {
        const count = await inWriteTransaction(db, session, async (tx) => {
          const stepCount = await step(tx, range);
          await advanceRangeCheckpoint(tx, checkpoint.id, phase, checkpointWith(index));
          return stepCount;
        });
        total += count;
      } catch (error) {
        failure ??= { error };
        return;
      }
      committed[index] = true;
      idsDone += range.to - range.from + 1;
      options.onProgress?.({ phase, done: idsDone, total: lastId });
    }
  };
  const workers = Math.max(1, Math.min(options.workers ?? 1, ranges.length));
  await Promise.all(Array.from({ length: workers }, work));
  if (failure) throw failure.error;
  await inWriteTransaction(db, session, finish);
  return total;
}
