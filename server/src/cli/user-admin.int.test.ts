// npm run user:admin as an operator runs it, in a child process against an embedded database
// in a data directory: it makes a confirmed account an administrator, says so, and running it
// again changes nothing; an unknown or unconfirmed address is one clear line and exit code 1.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.ts';
import { runCli } from '../../test/run-cli.ts';
import { openDatabase } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';

// The child opens the data directory itself; PostgreSQL adds nothing to what this shows.
const isPglite = process.env.TEST_DB_ENGINE !== 'postgres';

async function runUserAdmin(dataDir: string, args: string[]) {
  const { exitCode, output } = await runCli('user-admin.ts', args, { env: { DATA_DIR: dataDir } });
  return { exitCode, stderr: output };
}

describe.runIf(isPglite)('npm run user:admin', () => {
  let dataDir: string;
  let ids: { confirmed: number; unconfirmed: number };

  async function withDatabase<T>(
    use: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
  ) {
    const database = await openDatabase({ dataDir });
    try {
      return await use(database.db);
    } finally {
      await database.close();
    }
  }
  const roleOf = (id: number) =>
    withDatabase(async (db) => {
      const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
      return row?.role;
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'recuse-user-admin-'));
    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      const confirmed = await buildUser(database.db, {
        email: 'Grace.Admin@example.org',
        firstName: 'Grace',
        lastName: 'Admin',
      });
      const unconfirmed = await buildUser(database.db, {
        email: 'new@example.org',
        isEmailConfirmed: false,
      });
      ids = { confirmed: confirmed.id, unconfirmed: unconfirmed.id };
    } finally {
      await database.close();
    }
  }, 60_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('makes the account an administrator, and a second run changes nothing', async () => {
    const first = await runUserAdmin(dataDir, ['grace.admin@EXAMPLE.org']);
    expect(first).toEqual({
      exitCode: 0,
      stderr: 'Grace Admin <Grace.Admin@example.org> is now an administrator.\n',
    });
    expect(await roleOf(ids.confirmed)).toBe('admin');

    const second = await runUserAdmin(dataDir, ['grace.admin@example.org']);
    expect(second).toEqual({
      exitCode: 0,
      stderr: 'Grace Admin <Grace.Admin@example.org> is already an administrator.\n',
    });
    const audits = await withDatabase((db) =>
      db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, ids.confirmed)),
    );
    expect(audits).toEqual([{ action: 'user.grant-admin' }]);
  }, 60_000);

  it.each([
    ['nobody@example.org', 'No registered account has the e-mail address nobody@example.org.'],
    ['new@example.org', 'has not confirmed it yet'],
    ['not-an-address', 'not-an-address is not an e-mail address.'],
  ])(
    'refuses %s with one clear line and exit code 1',
    async (email, expected) => {
      const run = await runUserAdmin(dataDir, [email]);
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toContain(expected);
      expect(await roleOf(ids.unconfirmed)).toBe('user');
    },
    60_000,
  );
});
