// The built production server as a benchmark drives it: built first if missing (as npm start
// does), started as its own process, waited for, and stopped. Used by bench:start and
// bench:load, so both measure what `npm start` runs (docs/architecture.md, "Build and start").
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { repositoryDirectory, serverDirectory } from '../src/paths.ts';

/** Builds the web app and the server where they are missing or older than their sources. */
export function buildIfNeeded(): void {
  execFileSync(process.execPath, [path.join(repositoryDirectory, 'scripts/build-if-needed.mjs')], {
    stdio: 'inherit',
  });
}

/**
 * `node server/dist/main.js` in production mode with `env` on top and `nodeOptions` (such as
 * `--cpu-prof`) before the script; its stdout is dropped. `entry` names another build's
 * main.js instead (bench:start --compare-with).
 */
export function startBuiltServer(
  env: Record<string, string>,
  nodeOptions: string[] = [],
  entry = 'dist/main.js',
): ChildProcess {
  return spawn(process.execPath, ['--enable-source-maps', ...nodeOptions, entry], {
    cwd: serverDirectory,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', ...env },
  });
}

/** Milliseconds from `since` until `url` answers 200, asking every 2 ms, at most 120 s. */
export async function timeUntilAnswer(
  server: ChildProcess,
  url: string,
  since: number,
  accept = 'application/json',
): Promise<number> {
  const deadline = since + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const isOk = await fetch(url, { headers: { accept } }).then(
      (response) => response.ok,
      () => false,
    );
    if (isOk) return performance.now() - since;
    if (performance.now() > deadline) throw new Error(`${url} did not answer in 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** SIGTERM, and wait for the exit. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** A port nothing listens on at the moment. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** CPU seconds (user + system) a process has used so far, or NaN where /proc is missing. */
export function processCpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in 1/100 s ticks
  } catch {
    return Number.NaN;
  }
}
