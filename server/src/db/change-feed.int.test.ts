// The database's change announcements (change-feed.ts, migration 0027) on both engines.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { queryRows } from './client.ts';
import { listenerName } from './change-feed.ts';

const isPostgres = process.env.TEST_DB_ENGINE === 'postgres';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function insertUser(kind: string, email: string | null): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into users (kind, first_name, last_name, email)
        values (${kind}, 'Feed', 'Person', ${email}) returning id`,
  );
  return row!.id;
}

describe('the change feed', () => {
  it('announces a change to an account before the change returns, and none for a DBLP person', async () => {
    const account = await insertUser('registered', 'feed-account@example.org');
    const person = await insertUser('dblp_only', null);
    const heard: string[] = [];
    const unsubscribe = t.changes.subscribe({
      scopes: ['user'],
      onChange: (change) => heard.push(`user:${change.userId}`),
      onReset: () => {},
    });
    await t.db.execute(
      sql`update users set first_name = 'Changed' where id in (${account}, ${person})`,
    );
    unsubscribe();
    // On PostgreSQL the feed's own connection may hear it a second time, a moment later.
    expect(heard).toContain(`user:${account}`);
    expect(heard).not.toContain(`user:${person}`);
  });

  it('announces an access token revoked or deleted, and not a refresh token used', async () => {
    const account = await insertUser('registered', 'feed-tokens@example.org');
    const insertToken = (kind: string, hash: string) =>
      t.db.execute(
        sql`insert into tokens (user_id, kind, token_hash, expires_at)
            values (${account}, ${kind}, ${hash}, now() + interval '1 hour')`,
      );
    await insertToken('access', `feed-access-${account}`);
    await insertToken('refresh', `feed-refresh-${account}`);
    const heard: string[] = [];
    const unsubscribe = t.changes.subscribe({
      scopes: ['user'],
      onChange: (change) => heard.push(`user:${change.userId}`),
      onReset: () => {},
    });
    await t.db.execute(
      sql`update tokens set used_at = now() where kind = 'refresh' and user_id = ${account}`,
    );
    expect(heard).not.toContain(`user:${account}`);
    await t.db.execute(sql`update tokens set revoked_at = now() where user_id = ${account}`);
    expect(heard).toContain(`user:${account}`);
    heard.length = 0;
    await t.db.execute(sql`delete from tokens where user_id = ${account}`);
    unsubscribe();
    expect(heard).toContain(`user:${account}`);
  });

  it.skipIf(!isPostgres)(
    'tells its subscribers when its connection is lost, and is live again once it reconnects',
    async () => {
      await expect.poll(() => t.changes.isLive(), { timeout: 5_000 }).toBe(true);
      let losses = 0;
      const unsubscribe = t.changes.subscribe({
        scopes: ['user', 'conferences'],
        onChange: () => {},
        onReset: () => (losses += 1),
      });
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where application_name = ${listenerName} and datname = current_database()`,
      );
      await expect.poll(() => losses, { timeout: 5_000 }).toBe(1);
      expect(t.changes.isLive()).toBe(false);
      await expect.poll(() => t.changes.isLive(), { timeout: 10_000 }).toBe(true);
      unsubscribe();
    },
  );
});
