// npm run bench:list-page: how long the relations list PAGE takes in a browser for a prolific
// author. Seeds the author of npm run bench:api (3,000 imported publications by default, plus
// relations waiting for their answer for the pending page; server/src/demo/prolific-author.ts)
// into a fresh embedded database (or the scratch PostgreSQL database of --database-url),
// starts the real server on the built web app (as the browser tests do), signs in through the
// form in headless Chromium (playwright-core driving Debian's /usr/bin/chromium), and times,
// on a new page each run:
// - /relations: from navigation until the list is shown (the section headings), then from a
//   click on 'Co-authored publication' (sections start closed) until its table's rows are
//   painted; their sum is navigation to table;
// - /relations/pending: from navigation until the publication table's rows are painted (every
//   section starts open).
// Also reported: the list call as the browser saw it (time and bytes on the wire) and the
// main thread's long tasks (over 50 ms) from navigation to the end of the run. Times are read
// in the page (performance.now(), navigation start = 0), so the driver's polling adds nothing.
// Build the web app and the server first (npm run build).
//
//   npm run bench:list-page -- --runs 7
//   npm run bench:list-page -- --database-url postgres://postgres@127.0.0.1:5432/scratch
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { formatLoadAverage } from './machine.ts';
import { prolificAuthor, seedProlificAuthor } from '../src/demo/prolific-author.ts';
import { openDatabase } from '../src/db/client.ts';

const { values: options } = parseArgs({
  options: {
    publications: { type: 'string', default: '3000' },
    pending: { type: 'string', default: '500' },
    runs: { type: 'string', default: '7' },
    port: { type: 'string', default: '3130' },
    'database-url': { type: 'string' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    /** Keeps the server's log (level info: every request with its response time) in a file. */
    'server-log': { type: 'string' },
  },
});
const runs = Number(options.runs);
const baseUrl = `http://127.0.0.1:${options.port}`;
const serverDirectory = path.resolve(import.meta.dirname, '..');
const builtWebApp = path.resolve(serverDirectory, '../web/dist');
const publicationSection = 'Co-authored publication';

if (
  !existsSync(path.join(builtWebApp, 'index.html')) ||
  !existsSync(path.join(serverDirectory, 'dist/main.js'))
) {
  console.error('The web app or the server is not built: run npm run build first.');
  process.exit(1);
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${percentile(sorted, 0.5).toFixed(0).padStart(5)} ms, p95 ${percentile(sorted, 0.95).toFixed(0).padStart(5)} ms`;
};

async function seed(dataDirectory: string) {
  const start = performance.now();
  const database = await openDatabase(
    options['database-url'] ? { url: options['database-url'] } : { dataDir: dataDirectory },
  );
  await database.migrate();
  await seedProlificAuthor(database.db, {
    publicationCount: Number(options.publications),
    pendingCount: Number(options.pending),
  });
  await database.close();
  return { engine: database.engine, seconds: (performance.now() - start) / 1000 };
}

/** The server as `npm run serve` starts it, on a copy of the built web app. */
async function startServer(dataDirectory: string) {
  const webCopy = path.join(dataDirectory, 'web-dist');
  cpSync(builtWebApp, webCopy, { recursive: true });
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: serverDirectory,
    stdio: [
      'ignore',
      options['server-log'] ? openSync(options['server-log'], 'w') : 'ignore',
      'inherit',
    ],
    env: {
      ...process.env,
      PORT: options.port,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDirectory,
      DATABASE_URL: options['database-url'] ?? '',
      WEB_DIST_DIR: webCopy,
      SEED_DEMO: 'no',
      JOBS: 'off',
      LOG_LEVEL: options['server-log'] ? 'info' : 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      NODE_ENV: 'test',
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    if (Date.now() > deadline) throw new Error('the server did not answer /healthz in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function signIn(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel('Email').fill(prolificAuthor.email);
  await page.getByLabel('Password', { exact: true }).fill(prolificAuthor.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page
    .getByRole('heading', { name: `Hello, ${prolificAuthor.firstName}!` })
    .waitFor({ timeout: 30_000 });
  await page.close();
}

interface PageRun {
  /** Navigation to the section headings, for /relations. */
  listShown?: number;
  /** The click on the publication section to its rows painted, for /relations. */
  sectionOpened?: number;
  /** Navigation to the publication rows painted. */
  table: number;
  /** The list call as the browser saw it: request start to last byte, and bytes received. */
  listCall: number;
  listBytes: number;
  longTasks: number;
}

// The scripts that run in the page are plain JavaScript text: the server's TypeScript has
// no DOM types, and the page cannot compile code itself (its CSP forbids eval).

/** Sums long tasks from the first script on, before the app's own code runs. */
const watchLongTasks = `
  window.benchLongTasks = 0;
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) window.benchLongTasks += entry.duration;
  }).observe({ type: 'longtask', buffered: true });`;

/**
 * Waits for the publication section's heading, clicks it when it starts closed (a person
 * clicks once the list is there; the route loader's overlay aside), and answers once its
 * first row has been painted: the frame after the one that laid the row out. Times are from
 * navigation start.
 */
const timePublicationTable = (section: string, shouldOpen: boolean) => `
  new Promise((resolve) => {
    let listShown = 0;
    const check = () => {
      const control = [...document.querySelectorAll('button')]
        .find((button) => button.textContent.startsWith(${JSON.stringify(section)}));
      if (control && listShown === 0) {
        listShown = performance.now();
        if (${shouldOpen} && control.getAttribute('aria-expanded') !== 'true') control.click();
      }
      const region = control && document.getElementById(control.getAttribute('aria-controls'));
      const row = region && region.querySelector('tbody tr');
      if (control && control.getAttribute('aria-expanded') === 'true' && row && row.checkVisibility()) {
        requestAnimationFrame(() => setTimeout(() => resolve({ listShown, table: performance.now() })));
      } else requestAnimationFrame(check);
    };
    check();
  })`;

/** The list call as the browser's resource timing saw it, and the long tasks so far. */
const readTimings = `({
  ...(() => {
    const call = performance.getEntriesByType('resource')
      .find((entry) => entry.name.includes('/v1/web/relations/data/list'));
    return call
      ? { listCall: call.responseEnd - call.requestStart, listBytes: call.encodedBodySize }
      : { listCall: NaN, listBytes: NaN };
  })(),
  longTasks: window.benchLongTasks,
})`;

async function runOnce(context: BrowserContext, variant: 'all' | 'pending'): Promise<PageRun> {
  const page: Page = await context.newPage();
  await page.addInitScript({ content: watchLongTasks });
  await page.goto(`${baseUrl}${variant === 'all' ? '/relations' : '/relations/pending'}`, {
    waitUntil: 'commit',
  });
  const { listShown, table } = await page.evaluate<{ listShown: number; table: number }>(
    timePublicationTable(publicationSection, variant === 'all'),
  );
  const measured =
    await page.evaluate<Pick<PageRun, 'listCall' | 'listBytes' | 'longTasks'>>(readTimings);
  await page.close();
  return variant === 'all'
    ? { listShown, sectionOpened: table - listShown, table, ...measured }
    : { table, ...measured };
}

const loadAtStart = loadavg();
const dataDirectory = mkdtempSync(path.join(tmpdir(), 'recuse-bench-page-'));
const seeded = await seed(dataDirectory);
const server = await startServer(dataDirectory);
const browser = await chromium.launch({
  executablePath: options.chromium,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signIn(context);
  console.log(`engine            ${seeded.engine}`);
  console.log(
    `seeded            ${options.publications} imported publications, ${options.pending} pending, in ${seeded.seconds.toFixed(1)} s`,
  );
  console.log(`browser           ${browser.version()}, headless, 1280x800`);
  for (const variant of ['all', 'pending'] as const) {
    const results: PageRun[] = [];
    // The first run fills the HTTP cache with the app's scripts and warms the server.
    for (let run = 0; run <= runs; run += 1) {
      const result = await runOnce(context, variant);
      if (run > 0) results.push(result);
    }
    const of = (key: keyof PageRun) => results.map((result) => result[key] ?? NaN);
    console.log(`\n${variant === 'all' ? '/relations' : '/relations/pending'} (${runs} runs)`);
    if (variant === 'all') {
      console.log(`  list shown          ${summary(of('listShown'))}`);
      console.log(`  section opened      ${summary(of('sectionOpened'))} (after the click)`);
    }
    console.log(`  navigation to table ${summary(of('table'))}`);
    console.log(
      `  list call           ${summary(of('listCall'))}, ${(results[0]!.listBytes / 1024).toFixed(0)} KiB on the wire`,
    );
    console.log(`  long tasks          ${summary(of('longTasks'))} (sum per run)`);
  }
  console.log(
    `\nload average      ${formatLoadAverage(loadAtStart)} at start, ${formatLoadAverage(loadavg())} at end`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDirectory, { recursive: true, force: true });
}
