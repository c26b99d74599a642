// npm run bench:dblp -- --size 1GB [--lxml]: DBLP dump parse throughput and peak memory on
// a synthetic dump (generated once into ./data/bench, then reused), optionally side by side
// with Python lxml iterparse. Prints a table with the command, the machine and its load.
// Options: --size SIZE | --publications N (default --size 100MB), --seed N (1), --runs N
// (3), --api records|batches|both (both), --lxml, --lxml-runs N, --python PATH, --dir PATH,
// --json PATH (the figures as JSON too).
// The import benchmark plugs in as one more stage beside bench/parse-stage.ts (an
// `--import postgres|pglite` option): it gets the same cached dump and adds its own rows.
import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultBenchDirectory, prepareSyntheticDump } from './dump-cache.ts';
import type { CachedDump } from './dump-cache.ts';
import { describeMachine } from './machine.ts';
import { repositoryRoot } from './parse-run.ts';
import { lxmlLabels, recuseLabels, requireLxml, runParseStage } from './parse-stage.ts';
import type { ParseStageOptions, RecuseParseApi } from './parse-stage.ts';
import { formatReport } from './report.ts';
import type { BenchReport } from './report.ts';
import { describeByteSize, parseByteSize } from './synthetic/byte-size.ts';

interface BenchOptions extends ParseStageOptions {
  seed: number;
  targetBytes?: number;
  publications?: number;
  directory: string;
  jsonPath?: string;
}

function readOptions(): BenchOptions {
  const { values } = parseArgs({
    options: {
      size: { type: 'string' },
      publications: { type: 'string' },
      seed: { type: 'string', default: '1' },
      runs: { type: 'string', default: '3' },
      api: { type: 'string', default: 'both' },
      lxml: { type: 'boolean', default: false },
      'lxml-runs': { type: 'string' },
      python: { type: 'string' },
      dir: { type: 'string', default: defaultBenchDirectory },
      json: { type: 'string' },
    },
  });
  if (values.size !== undefined && values.publications !== undefined) {
    throw new Error('give --size or --publications, not both');
  }
  if (!['records', 'batches', 'both'].includes(values.api)) {
    throw new Error('--api is records, batches or both');
  }
  const runs = positiveInteger(values.runs, '--runs');
  const publications = values.publications;
  return {
    seed: positiveInteger(values.seed, '--seed'),
    targetBytes: publications === undefined ? parseByteSize(values.size ?? '100MB') : undefined,
    publications:
      publications === undefined ? undefined : positiveInteger(publications, '--publications'),
    runs,
    apis: values.api === 'both' ? ['records', 'batches'] : [values.api as RecuseParseApi],
    lxmlRuns: values.lxml
      ? positiveInteger(values['lxml-runs'] ?? String(runs), '--lxml-runs')
      : undefined,
    python: values.python,
    directory: values.dir,
    jsonPath: values.json,
  };
}

function positiveInteger(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a positive integer`);
  return value;
}

function prepareDump(options: BenchOptions): Promise<CachedDump> {
  const size =
    options.targetBytes === undefined
      ? `${options.publications} publications`
      : describeByteSize(options.targetBytes);
  return prepareSyntheticDump(options, size);
}

/** Relative to the repository when inside it, as the commands in docs/ are run from there. */
function displayPath(path: string): string {
  const inside = relative(repositoryRoot, path);
  return inside.startsWith('..') ? path : inside;
}

function describeDump(dump: CachedDump): string {
  const seconds = dump.generatedInSeconds;
  if (seconds === undefined) return 'reused from the cache';
  const speed = dump.summary.bytes / 1e6 / seconds;
  return `generated in ${seconds.toFixed(1)} s (${speed.toFixed(1)} MB/s)`;
}

async function main() {
  const options = readOptions();
  const machine = describeMachine();
  const python = await requireLxml(options);
  const dump = await prepareDump(options);
  const parsers = await runParseStage(dump.path, options, python);
  const report: BenchReport = {
    command: ['npm run bench:dblp --', ...process.argv.slice(2)].join(' '),
    machine,
    loadAverageAtEnd: describeMachine().loadAverage,
    python:
      python && `${python.command}: Python ${python.pythonVersion}, lxml ${python.lxmlVersion}`,
    dump: {
      path: displayPath(dump.path),
      bytes: dump.summary.bytes,
      publications: dump.summary.publications.records,
      persons: dump.summary.persons.persons + dump.summary.persons.redirectStubs,
      note: describeDump(dump),
    },
    parsers,
    recuse: parsers.find(({ label }) => label === recuseLabels.records) ?? parsers[0],
    lxml: parsers.find(({ label }) => label === lxmlLabels.fields),
    lxmlFloor: parsers.find(({ label }) => label === lxmlLabels.clear),
  };
  process.stdout.write(`\n${formatReport(report)}`);
  if (options.jsonPath) await writeFile(options.jsonPath, `${JSON.stringify(report, null, 2)}\n`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
