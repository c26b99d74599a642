// npm run institutions:import-ror -- FILE [--database-url URL]: adds or updates the institutions
// of a Research Organization Registry data dump (schema v2; the JSON, or ROR's zip holding it)
// in the database the server uses (DATABASE_URL, else the embedded PGlite in DATA_DIR). Running
// it again changes nothing; a newer dump updates. docs/institutions.md says what it does.
// Errors a person can act on are one clear line and exit code 1, never a stack trace.
import cliProgress from 'cli-progress';
import type { Config } from '../config.ts';
import { importRorDump } from '../ror/import-ror.ts';
import type { RorImportSummary } from '../ror/import-ror.ts';
import { RorDumpError } from '../ror/read-dump.ts';
import { readArgs, runCommand, UsageError, withDatabase } from './command.ts';
import { formatEstimate } from './progress-time.ts';

const usage = `Usage: npm run institutions:import-ror -- FILE [--database-url URL]

  FILE            ROR's data dump: the .zip of a release, or the JSON of schema v2 in it
  --database-url  PostgreSQL to import into; default DATABASE_URL, else the embedded
                  database in DATA_DIR (the one the server uses)`;

function readArguments() {
  const { values, positionals } = readArgs({
    allowPositionals: true,
    options: {
      'database-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return undefined;
  if (positionals.length !== 1) throw new UsageError('Give exactly one dump file.');
  return { path: positionals[0]!, databaseUrl: values['database-url'] };
}

function explain(error: unknown, path: string): string | undefined {
  if (error instanceof RorDumpError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return `The dump ${path} does not exist.`;
  if (code === 'EACCES') return `The dump ${path} cannot be read (permission denied).`;
  return undefined;
}

function describeRorSummary(summary: RorImportSummary): string {
  const lines = [
    `${summary.records} records read: ${summary.created} institutions added, ` +
      `${summary.updated} updated, ${summary.unchanged} unchanged, ` +
      `${summary.skippedWithdrawn} withdrawn records not added.`,
    `${summary.merged} merged into their successor, ${summary.withdrawn} withdrawn; ` +
      `links: ${summary.linksAdded} added, ${summary.linksRemoved} removed.`,
  ];
  for (const warning of summary.warnings.slice(0, 50)) lines.push(`Warning: ${warning}`);
  if (summary.warnings.length > 50) {
    lines.push(`… and ${summary.warnings.length - 50} more warnings.`);
  }
  return lines.join('\n');
}

async function run(options: { path: string; databaseUrl?: string }, config: Config) {
  // A bar on a terminal; nothing in a log file or a pipe, where the summary says it all.
  const bar = process.stderr.isTTY
    ? new cliProgress.SingleBar(
        {
          stream: process.stderr,
          format: 'ROR [{bar}] {percentage}% | {records} records | ETA {eta_formatted}',
          barsize: 30,
          fps: 5,
          hideCursor: null,
          formatTime: formatEstimate,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  // The bar stops whatever the outcome, before the summary or the failure is printed.
  const summary = await withDatabase(config, options.databaseUrl, (database) => {
    bar?.start(1, 0, { records: '0' });
    return importRorDump({ config, db: database.db }, options.path, {
      onProgress: (progress) => {
        bar?.setTotal(Math.max(progress.totalBytes, 1));
        bar?.update(progress.bytesRead, { records: progress.records.toLocaleString('en-US') });
      },
    });
  }).finally(() => bar?.stop());
  console.error(describeRorSummary(summary));
}

await runCommand({
  usage,
  readArguments,
  run,
  explain: (error, options) => explain(error, options.path),
  unexpected: 'The import failed unexpectedly:',
});
