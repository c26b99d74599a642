// npm run bench:import -- --size 1GB: the DBLP import (`importDump`, the very code of `npm run
// dblp:import`, run in this process) into a fresh scratch PostgreSQL database, on a cached
// synthetic dump (./data/bench, generated once like `npm run bench:dblp`'s). Per phase it measures
// wall time, Node CPU and the PostgreSQL backends' CPU, and prints a markdown table for
// docs/benchmarks.md with the projection to the full DBLP against its target of 15 minutes.
//
//   npm run bench:import -- --size 1GB [--seed 1] [--dir PATH] [--keep] [--json PATH]
//     [--database-url postgres://postgres@127.0.0.1:5432/postgres] [--batch-size N]
//     [--range-size N] [--workers N]
//
// The scratch database is recuse_bench_import_<size> on the server of --database-url (whose
// own database is only used to create and drop it); dropped first if it exists, and at the
// end unless --keep. PostgreSQL CPU is utime + stime from /proc/PID/stat of the backends
// serving it, listed every second: precise at the phase boundaries for backends already seen,
// to about a second for one that appears just then; "n/a" when the server is not local.
// --batch-size, --range-size and --workers default as in `npm run dblp:import`.
import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { BackendCpuSampler } from './backend-cpu-sampler.ts';
import { defaultBenchDirectory, prepareSyntheticDump } from './dump-cache.ts';
import type { CachedDump } from './dump-cache.ts';
import { fullDblpTargetSeconds, projectToFullDblp, ticksBetween } from './import-projection.ts';
import type { BackendTicks } from './import-projection.ts';
import { formatImportReport } from './import-report.ts';
import type { ImportBenchReport, PhaseFigures } from './import-report.ts';
import { describeMachine } from './machine.ts';
import { repositoryRoot } from './parse-run.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import type { Db } from '../src/db/client.ts';
import { defaultPostgresWorkers, importDump } from '../src/dblp/import/import-dump.ts';
import type { ImportProgress, ImportSummary } from '../src/dblp/import/import-dump.ts';
import { describeByteSize, formatByteSize, parseByteSize } from './synthetic/byte-size.ts';

type Phase = 'records' | 'people' | 'relations';

const phases: readonly Phase[] = ['records', 'people', 'relations'];
const progressIntervalMs = 5_000;

interface BenchOptions {
  targetBytes: number;
  seed: number;
  directory: string;
  databaseUrl: string;
  isKept: boolean;
  jsonPath?: string;
  batchSize?: number;
  rangeSize?: number;
  workers: number;
}

function readOptions(): BenchOptions {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '100MB' },
      seed: { type: 'string', default: '1' },
      dir: { type: 'string', default: defaultBenchDirectory },
      'database-url': {
        type: 'string',
        default: 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      keep: { type: 'boolean', default: false },
      json: { type: 'string' },
      'batch-size': { type: 'string' },
      'range-size': { type: 'string' },
      workers: { type: 'string', default: String(defaultPostgresWorkers) },
    },
  });
  const optional = (text: string | undefined, name: string) =>
    text === undefined ? undefined : positiveInteger(text, name);
  return {
    targetBytes: parseByteSize(values.size),
    seed: positiveInteger(values.seed, '--seed'),
    directory: values.dir,
    databaseUrl: values['database-url'],
    isKept: values.keep,
    jsonPath: values.json,
    batchSize: optional(values['batch-size'], '--batch-size'),
    rangeSize: optional(values['range-size'], '--range-size'),
    workers: positiveInteger(values.workers, '--workers'),
  };
}

function positiveInteger(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a positive integer`);
  return value;
}

function prepareDump(options: BenchOptions): Promise<CachedDump> {
  return prepareSyntheticDump(options, describeByteSize(options.targetBytes));
}

/** `recuse_bench_import_1gb`: one scratch database per dump size. */
function scratchDatabaseName(targetBytes: number): string {
  return `recuse_bench_import_${formatByteSize(targetBytes).toLowerCase().replaceAll('.', '_')}`;
}

function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Runs one statement on the server's own database (create and drop cannot run inside ours). */
async function administer(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

interface Mark {
  at: number;
  cpu: NodeJS.CpuUsage;
  backends?: BackendTicks;
}

function markNow(sampler: BackendCpuSampler | undefined, backends?: BackendTicks): Mark {
  return {
    at: performance.now(),
    cpu: process.cpuUsage(),
    backends: backends ?? sampler?.readKnownBackends(),
  };
}

function figuresBetween(start: Mark, end: Mark, ticksPerSecond: number): PhaseFigures {
  const nodeMicroseconds = end.cpu.user - start.cpu.user + (end.cpu.system - start.cpu.system);
  return {
    wallSeconds: (end.at - start.at) / 1000,
    nodeCpuSeconds: nodeMicroseconds / 1e6,
    postgresCpuSeconds:
      start.backends && end.backends
        ? ticksBetween(start.backends, end.backends) / ticksPerSecond
        : undefined,
  };
}

/** A line on stderr at most every few seconds: the phase and how far it is. */
function progressReporter() {
  let lastShown = 0;
  return (progress: ImportProgress) => {
    const now = performance.now();
    if (now - lastShown < progressIntervalMs) return;
    lastShown = now;
    const fraction =
      progress.phase === 'records'
        ? progress.bytesRead / progress.totalBytes
        : progress.done / progress.total;
    const records =
      progress.phase === 'records' ? `, ${progress.records.toLocaleString('en-US')} records` : '';
    console.error(`  ${progress.phase} ${(fraction * 100).toFixed(1)} %${records}`);
  };
}

interface ImportRun {
  summary: ImportSummary;
  phases: Record<Phase, PhaseFigures>;
}

async function runImport(
  db: Db,
  dump: CachedDump,
  options: BenchOptions,
  sampler: BackendCpuSampler | undefined,
): Promise<ImportRun> {
  const marks = new Map<Phase | 'end', Mark>();
  marks.set('records', markNow(sampler, await sampler?.sample()));
  sampler?.start();
  const summary = await importDump(db, dump.path, {
    batchSize: options.batchSize,
    rangeSize: options.rangeSize,
    workers: options.workers,
    onPhase: (phase) => {
      // 'records' starts at the call, so the staging table's creation counts in it.
      if (phase !== 'records') marks.set(phase, markNow(sampler));
      console.error(`  phase ${phase}`);
    },
    onProgress: progressReporter(),
  });
  marks.set('end', markNow(sampler, await sampler?.sample()));
  if (summary.wasAlreadyImported) throw new Error('the scratch database held the dump already');
  const ticksPerSecond = sampler?.ticksPerSecond ?? 100;
  const figures = (phase: Phase, next: Phase | 'end') => {
    const [start, end] = [marks.get(phase), marks.get(next)];
    if (!start || !end) throw new Error(`the import never started phase ${next}`);
    return figuresBetween(start, end, ticksPerSecond);
  };
  return {
    summary,
    phases: {
      records: figures('records', 'people'),
      people: figures('people', 'relations'),
      relations: figures('relations', 'end'),
    },
  };
}

async function countRows(db: Db) {
  const [counts] = await queryRows<Record<string, string>>(
    db,
    sql`select (select count(*) from publications) as publications,
               (select count(*) from publication_authors) as authorships,
               (select count(*) from users) as users,
               (select count(*) from relations) as relations,
               (select count(*) from relation_parties) as parties,
               pg_database_size(current_database()) as database_bytes,
               current_setting('server_version') as server_version`,
  );
  const count = (name: string) => Number(counts![name]);
  return {
    publications: count('publications'),
    authorships: count('authorships'),
    users: count('users'),
    relations: count('relations'),
    parties: count('parties'),
    databaseBytes: count('database_bytes'),
    postgresVersion: counts!.server_version!,
  };
}

function sumPhases(figures: Record<Phase, PhaseFigures>): PhaseFigures {
  const sum = (pick: (phase: PhaseFigures) => number | undefined) => {
    const values = phases.map((phase) => pick(figures[phase]));
    return values.some((value) => value === undefined)
      ? undefined
      : values.reduce<number>((total, value) => total + value!, 0);
  };
  return {
    wallSeconds: sum((phase) => phase.wallSeconds)!,
    nodeCpuSeconds: sum((phase) => phase.nodeCpuSeconds)!,
    postgresCpuSeconds: sum((phase) => phase.postgresCpuSeconds),
  };
}

async function main() {
  const options = readOptions();
  const machine = describeMachine();
  const dump = await prepareDump(options);
  const name = scratchDatabaseName(options.targetBytes);
  const scratchUrl = withDatabase(options.databaseUrl, name);
  console.error(`Scratch database ${name}: dropped if it exists, created, migrated`);
  await administer(options.databaseUrl, `drop database if exists "${name}" with (force)`);
  await administer(options.databaseUrl, `create database "${name}"`);
  const database = await openDatabase({ url: scratchUrl });
  let sampler: BackendCpuSampler | undefined;
  try {
    await database.migrate();
    sampler = await BackendCpuSampler.open(scratchUrl, name);
    const run = await runImport(database.db, dump, options, sampler);
    await sampler?.close();
    sampler = undefined;
    const counts = await countRows(database.db);
    const total = sumPhases(run.phases);
    const report: ImportBenchReport = {
      command: ['npm run bench:import --', ...process.argv.slice(2)].join(' '),
      machine,
      loadAverageAtEnd: describeMachine().loadAverage,
      postgresVersion: counts.postgresVersion,
      database: `${name}, ${options.workers} transactions at a time (--workers)`,
      dump: {
        path: displayPath(dump.path),
        bytes: dump.summary.bytes,
        note: dump.generatedInSeconds === undefined ? 'reused from the cache' : 'generated',
      },
      summary: run.summary,
      counts,
      phases: run.phases,
      total,
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
      projection: projectToFullDblp({
        publications: counts.publications,
        people: run.summary.people,
        ...total,
      }),
      targetSeconds: fullDblpTargetSeconds,
    };
    process.stdout.write(`\n${formatImportReport(report)}`);
    if (options.jsonPath) {
      await writeFile(options.jsonPath, `${JSON.stringify(report, null, 2)}\n`);
    }
  } finally {
    await sampler?.close();
    await database.close();
    if (options.isKept) {
      console.error(`Kept ${scratchUrl}`);
    } else {
      await administer(options.databaseUrl, `drop database "${name}" with (force)`);
    }
  }
}

/** Relative to the repository when inside it, as the commands in docs/ are run from there. */
function displayPath(path: string): string {
  const inside = relative(repositoryRoot, path);
  return inside.startsWith('..') ? path : inside;
}

/** One line for the person running it; connection failures name the option to fix. */
function explain(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const isUnreachable = ['ECONNREFUSED', 'ENOTFOUND', '28P01', '3D000'].includes(String(code));
  return isUnreachable ? `Cannot reach PostgreSQL (--database-url): ${message}` : message;
}

try {
  await main();
} catch (error) {
  console.error(explain(error));
  process.exitCode = 2;
}
