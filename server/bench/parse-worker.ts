// Runs in a child process of the DBLP benchmark, so that its peak memory (maxRSS) is the
// parser's own and not the generator's or an earlier run's:
//   node --import tsx server/bench/parse-worker.ts FILE records|batches
// Reads the whole dump with parseDump (one record per await) or parseDumpBatches, and
// prints one JSON line of ParseRunResult.
import { stat } from 'node:fs/promises';
import { parseDump, parseDumpBatches } from '../src/dblp/parse-dump.ts';
import type { DumpRecord } from '../src/dblp/parse-dump.ts';
import type { ParseRunResult } from './parse-run.ts';

const [path, api = 'records'] = process.argv.slice(2);
if (path === undefined || (api !== 'records' && api !== 'batches')) {
  console.error('usage: parse-worker.ts FILE records|batches');
  process.exit(2);
}

const counts = { publications: 0, persons: 0, warnings: 0 };
const count = (record: DumpRecord) => {
  if (record.kind === 'person') counts.persons++;
  else counts.publications++;
};
const options = { onWarning: () => void counts.warnings++ };

const rssBeforeBytes = process.memoryUsage.rss();
const cpuBefore = process.cpuUsage();
const started = performance.now();
if (api === 'batches') {
  for await (const batch of parseDumpBatches(path, options))
    for (const record of batch) count(record);
} else {
  for await (const record of parseDump(path, options)) count(record);
}
const wallSeconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const result: ParseRunResult = {
  bytes: (await stat(path)).size,
  records: counts.publications + counts.persons,
  warnings: counts.warnings,
  wallSeconds,
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
  peakRssBytes: process.resourceUsage().maxRSS * 1024,
  baselineRssBytes: rssBeforeBytes,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
