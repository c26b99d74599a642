// npm run bench:start: how long a built production server takes from its start to its first
// answer. Builds what is missing (as npm start does), prepares a database once (migrations
// and the demo data, on a first start of the embedded engine; or the scratch PostgreSQL
// database of --database-url), then starts `node server/dist/main.js` again and again on it
// and times, per run, from the spawn until GET /healthz first answers 200, and until GET
// /sign-in (the web app's index.html) does, and the CPU time the server process used until
// then (from /proc, Linux only): on a shared machine the wall time follows the load, the CPU
// time much less. Each server is stopped (SIGTERM) before the next.
// With --compare-with DIR (another build's server/dist, such as main's copied aside), each run
// starts that build too, right after this one, on the same database, so that both meet the
// same load; both are reported.
// The target is under 1 s, median of the runs (docs/benchmarks.md, "Production start").
//
//   npm run bench:start -- --runs 9
//   npm run bench:start -- --database-url postgres://postgres@127.0.0.1:5432/scratch
//   npm run bench:start -- --runs 9 --compare-with /tmp/main-dist
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
    'compare-with': { type: 'string' },
  },
});
const runs = Number(options.runs);
const baseUrl = `http://127.0.0.1:${options.port}`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Build {
  name: string;
  entry: string;
  toHealth: number[];
  toPage: number[];
  cpu: number[];
}

const measured = (name: string, entry: string): Build => ({
  name,
  entry,
  toHealth: [],
  toPage: [],
  cpu: [],
});
const builds = [measured('this build', 'dist/main.js')];
if (options['compare-with']) {
  const entry = path.resolve(options['compare-with'], 'main.js');
  builds.push(measured(`compared (${entry})`, entry));
}

function startServer(dataDirectory: string, entry: string): ChildProcess {
  return startBuiltServer(
    {
      PORT: options.port,
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDirectory,
      DATABASE_URL: options['database-url'] ?? '',
      LOG_LEVEL: 'warn',
    },
    [],
    entry,
  );
}

buildIfNeeded();
const dataDirectory = mkdtempSync(path.join(tmpdir(), 'recuse-bench-start-'));
try {
  const preparing = performance.now();
  const first = startServer(dataDirectory, builds[0]!.entry);
  await timeUntilAnswer(first, `${baseUrl}/healthz`, preparing, 'application/json');
  await stopServer(first);
  console.log(
    `database ${options['database-url'] ? 'postgres' : 'pglite'}, prepared (first start: ` +
      `migrations${options['database-url'] ? '' : ', demo data'}) in ` +
      `${Math.round(performance.now() - preparing)} ms; load average ${formatLoadAverage(loadavg())}`,
  );
  for (let run = 1; run <= runs; run++) {
    for (const build of builds) {
      const started = performance.now();
      const server = startServer(dataDirectory, build.entry);
      const toHealth = await timeUntilAnswer(
        server,
        `${baseUrl}/healthz`,
        started,
        'application/json',
      );
      const toPage = await timeUntilAnswer(server, `${baseUrl}/sign-in`, started, 'text/html');
      const cpu = processCpuSeconds(server.pid) * 1000;
      await stopServer(server);
      build.toHealth.push(toHealth);
      build.toPage.push(toPage);
      build.cpu.push(cpu);
      console.log(
        `run ${run}${builds.length > 1 ? `, ${build.name}` : ''}: first answer (/healthz) ` +
          `${toHealth.toFixed(0)} ms, sign-in page ${toPage.toFixed(0)} ms, ` +
          `server CPU ${cpu.toFixed(0)} ms`,
      );
    }
  }
  for (const build of builds) {
    console.log(
      `median of ${runs}${builds.length > 1 ? `, ${build.name}` : ''}: first answer ` +
        `${median(build.toHealth).toFixed(0)} ms (min ${Math.min(...build.toHealth).toFixed(0)}, ` +
        `max ${Math.max(...build.toHealth).toFixed(0)}), sign-in page ` +
        `${median(build.toPage).toFixed(0)} ms, server CPU ${median(build.cpu).toFixed(0)} ms`,
    );
  }
  console.log(`load average ${formatLoadAverage(loadavg())}`);
} finally {
  rmSync(dataDirectory, { recursive: true, force: true });
}
