// npm run bench:ror-import: times `npm run institutions:import-ror` (the command itself, in a
// child process, its output to a pipe as in a log) on a synthetic dump of a real release's size
// (synthetic-ror.ts; generated once into ./data/bench), on PostgreSQL (a scratch database) and
// on PGlite (a scratch data directory): a first import into an empty database, then the same
// dump again, which changes nothing. For each run: wall time, the command's CPU and its peak
// memory (maxRSS, which a module preloaded into the child reports as it exits), the institutions
// and links in the database afterwards. Prints the command, the machine and its load, and a
// markdown table for docs/benchmarks.md ("ROR import").
//
//   npm run bench:ror-import [-- --records 120000] [--seed 1] [--engine both|postgres|pglite]
//     [--dir PATH] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { defaultBenchDirectory } from './dump-cache.ts';
import { describeMachine, formatLoadAverage } from './machine.ts';
import { writeSyntheticRorDump } from './synthetic-ror.ts';

const serverDirectory = fileURLToPath(new URL('..', import.meta.url));
const cliPath = path.join(serverDirectory, 'src/cli/ror-import.ts');
const reporterPath = path.join(serverDirectory, 'bench/report-resources.ts');

type Engine = 'postgres' | 'pglite';

interface RunFigures {
  engine: Engine;
  run: 'first import' | 'again, unchanged';
  wallSeconds: number;
  cpuSeconds: number;
  peakRssBytes: number;
  summary: string;
  institutions: number;
  links: number;
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      records: { type: 'string', default: '120000' },
      seed: { type: 'string', default: '1' },
      engine: { type: 'string', default: 'both' },
      dir: { type: 'string', default: defaultBenchDirectory },
      'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    },
  });
  const engines: Engine[] =
    values.engine === 'both' ? ['postgres', 'pglite'] : [values.engine as Engine];
  if (!engines.every((engine) => engine === 'postgres' || engine === 'pglite')) {
    throw new Error('--engine is both, postgres or pglite');
  }
  return {
    records: Number(values.records),
    seed: Number(values.seed),
    engines,
    directory: values.dir,
    databaseUrl: values['database-url'],
  };
}

/** The dump for this size and seed, generated the first time. */
async function ensureDump(directory: string, records: number, seed: number) {
  await mkdir(directory, { recursive: true });
  const dumpPath = path.join(directory, `ror-v2-synthetic-${records}-seed${seed}.json`);
  const existing = await stat(dumpPath).catch(() => undefined);
  if (existing) return { path: dumpPath, bytes: existing.size };
  const started = performance.now();
  const bytes = await writeSyntheticRorDump(dumpPath, { count: records, seed });
  console.error(
    `generated ${dumpPath} (${(bytes / 1e6).toFixed(0)} MB) in ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return { path: dumpPath, bytes };
}

/** The import command in a child process; its stderr, and what the preloaded module reported. */
function runImport(args: string[], env: Record<string, string>) {
  return new Promise<{ wallSeconds: number; stderr: string; exitCode: number | null }>(
    (resolve, reject) => {
      const started = performance.now();
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--import', reporterPath, cliPath, ...args],
        {
          cwd: serverDirectory,
          env: { ...process.env, ...env },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (exitCode) =>
        resolve({ wallSeconds: (performance.now() - started) / 1000, stderr, exitCode }),
      );
    },
  );
}

function readResources(stderr: string) {
  const line = stderr.split('\n').find((text) => text.startsWith('resources '));
  if (!line) throw new Error(`the child reported no resources:\n${stderr}`);
  return JSON.parse(line.slice('resources '.length)) as {
    maxRssKilobytes: number;
    userMicroseconds: number;
    systemMicroseconds: number;
  };
}

async function countRows(connection: { url: string } | { dataDir: string }) {
  const database = await openDatabase(connection);
  try {
    const [row] = await queryRows<{ institutions: number; links: number }>(
      database.db,
      sql`select (select count(*)::int from institutions where ror_id is not null) as institutions,
                 (select count(*)::int from institution_links) as links`,
    );
    return row!;
  } finally {
    await database.close();
  }
}

async function administer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function benchEngine(engine: Engine, dumpPath: string, databaseUrl: string) {
  const figures: RunFigures[] = [];
  const scratchName = 'recuse_bench_ror_import';
  const scratchUrl = new URL(databaseUrl);
  scratchUrl.pathname = `/${scratchName}`;
  const dataDir = engine === 'pglite' ? await mkdtemp(path.join(tmpdir(), 'recuse-ror-')) : '';
  if (engine === 'postgres') {
    await administer(databaseUrl, `drop database if exists ${scratchName}`);
    await administer(databaseUrl, `create database ${scratchName}`);
  }
  const args =
    engine === 'postgres' ? [dumpPath, '--database-url', scratchUrl.toString()] : [dumpPath];
  const env = { DATABASE_URL: '', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  try {
    for (const run of ['first import', 'again, unchanged'] as const) {
      const result = await runImport(args, env);
      if (result.exitCode !== 0) throw new Error(`the import failed:\n${result.stderr}`);
      const resources = readResources(result.stderr);
      const counts = await countRows(
        engine === 'postgres' ? { url: scratchUrl.toString() } : { dataDir },
      );
      figures.push({
        engine,
        run,
        wallSeconds: result.wallSeconds,
        cpuSeconds: (resources.userMicroseconds + resources.systemMicroseconds) / 1e6,
        peakRssBytes: resources.maxRssKilobytes * 1024,
        summary: result.stderr
          .split('\n')
          .filter((line) => line.includes('records read') || line.includes('merged into'))
          .join(' '),
        institutions: counts.institutions,
        links: counts.links,
      });
      console.error(`${engine}, ${run}: ${result.wallSeconds.toFixed(1)} s`);
    }
  } finally {
    if (engine === 'postgres')
      await administer(databaseUrl, `drop database if exists ${scratchName}`);
    else await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}

const options = readOptions();
const machine = describeMachine();
const dump = await ensureDump(options.directory, options.records, options.seed);
const figures: RunFigures[] = [];
for (const engine of options.engines)
  figures.push(...(await benchEngine(engine, dump.path, options.databaseUrl)));
const loadAtEnd = describeMachine().loadAverage;

const count = (value: number) => value.toLocaleString('en-US');
console.log(
  [
    `command   npm run bench:ror-import -- ${process.argv.slice(2).join(' ')}`.trimEnd(),
    `machine   ${machine.cpuCount} CPUs (${machine.cpuModel}), ` +
      `${(machine.totalMemoryBytes / 2 ** 30).toFixed(1)} GiB RAM, Node ${machine.node}`,
    `load      ${formatLoadAverage(machine.loadAverage)} at start, ` +
      `${formatLoadAverage(loadAtEnd)} at end (1, 5, 15 min)`,
    `dump      ${count(options.records)} records, ${(dump.bytes / 1e6).toFixed(0)} MB of JSON (seed ${options.seed})`,
    '',
    '| engine | run | wall time | CPU of the command | peak memory (RSS) | institutions | links |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...figures.map(
      (row) =>
        `| ${row.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${row.run} | ` +
        `${row.wallSeconds.toFixed(1)} s | ${row.cpuSeconds.toFixed(1)} s | ` +
        `${(row.peakRssBytes / 2 ** 20).toFixed(0)} MiB | ${count(row.institutions)} | ` +
        `${count(row.links)} |`,
    ),
    '',
    ...figures.map((row) => `${row.engine}, ${row.run}: ${row.summary}`),
  ].join('\n'),
);
