// One way to get an app for an API test: a fresh, migrated database (in-memory PGlite, or a
// new database on the PostgreSQL server of TEST_DATABASE_URL when the int-postgres project
// runs), the real mail outbox writing .eml files into a temporary DATA_DIR, and inject().
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { loadConfig } from '../src/config.ts';
import type { ChangeFeed } from '../src/db/change-feed.ts';
import type { Database, Db } from '../src/db/client.ts';
import { openDatabase } from '../src/db/client.ts';
import type { MailboxMessage } from '../src/mail/mailbox.ts';
import { readMailbox } from '../src/mail/mailbox.ts';
import { mailDirectory } from '../src/mail/transport.ts';
import { pgliteImageVariable, postgresTemplateVariable } from './global-setup.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  engine: Database['engine'];
  /** The change feed the app keeps its sessions by (server/src/db/change-feed.ts). */
  changes: ChangeFeed;
  /** Delivers every queued mail through the real outbox and returns the mailbox, newest first. */
  deliverMail(): Promise<MailboxMessage[]>;
  /**
   * Another instance of the app on the same database, as behind a load balancer: on
   * PostgreSQL with its own connection pool; on PGlite (one process only) on the same client.
   */
  startAnotherInstance(): Promise<{ app: FastifyInstance; close(): Promise<void> }>;
  /** Closes the app's database under the running app, as an outage would (close() copes). */
  stopDatabase(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Where the app's log lines go (set LOG_LEVEL too: tests run silent by default). */
  logStream?: DestinationStream;
  /**
   * PostgreSQL only: the app connects through this URL instead (a proxy a test can cut),
   * given the test database's own URL. Migrations still run over the direct connection.
   */
  appDatabaseUrl?: (directUrl: string) => string;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'recuse-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://recuse.test',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    SIGN_UP_RATE_LIMIT_PER_HOUR: '1000',
    PEOPLE_SEARCH_RATE_LIMIT_PER_MINUTE: '1000',
    INVITATIONS_PER_CREATOR_PER_DAY: '1000',
    INVITATIONS_PER_ADDRESS_PER_DAY: '1000',
    CONFIRMATION_RESENDS_PER_ADDRESS_PER_HOUR: '1000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const { database, openAgain, dropDatabase, url, isMigrated } = await openTestDatabase();
  if (!isMigrated) await database.migrate();
  const appDatabase =
    options.appDatabaseUrl && url
      ? await openDatabase({ url: options.appDatabaseUrl(url) })
      : database;
  const changes = await appDatabase.openChangeFeed();
  const app = await buildApp({
    config,
    db: appDatabase.db,
    logStream: options.logStream,
    changes,
  });
  await app.ready();
  let isDatabaseOpen = true;
  const closeDatabase = async () => {
    if (!isDatabaseOpen) return;
    isDatabaseOpen = false;
    await changes.close();
    await appDatabase.close();
  };
  const instances: Array<() => Promise<void>> = [];
  return {
    app,
    db: database.db,
    config,
    engine: database.engine,
    changes,
    async deliverMail() {
      await app.jobs.runUntilIdle();
      return readMailbox(mailDirectory(config));
    },
    async startAnotherInstance() {
      const other = await openAgain();
      const otherChanges = await other.openChangeFeed();
      const otherApp = await buildApp({ config, db: other.db, changes: otherChanges });
      await otherApp.ready();
      let isClosed = false;
      const close = async () => {
        if (isClosed) return;
        isClosed = true;
        await otherApp.close();
        await otherChanges.close();
        await other.close();
      };
      instances.push(close);
      return { app: otherApp, close };
    },
    stopDatabase: closeDatabase,
    async close() {
      await Promise.all(instances.map((closeInstance) => closeInstance()));
      await app.close();
      await closeDatabase();
      if (appDatabase !== database) await database.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database of the engine under test, as buildTestApp opens it. */
export async function openTestDatabase(): Promise<{
  database: Database;
  /** A second connection to the same database; closing it leaves the first open. */
  openAgain: () => Promise<Pick<Database, 'db' | 'close' | 'openChangeFeed'>>;
  dropDatabase: () => Promise<void>;
  /** PostgreSQL only: the test database's URL. */
  url?: string;
  /** Started from the global setup's migrated database (global-setup.ts). */
  isMigrated: boolean;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_ENGINE !== 'postgres') {
    const imagePath = process.env[pgliteImageVariable];
    const image = imagePath ? new Blob([await readFile(imagePath)]) : undefined;
    const database = await openDatabase({ memory: true, image });
    return {
      database,
      isMigrated: image !== undefined,
      openAgain: async () => ({
        db: database.db,
        openChangeFeed: () => database.openChangeFeed(),
        close: async () => {},
      }),
      dropDatabase: async () => {},
    };
  }
  if (!url) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `recuse_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = process.env[postgresTemplateVariable];
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  return {
    database: await openDatabase({ url: testUrl.toString() }),
    url: testUrl.toString(),
    isMigrated: template !== undefined,
    openAgain: () => openDatabase({ url: testUrl.toString() }),
    async dropDatabase() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
