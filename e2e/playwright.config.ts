// Browser tests: the real server (fresh embedded database with the demo accounts, real
// outbox writing to the development mailbox) serving the built web app, driven in Debian's
// Chromium. Playwright's own browser downloads are not used.
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// The config is read by every worker; only the main process starts the server, so the
// directory is made once and handed down through the environment.
if (!process.env.E2E_DATA_DIR) {
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
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL,
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
  webServer: {
    // The compiled server, as `npm start` runs it (built first if its sources changed), on a
    // database holding the demo and an author of 3,000 imported papers (researcher-lists.spec).
    command:
      'node scripts/build-if-needed.mjs server && npm run db:seed -w server -- --prolific-author 3000 && npm run serve -w server',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // Seeding the 3,000 papers takes a few seconds more; a shared machine may take longer.
    timeout: 240_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_DIST_DIR: path.join(process.env.E2E_DATA_DIR, 'web-dist'),
      SEED_DEMO: 'yes',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      SIGN_UP_RATE_LIMIT_PER_HOUR: '1000',
      PEOPLE_SEARCH_RATE_LIMIT_PER_MINUTE: '1000',
      INVITATIONS_PER_CREATOR_PER_DAY: '1000',
      INVITATIONS_PER_ADDRESS_PER_DAY: '1000',
      NODE_ENV: 'test',
    },
  },
});
