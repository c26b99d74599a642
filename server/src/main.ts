// Read config → open db → migrate → (demo on a first embedded start) → listen. Nothing else.
// The database starts opening before the application's modules load (a dynamic import, a chunk
// of its own in the build), so PGlite's start and the loading overlap (docs/benchmarks.md,
// "Production start").
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { databaseTargetOf, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

// Until the server listens, a timer keeps Node's event loop from running out of work. The start
// awaits promises that hold nothing of the loop's (PGlite's queries answer at once, and V8, not
// libuv, compiles its WebAssembly), and each time the loop ran out, Node waited for every task on
// V8's background threads (its compilers', its garbage collector's) before going on: 60 to 80 ms
// at one point of each embedded start (docs/benchmarks.md, "Production start").
const startingUp = setInterval(() => {}, 60_000);
const config = loadConfig();
// PGlite is PostgreSQL compiled to WebAssembly. V8 first compiles its functions with its quick
// compiler and recompiles those that run a lot with its optimising one, in the background;
// opening the database and its first queries ran enough to have dozens recompiled during the
// start, a third of PGlite's opening CPU. With a budget a hundred times V8's (1.8 MB of code
// run per function), what the start runs once stays quickly compiled, and what the server
// runs all day still gets optimised within its first seconds of work (docs/benchmarks.md,
// "Production start"). Set before PGlite compiles; it concerns WebAssembly only.
const target = databaseTargetOf(config);
if ('dataDir' in target) setFlagsFromString('--wasm-tiering-budget=180000000');
const opening = openDatabase(target);
const [{ buildApp }, { describeDemo, isDatabaseEmpty, seedDemo }, { default: pino }, database] =
  await Promise.all([import('./app.ts'), import('./demo/demo-data.ts'), import('pino'), opening]);
await database.migrate();

// The demo fills only an empty embedded database, unless SEED_DEMO=yes asks for it anyway.
const wantsDemo =
  config.SEED_DEMO === 'yes' || (config.SEED_DEMO === 'auto' && database.engine === 'pglite');
if (wantsDemo && (await isDatabaseEmpty(database.db))) {
  await seedDemo(database.db);
  console.log(`\nRecuse demo data created.\n${describeDemo()}\n`);
}

// The log goes to standard output without waiting for it: a line is handed to the system in
// the background while the next request runs, and lines written meanwhile go out together.
// Written synchronously (pino's default), each request's line was a write the event loop waited
// for, and a log reader that fell behind (a full pipe) stopped every request. Up to
// `logBacklogBytes` wait in memory for a slow reader; beyond that lines are dropped rather than
// the server stalled. pino writes what waits when the process exits (docs/architecture.md,
// "Logging").
const logBacklogBytes = 16 * 1024 * 1024;
const logStream = pino.destination({ dest: 1, sync: false, maxLength: logBacklogBytes });
const changes = await database.openChangeFeed();
const app = await buildApp({ config, db: database.db, changes, logStream });
if (config.JOBS === 'on') app.jobs.start();

let isClosing = false;
async function shutdown(signal: string) {
  if (isClosing) return;
  isClosing = true;
  app.log.info({ signal }, 'shutting down');
  // Closing drops the idle keep-alive connections once; a connection whose request was still
  // running goes idle afterwards and would hold the exit for the keep-alive timeout (72 s).
  // Dropping idle connections again until the close ends lets every answer go out first.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  await app.close();
  clearInterval(sweep);
  await changes.close();
  await database.close();
  await endLog();
  process.exit(0);
}

/** How long a stopping server waits at most for its log's reader to take the last lines. */
const logEndLimitMs = 5_000;

/**
 * Hands the log's last lines to the system before the process exits. A write to a reader that is
 * behind (a full pipe) may still be under way, and exiting cut it off: pino's own flush at exit
 * writes only the lines queued behind that write, which lost lines in CI under load
 * (main.int.test.ts, "the log"). A reader that has stopped reading holds the exit at most
 * logEndLimitMs. Nothing may log after this.
 */
async function endLog() {
  // A reader gone (EPIPE) ends it too: what could not be written is lost either way.
  const ended = once(logStream, 'close').catch(() => undefined);
  logStream.end();
  await Promise.race([ended, sleep(logEndLimitMs, undefined, { ref: false })]);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
clearInterval(startingUp);
console.log(`Recuse is running at ${config.PUBLIC_URL} (database: ${database.engine})`);
