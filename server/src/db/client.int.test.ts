// How the app's PostgreSQL connections are set up (db/client.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { openDatabase, queryRows } from './client.ts';

const url = process.env.TEST_DATABASE_URL;
const isPostgres = process.env.TEST_DB_ENGINE === 'postgres' && url !== undefined;

describe.skipIf(!isPostgres)("the app's PostgreSQL connections", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: url! });
  });
  afterAll(() => database.close());

  // On an imported DBLP, JIT compilation added up to 0.6 s to a chair's matrix statement and
  // saved nothing (docs/benchmarks.md, "The chair's committee × submissions matrix").
  it('run without JIT compilation, on every pooled connection', async () => {
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        database.db.transaction(async (tx) => {
          const [row] = await queryRows<{ jit: string; pid: number }>(
            tx,
            sql`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05)`,
          );
          return row!;
        }),
      ),
    );
    expect(new Set(settings.map((row) => row.pid)).size).toBe(4);
    expect(settings.map((row) => row.jit)).toEqual(['off', 'off', 'off', 'off']);
  });

  it('are at most as many as the pool size asks, the rest waiting their turn', async () => {
    const small = await openDatabase({ url: url!, poolSize: 2 });
    try {
      const rows = await Promise.all(
        Array.from({ length: 6 }, () =>
          queryRows<{ pid: number }>(
            small.db,
            sql`select pg_backend_pid() as pid, pg_sleep(0.05)`,
          ).then(([row]) => row!),
        ),
      );
      expect(rows).toHaveLength(6);
      expect(new Set(rows.map((row) => row.pid)).size).toBe(2);
    } finally {
      await small.close();
    }
  });
});
