// The server as `npm start` runs it, compiled (server/dist/main.js, built here if its sources
// changed), in a child process: it finds its migrations and data files from the build, and
// on SIGTERM it finishes the requests already in flight, closes the embedded database
// cleanly and exits 0, so a restart finds everything that was written. (PGlite only: the
// embedded database is what a bad shutdown would corrupt.)
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverDirectory = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(serverDirectory, 'dist/main.js');
let dataDir: string;

beforeAll(async () => {
  execFileSync(process.execPath, [
    path.join(serverDirectory, '../scripts/build-if-needed.mjs'),
    'server',
  ]);
  dataDir = await mkdtemp(path.join(tmpdir(), 'recuse-shutdown-'));
}, 60_000);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function startServer(
  options: { stdout?: number } = {},
): Promise<{ child: ChildProcess; baseUrl: string; output: string[] }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      SEED_DEMO: 'no',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    },
    stdio: ['ignore', options.stdout ?? 'pipe', 'pipe'],
  });
  const read = (chunk: Buffer) => output.push(chunk.toString());
  child.stdout?.on('data', read);
  child.stderr!.on('data', read);
  // Up to two minutes: on a loaded machine, reopening the embedded database after the
  // interrupted write took over 30 s.
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`);
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { child, baseUrl, output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${output.join('')}`);
}

const register = (baseUrl: string, email: string) =>
  fetch(`${baseUrl}/v1/web/user-registration/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      FName: 'Grace',
      SName: 'Hopper',
      Email: email,
      noDBLP: '1',
      password: 'Shut#Down2026',
      confirmPassword: 'Shut#Down2026',
      optedIn: '1',
    }).toString(),
  });

describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('the compiled server', () => {
  it('is one module with the data files it reads beside it (no TypeScript at run time)', () => {
    expect(existsSync(serverEntry)).toBe(true);
    expect(existsSync(path.join(serverDirectory, 'dist/dblp.dtd'))).toBe(true);
  });

  it('maps an error thrown in its code to the TypeScript line, as npm start runs it', () => {
    // The bundle is written without its layout (scripts/build-server.mjs); its source maps must
    // still lead a stack trace back to the source. institutionKey (common/) fails on null.
    const distDirectory = path.join(serverDirectory, 'dist');
    const chunk = readdirSync(distDirectory).find(
      (file) =>
        file.endsWith('.js') &&
        readFileSync(path.join(distDirectory, file), 'utf8').includes('function institutionKey('),
    );
    expect(chunk).toBeDefined();
    const script = `
      const chunk = await import(${JSON.stringify(pathToFileURL(path.join(distDirectory, chunk!)).href)});
      const institutionKey = Object.values(chunk).find((value) => value.name === 'institutionKey');
      try { institutionKey(null); } catch (error) { console.log(error.stack); }`;
    const stack = execFileSync(
      process.execPath,
      ['--enable-source-maps', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    expect(stack).toMatch(/at institutionKey \(.*common\/src\/institution-name\.ts:\d+:\d+\)/);
  });
});

describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('graceful shutdown', () => {
  it(
    'answers the request in flight, exits 0 on SIGTERM, and a restart keeps what it wrote',
    { timeout: 300_000 },
    async () => {
      const first = await startServer();
      const exited = once(first.child, 'exit');
      const inFlight = register(first.baseUrl, 'in.flight@example.org');
      // The sign-up hashes a password for a while; the signal arrives once the server has
      // taken the request in, in the middle of that work.
      while (!first.output.join('').includes('/v1/web/user-registration/save'))
        await new Promise((resolve) => setTimeout(resolve, 5));
      first.child.kill('SIGTERM');
      const response = await inFlight;
      expect(response.status).toBe(200);
      const [code] = await exited;
      expect(code).toBe(0);
      expect(first.output.join('')).toContain('shutting down');

      const second = await startServer();
      try {
        const again = await register(second.baseUrl, 'in.flight@example.org');
        expect(again.status).toBe(409);
      } finally {
        second.child.kill('SIGTERM');
        await once(second.child, 'exit');
      }
    },
  );
});

describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('the log', () => {
  it(
    'answers while nothing reads its log, and every line is there when it is read after the shutdown',
    { timeout: 300_000 },
    async () => {
      // The server's standard output is a named pipe that nothing reads until the end: it
      // fills after 64 KB of lines, some 200 requests' worth. (A pipe of this process's own
      // would be read into memory as it fills.) The lines that wait must neither hold up the
      // requests nor be lost when the server exits (docs/architecture.md, "Logging").
      const fifo = path.join(dataDir, 'log.fifo');
      execFileSync('mkfifo', [fifo]);
      // Each end's opening waits for the other's: the reading end opens off the main thread.
      const opening = open(fifo, 'r');
      const writer = openSync(fifo, 'w');
      const reader = await opening;
      const server = await startServer({ stdout: writer });
      closeSync(writer);
      const requests = 1_000;
      try {
        for (let index = 0; index < requests; index += 1) {
          const response = await fetch(`${server.baseUrl}/healthz`, {
            signal: AbortSignal.timeout(10_000),
          });
          expect(response.status).toBe(200);
        }
      } finally {
        const lines: string[] = [];
        const log = reader.createReadStream();
        log.on('data', (chunk) => lines.push(chunk.toString()));
        const closed = once(log, 'close');
        const exited = once(server.child, 'exit');
        server.child.kill('SIGTERM');
        const [code] = await exited;
        expect(code).toBe(0);
        await closed;
        server.output.push(...lines);
      }
      const answered = server.output
        .join('')
        .split('\n')
        .filter((line) => line.includes('"url":"/healthz"') && line.includes('"statusCode":200'));
      // The polls that found it started, then every one of these.
      expect(answered.length).toBeGreaterThanOrEqual(requests);
    },
  );
});
