// A start migrates only a database that lacks migrations (client.ts, hasEveryMigration): one
// that has them all is left as it is, and one a migration behind gets it.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { serverDirectory } from '../paths.ts';
import { openTestDatabase } from '../../test/build-test-app.ts';
import { hasEveryMigration, queryRows } from './client.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function migratedDatabase() {
  const { database, dropDatabase, isMigrated } = await openTestDatabase();
  cleanups.push(async () => {
    await database.close();
    await dropDatabase();
  });
  if (!isMigrated) await database.migrate();
  return database;
}

/** A copy of drizzle/ whose journal lists one more migration, newer than all the others. */
async function migrationsWithOneMore(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'recuse-migrations-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  await cp(path.join(serverDirectory, 'drizzle'), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };
  const newest = journal.entries.at(-1)!;
  journal.entries.push({
    ...newest,
    idx: newest.idx + 1,
    when: newest.when + 1,
    tag: '9999_next',
  });
  await writeFile(journalFile, JSON.stringify(journal));
  await writeFile(path.join(folder, '9999_next.sql'), 'select 1;');
  return folder;
}

describe('migrating at start', () => {
  it('leaves a database with every migration as it is', async () => {
    const database = await migratedDatabase();
    const count = sql`select count(*)::int as applied from drizzle.__drizzle_migrations`;
    const before = await queryRows<{ applied: number }>(database.db, count);

    expect(await hasEveryMigration(database.db)).toBe(true);
    await database.migrate();
    expect(await queryRows<{ applied: number }>(database.db, count)).toEqual(before);
  });

  it('migrates a database that lacks the newest migration, and one with no record of any', async () => {
    const database = await migratedDatabase();
    expect(await hasEveryMigration(database.db, await migrationsWithOneMore())).toBe(false);

    const { database: empty, dropDatabase } = await openTestDatabase();
    cleanups.push(async () => {
      await empty.close();
      await dropDatabase();
    });
    await empty.db.execute(sql`drop schema if exists drizzle cascade`);
    expect(await hasEveryMigration(empty.db)).toBe(false);
  });
});
