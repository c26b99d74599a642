// The history of import runs (docs/dblp.md, "The dump import"): the command records each run
// in dblp_import_runs, its progress every few seconds and its summary or failure at the end, so
// administrators follow it on their DBLP page (modules/dblp-admin). The checkpoint that makes a
// run resumable stays in dblp_imports (checkpoint.repo.ts); this is only what people read.
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dblpImportRuns, dblpImports } from '../../db/schema.ts';
import { importDump } from './import-dump.ts';
import { heartbeatEveryMs } from './run-liveness.ts';
import type { ImportDumpOptions, ImportProgress, ImportSummary } from './import-dump.ts';

/** How often progress reaches the database at most: the page polls, nobody needs more. */
const progressEveryMs = 2_000;

type RunColumns = typeof dblpImportRuns.$inferInsert;
type RunUpdate = { [Column in keyof RunColumns]?: RunColumns[Column] | SQL };

/**
 * `importDump`, recorded as a run. Progress is written between batches on the same database
 * (a failed write of it is ignored: the import matters more than its report). The summary or the
 * error's message ends the run; the error is thrown again for the command to explain.
 */
export async function importDumpRecorded(
  db: Db,
  dumpPath: string,
  options: ImportDumpOptions = {},
): Promise<ImportSummary> {
  const [run] = await db
    .insert(dblpImportRuns)
    .values({ sourcePath: path.resolve(dumpPath) })
    .returning({ id: dblpImportRuns.id });
  const runId = run!.id;
  const update = (values: RunUpdate) =>
    db
      .update(dblpImportRuns)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(dblpImportRuns.id, runId));

  let lastWrite = 0;
  let pending: Promise<unknown> = Promise.resolve();
  const report = (values: RunUpdate, force = false) => {
    const now = performance.now();
    if (!force && now - lastWrite < progressEveryMs) return;
    lastWrite = now;
    pending = pending.then(() => update(values)).catch(() => undefined);
  };

  const heartbeat = setInterval(() => report({}, true), heartbeatEveryMs);
  heartbeat.unref();
  try {
    const summary = await importDump(db, dumpPath, {
      ...options,
      onPhase: (phase, resumedAt) => {
        report({ phase, phaseDone: 0, phaseTotal: 0 }, true);
        options.onPhase?.(phase, resumedAt);
      },
      onProgress: (progress: ImportProgress) => {
        report(progressColumns(progress));
        options.onProgress?.(progress);
      },
    });
    clearInterval(heartbeat);
    await pending;
    const checkpoint = await checkpointOf(db, dumpPath);
    await update({
      ...checkpoint,
      status: summary.wasAlreadyImported ? 'already-imported' : 'done',
      phase: 'done',
      ...(summary.wasAlreadyImported || summary.wasRecordsPhaseDone
        ? {}
        : {
            recordsRead: summary.publications + summary.people + summary.redirects,
            bytesRead: checkpoint.sourceSize,
          }),
      publications: summary.publications,
      people: summary.people,
      redirects: summary.redirects,
      skipped: summary.skipped,
      warnings: summary.warnings,
      authorsResolved: summary.authorsResolved,
      relationsCreated: summary.relationsCreated,
      finishedAt: sql`now()`,
    });
    return summary;
  } catch (error) {
    clearInterval(heartbeat);
    await pending;
    const message = error instanceof Error ? error.message : String(error);
    await update({
      ...(await checkpointOf(db, dumpPath).catch(() => ({}))),
      status: 'failed',
      error: message.slice(0, 2000),
      finishedAt: sql`now()`,
    }).catch(() => undefined);
    throw error;
  }
}

function progressColumns(progress: ImportProgress): RunUpdate {
  if (progress.phase === 'records') {
    return {
      phase: 'records',
      bytesRead: progress.bytesRead,
      sourceSize: progress.totalBytes,
      recordsRead: progress.records,
    };
  }
  return { phase: progress.phase, phaseDone: progress.done, phaseTotal: progress.total };
}

/** The run's checkpoint row and the file's size, from the newest checkpoint of that path. */
async function checkpointOf(
  db: Db,
  dumpPath: string,
): Promise<{ importId?: number; sourceSize?: number }> {
  const [row] = await db
    .select({ id: dblpImports.id, size: dblpImports.sourceSize })
    .from(dblpImports)
    .where(eq(dblpImports.sourcePath, path.resolve(dumpPath)))
    .orderBy(sql`${dblpImports.updatedAt} desc`)
    .limit(1);
  return row ? { importId: row.id, sourceSize: row.size } : {};
}
