// npm run dblp:import -- PATH [--database-url URL]: imports a DBLP dump (dblp.xml or
// dblp.xml.gz) into the database the server uses (DATABASE_URL, else the embedded PGlite in
// DATA_DIR), recording the run for the administrators' DBLP page (import-runs.ts). Resumable: run it again after an interruption and it carries on. Errors a person
// can act on are one clear line and exit code 1, never a stack trace.
import type { Config } from '../config.ts';
import { defaultPostgresWorkers } from '../dblp/import/import-dump.ts';
import { importDumpRecorded } from '../dblp/import/import-runs.ts';
import { describeSummary, ImportProgressBar } from '../dblp/import/import-progress.ts';
import { DblpParseError } from '../dblp/parse-error.ts';
import { readArgs, runCommand, UsageError, withDatabase } from './command.ts';

const usage = `Usage: npm run dblp:import -- PATH [--database-url URL] [--batch-size N] [--range-size N] [--workers N]

  PATH            dblp.xml or dblp.xml.gz (with the entities of DBLP's dblp.dtd)
  --database-url  PostgreSQL to import into; default DATABASE_URL, else the embedded
                  database in DATA_DIR (the one the server uses)
  --batch-size    records per transaction in the first phase (default 5000)
  --range-size    publications per transaction in the later phases (default 20000)
  --workers       transactions at a time (default: one per processor on PostgreSQL, at
                  most 4; always 1 on the embedded database)`;

function readArguments() {
  const { values, positionals } = readArgs({
    allowPositionals: true,
    options: {
      'database-url': { type: 'string' },
      'batch-size': { type: 'string' },
      'range-size': { type: 'string' },
      workers: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return undefined;
  if (positionals.length !== 1) throw new UsageError('Give exactly one dump file.');
  return {
    path: positionals[0]!,
    databaseUrl: values['database-url'],
    batchSize: positiveNumber(values['batch-size'], '--batch-size'),
    rangeSize: positiveNumber(values['range-size'], '--range-size'),
    workers: positiveNumber(values.workers, '--workers'),
  };
}

function positiveNumber(text: string | undefined, option: string) {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new UsageError(`${option} must be a whole number above 0.`);
  }
  return value;
}

/** The message for an error the person running the import can act on; undefined for a bug. */
function explain(error: unknown, path: string): string | undefined {
  if (error instanceof DblpParseError) {
    return (
      `The dump ${path} is truncated or corrupt: ${error.message}.\n` +
      'Everything imported before that point is kept. Fetch the file again and rerun the ' +
      'same command: a new file starts over, and records already in are not duplicated.'
    );
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return `The dump ${path} does not exist.`;
  if (code === 'EACCES') return `The dump ${path} cannot be read (permission denied).`;
  if (code === 'EISDIR' || (error instanceof Error && error.message.endsWith('is not a file'))) {
    return `${path} is not a file.`;
  }
  return undefined;
}

type Options = NonNullable<ReturnType<typeof readArguments>>;

async function run(options: Options, config: Config) {
  const progress = new ImportProgressBar();
  // The bar stops whatever the outcome, before the summary or the failure is printed.
  const summary = await withDatabase(config, options.databaseUrl, (database) =>
    importDumpRecorded(database.db, options.path, {
      batchSize: options.batchSize,
      rangeSize: options.rangeSize,
      workers: database.engine === 'pglite' ? 1 : (options.workers ?? defaultPostgresWorkers),
      onPhase: (phase, resumedAt) => progress.startPhase(phase, resumedAt),
      onProgress: (event) => progress.update(event),
      onWarning: (warning) => progress.warn(warning),
    }),
  ).finally(() => progress.stop());
  console.error(describeSummary(summary));
}

await runCommand({
  usage,
  readArguments,
  run,
  explain: (error, options) => explain(error, options.path),
  unexpected: 'The import failed unexpectedly:',
});
