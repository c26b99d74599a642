// npm run bench:start: how long a built production server takes from its start to its first
// answer. Builds what is missing (as npm start does), prepares a database once (migrations
// and the demo data, on a first start of the embedded engine; or the scratch PostgreSQL
// database of --database-url), then starts `node server/dist/main.js` again and again on it
// and times, per run, from the spawn until GET /healthz first answers 200, and until GET
// /sign-in (the web app's index.html) does, and the CPU time the server process used until
// then (from /proc, Linux only): on a shared machine the wall time follows the load, the CPU
// time much less. Each server is stopped (SIGTERM) before the next.
// The target is under 1 s, median of the runs (docs/benchmarks.md, "Production start").
//
//   npm run bench:start -- --runs 9
//   npm run bench:start -- --database-url postgres://postgres@127.0.0.1:5432/scratch
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatLoadAverage } from './machine.ts';
import {
  buildIfNeeded,
  processCpuSeconds,
  startBuiltServer,
  stopServer,
  timeUntilAnswer,
} from './served.ts';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    port: { type: 'string', default: '3131' },
    'database-url': { type: 'string' },
  },
});
const runs = Number(options.runs);
const baseUrl = `http://127.0.0.1:${options.port}`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function startServer(dataDirectory: string): ChildProcess {
  return startBuiltServer({
    PORT: options.port,
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDirectory,
    DATABASE_URL: options['database-url'] ?? '',
    LOG_LEVEL: 'warn',
  });
}

buildIfNeeded();
const dataDirectory = mkdtempSync(path.join(tmpdir(), 'recuse-bench-start-'));
try {
  const preparing = performance.now();
  const first = startServer(dataDirectory);
  await timeUntilAnswer(first, `${baseUrl}/healthz`, preparing, 'application/json');
  await stopServer(first);
  console.log(
    `database ${options['database-url'] ? 'postgres' : 'pglite'}, prepared (first start: ` +
      `migrations${options['database-url'] ? '' : ', demo data'}) in ` +
      `${Math.round(performance.now() - preparing)} ms; load average ${formatLoadAverage(loadavg())}`,
  );
  const toHealth: number[] = [];
  const toPage: number[] = [];
  const cpu: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const started = performance.now();
    const server = startServer(dataDirectory);
    toHealth.push(await timeUntilAnswer(server, `${baseUrl}/healthz`, started, 'application/json'));
    toPage.push(await timeUntilAnswer(server, `${baseUrl}/sign-in`, started, 'text/html'));
    cpu.push(processCpuSeconds(server.pid) * 1000);
    await stopServer(server);
    console.log(
      `run ${run}: first answer (/healthz) ${toHealth.at(-1)!.toFixed(0)} ms, ` +
        `sign-in page ${toPage.at(-1)!.toFixed(0)} ms, server CPU ${cpu.at(-1)!.toFixed(0)} ms`,
    );
  }
  console.log(
    `median of ${runs}: first answer ${median(toHealth).toFixed(0)} ms ` +
      `(min ${Math.min(...toHealth).toFixed(0)}, max ${Math.max(...toHealth).toFixed(0)}), ` +
      `sign-in page ${median(toPage).toFixed(0)} ms, server CPU ${median(cpu).toFixed(0)} ms; ` +
      `load average ${formatLoadAverage(loadavg())}`,
  );
} finally {
  rmSync(dataDirectory, { recursive: true, force: true });
}
