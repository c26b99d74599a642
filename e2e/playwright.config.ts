// Browser tests: the real server (fresh embedded database with the demo accounts, real
// outbox writing to the development mailbox) serving the built web app, driven in Debian's
// Chromium. Playwright's own browser downloads are not used.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eWorkers, serverPort, serverUrl } from './support/servers.ts';

const repository = path.resolve(import.meta.dirname, '..');
// The config is read by every worker; only the main process starts the servers, so the
// directory is made once and handed down through the environment, and the server is built
// (when its sources changed) once, before the servers start side by side.
if (!process.env.E2E_DATA_DIR) {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs', 'server'], {
    cwd: repository,
    stdio: 'inherit',
  });
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'recuse-e2e-'));
  // The server serves a copy of the built web app, so a rebuild of web/dist while the suite
  // runs (the static files are listed once, at start) cannot break the pages under test.
  const builtWebApp = path.resolve(import.meta.dirname, '../web/dist');
  if (existsSync(path.join(builtWebApp, 'index.html'))) {
    cpSync(builtWebApp, path.join(process.env.E2E_DATA_DIR, 'web-dist'), { recursive: true });
  }
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  // One server per worker (support/servers.ts): a spec file runs in one worker, on its server.
  workers: e2eWorkers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    // The first server; support/test.ts gives every worker its own.
    baseURL: serverUrl(0),
    trace: 'retain-on-failure',
    // No transitions (the app respects reduced motion): axe judged a dialog's button while
    // the dialog was still fading in, partly transparent, as too low in contrast.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: e2eWorkers }, (_, index) => ({
    // The compiled server, as `npm start` runs it, on a database holding the demo and an author
    // of 3,000 imported papers (researcher-lists.spec).
    command: 'npm run db:seed -w server -- --prolific-author 3000 && npm run serve -w server',
    cwd: repository,
    url: `${serverUrl(index)}/healthz`,
    reuseExistingServer: false,
    // Seeding the 3,000 papers takes a few seconds more; a shared machine may take longer.
    timeout: 240_000,
    env: {
      PORT: String(serverPort(index)),
      HOST: '127.0.0.1',
      PUBLIC_URL: serverUrl(index),
      DATA_DIR: path.join(process.env.E2E_DATA_DIR!, `server-${index}`),
      WEB_DIST_DIR: path.join(process.env.E2E_DATA_DIR!, 'web-dist'),
      SEED_DEMO: 'yes',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      SIGN_UP_RATE_LIMIT_PER_HOUR: '1000',
      PEOPLE_SEARCH_RATE_LIMIT_PER_MINUTE: '1000',
      INVITATIONS_PER_CREATOR_PER_DAY: '1000',
      INVITATIONS_PER_ADDRESS_PER_DAY: '1000',
      NODE_ENV: 'test',
    },
  })),
});
