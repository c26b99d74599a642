// Statements prepared once per embedded database (pglite-statements.ts): the answers, errors
// and transactions of PGlite's own `query`, with each text parsed and planned once.
import { readFile } from 'node:fs/promises';
import { PGlite, messages, types } from '@electric-sql/pglite';
import type { QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteImageVariable } from '../../test/global-setup.ts';
import type { Database } from './client.ts';
import { openDatabase, queryRows } from './client.ts';
import { databaseErrorCode, findViolatedUniqueIndex } from './errors.ts';
import { maxNamedTexts, statementNameFor } from './statement-names.ts';
import { PreparedStatementPGlite } from './pglite-statements.ts';
import { users } from './schema.ts';

const isPostgres = process.env.TEST_DB_ENGINE === 'postgres';

describe.skipIf(isPostgres)('statements prepared once per PGlite database', () => {
  let database: Database;
  let client: PreparedStatementPGlite;
  /** PGlite's own query on the same database: an unnamed statement, as before. */
  const unnamed = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    PGlite.prototype.query.call(client, text, params, options) as ReturnType<
      typeof client.query<T>
    >;
  /** The database's prepared statements and how often each ran. */
  const prepared = async () =>
    (
      await client.query<{ name: string; runs: number }>(
        `select name, (generic_plans + custom_plans)::int as runs
           from pg_prepared_statements order by name`,
      )
    ).rows;
  const runsOf = async (text: string) =>
    (await prepared()).find((statement) => statement.name === statementNameFor(text, true))?.runs;

  beforeAll(async () => {
    const imagePath = process.env[pgliteImageVariable];
    const image = imagePath ? new Blob([await readFile(imagePath)]) : undefined;
    database = await openDatabase({ memory: true, image });
    if (!image) await database.migrate();
    client = (database.db as unknown as { $client: PreparedStatementPGlite }).$client;
    await client.exec(`
      create table typed (
        id int primary key, small int2, big int8, amount numeric, ratio float8, flag bool,
        label text, code varchar(8), day date, at timestamp, at_zone timestamptz,
        span interval, doc json, docb jsonb, ids int[], words text[], bytes bytea, key uuid
      );
      create table tallies (name text primary key, n int not null check (n >= 0));
    `);
  });
  afterAll(() => database.close());

  it('is how the app opens PGlite', () => {
    expect(client).toBeInstanceOf(PreparedStatementPGlite);
  });

  it('answers with the same rows, fields and types as PGlite’s own query', async () => {
    const insert = `insert into typed values
      ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`;
    const filled = [
      1,
      7,
      9007199254740993n,
      '12345.678901234567890',
      0.25,
      true,
      'naïve "quoted" \\ text',
      'abc',
      '2026-11-28',
      new Date('2026-11-28T10:11:12.345Z'),
      new Date('2026-11-28T10:11:12.345Z'),
      '1 year 2 mons 3 days 04:05:06',
      { a: [1, 'two', null], b: { c: true } },
      { z: 1, a: 'x' },
      [1, 2, null, 3],
      ['a', 'b c', null, '"d"'],
      new Uint8Array([0, 1, 2, 254, 255]),
      '7b2a3c1e-9f1d-4c3a-8a55-2f0f4e5d6c7b',
    ];
    await client.query(insert, filled);
    await unnamed(insert, [2, ...filled.slice(1, 17).map(() => null), null]);
    const select = 'select * from typed where id = any($1::int[]) order by id';
    // As Drizzle asks: rows as objects (raw SQL) or as arrays (its query builder), dates and
    // intervals left as text.
    const drizzleParsers = {
      [types.TIMESTAMP]: (value: string) => value,
      [types.TIMESTAMPTZ]: (value: string) => value,
      [types.INTERVAL]: (value: string) => value,
      [types.DATE]: (value: string) => value,
    };
    for (const options of [
      undefined,
      { rowMode: 'object' as const, parsers: drizzleParsers },
      { rowMode: 'array' as const, parsers: drizzleParsers },
    ]) {
      const viaPrepared = await client.query(select, ['{1,2}'], options);
      const viaQuery = await unnamed(select, ['{1,2}'], options);
      expect(viaPrepared).toEqual(viaQuery);
      expect(viaPrepared.rows).toHaveLength(2);
    }
    const [row] = (await client.query<Record<string, unknown>>(select, ['{1}'])).rows;
    expect(row).toMatchObject({
      big: 9007199254740993n,
      at: new Date('2026-11-28T10:11:12.345Z'),
      doc: { a: [1, 'two', null], b: { c: true } },
      ids: [1, 2, null, 3],
      bytes: new Uint8Array([0, 1, 2, 254, 255]),
    });
    expect(await runsOf(select)).toBe(4);
  });

  it('applies the parsers a query brings, as PGlite’s own query does, whichever came before', async () => {
    const text = `select $1::int as n, $2::timestamp as at, array[$2::timestamp] as ats,
                         $3::date as day`;
    const values = [7, '2026-11-28 10:11:12', '2026-11-28'];
    const keep = (value: string) => value;
    // Drizzle's: dates and timestamps, and their arrays, as the text PostgreSQL sent.
    const keepingText = {
      [types.TIMESTAMP]: keep,
      [types.DATE]: keep,
      1115: keep,
      1182: keep,
    };
    // The same type ids, parsed otherwise: must not be mistaken for the set above.
    const marking = {
      [types.TIMESTAMP]: (value: string) => `at ${value}`,
      [types.DATE]: (value: string) => `on ${value}`,
      1115: (value: string) => `all ${value}`,
      1182: keep,
    };
    const tenfold = { [types.INT4]: (value: string) => Number(value) * 10 };
    const answers = [];
    for (const parsers of [keepingText, marking, tenfold, keepingText, undefined]) {
      const options = parsers && { parsers };
      const viaPrepared = await client.query(text, values, options);
      expect(viaPrepared).toEqual(await unnamed(text, values, options));
      answers.push(viaPrepared.rows[0]);
    }
    const asText = {
      n: 7,
      at: '2026-11-28 10:11:12',
      ats: '{"2026-11-28 10:11:12"}',
      day: '2026-11-28',
    };
    expect(answers).toEqual([
      asText,
      {
        n: 7,
        at: 'at 2026-11-28 10:11:12',
        ats: 'all {"2026-11-28 10:11:12"}',
        day: 'on 2026-11-28',
      },
      expect.objectContaining({ n: 70, at: new Date('2026-11-28T10:11:12') }),
      asText,
      expect.objectContaining({ n: 7, ats: [new Date('2026-11-28T10:11:12')] }),
    ]);
  });

  it('parses a text once and then only binds and executes it', async () => {
    const text = 'select $1::int * 2 as doubled';
    const answers = [];
    for (const value of [1, 2, 3]) answers.push((await client.query(text, [value])).rows[0]);
    expect(answers).toEqual([{ doubled: 2 }, { doubled: 4 }, { doubled: 6 }]);
    // One statement under the text's name, run three times.
    expect((await prepared()).filter((s) => s.name === statementNameFor(text, true))).toEqual([
      { name: statementNameFor(text, true), runs: 3 },
    ]);
    // Through Drizzle too.
    const viaDrizzle = sql`select ${5}::int * 4 as quadrupled`;
    const drizzleText = new PgDialect().sqlToQuery(viaDrizzle).sql;
    for (let index = 0; index < 2; index += 1) {
      expect(await queryRows(database.db, viaDrizzle)).toEqual([{ quadrupled: 20 }]);
    }
    expect(
      (await prepared()).filter((s) => s.name === statementNameFor(drizzleText, true)),
    ).toEqual([{ name: statementNameFor(drizzleText, true), runs: 2 }]);
  });

  it('leaves texts without values unprepared', async () => {
    const before = (await prepared()).length;
    await client.query("select 'plain' as kind");
    await client.query('select 1 as one', []);
    expect(await prepared()).toHaveLength(before);
  });

  it('throws the error PGlite’s query throws, with the same fields', async () => {
    const insert = 'insert into users (kind, email) values ($1, $2)';
    await client.query(insert, ['registered', 'twice@example.org']);
    const caught = async (run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (error) {
        return error as messages.DatabaseError & Record<string, unknown>;
      }
      throw new Error('did not fail');
    };
    const params = ['invited', 'TWICE@example.org'];
    const viaPrepared = await caught(() => client.query(insert, params));
    const viaQuery = await caught(() => unnamed(insert, params));
    expect(viaPrepared).toBeInstanceOf(messages.DatabaseError);
    const fields = (error: messages.DatabaseError & Record<string, unknown>) => ({
      message: error.message,
      ...Object.fromEntries(
        ['code', 'constraint', 'detail', 'table', 'schema', 'severity', 'query', 'params'].map(
          (field) => [field, error[field]],
        ),
      ),
    });
    expect(fields(viaPrepared)).toEqual(fields(viaQuery));
    expect(viaPrepared).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
    // Through Drizzle, as errors.ts reads it.
    const drizzleError = await caught(() =>
      database.db.insert(users).values({ kind: 'registered', email: 'Twice@example.org' }),
    );
    expect(databaseErrorCode(drizzleError)).toBe('23505');
    expect(findViolatedUniqueIndex(drizzleError)).toBe('users_email_unique');
    // The statement still answers.
    await client.query(insert, ['registered', 'once@example.org']);
  });

  it('prepares a text again after a Parse that failed', async () => {
    const text = 'select $1::int + nothing_here as next';
    await expect(client.query(text, [1])).rejects.toMatchObject({ code: '42703' });
    await expect(client.query(text, [1])).rejects.toMatchObject({ code: '42703' });
    expect(await runsOf(text)).toBeUndefined();
    // A value the prepared statement refuses fails its call only.
    const next = 'select $1::int + 1 as next';
    await expect(client.query(next, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await client.query(next, [41])).rows).toEqual([{ next: 42 }]);
  });

  it('keeps transactions as they were: a failed statement aborts it, and it rolls back', async () => {
    const add = 'insert into tallies values ($1, $2)';
    const count = 'select count(*)::int as n from tallies where name like $1';
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tallies values (${'kept?'}, ${1})`);
        await expect(
          tx.execute(sql`insert into tallies values (${'bad'}, ${-1})`),
        ).rejects.toMatchObject({ cause: { code: '23514', constraint: 'tallies_n_check' } });
        // The transaction is aborted: the next statement fails too, whatever it is.
        await tx.execute(sql`select ${1}::int as one`);
      }),
    ).rejects.toMatchObject({ cause: { code: '25P02' } });
    expect((await client.query(count, ['%'])).rows).toEqual([{ n: 0 }]);

    // A statement first prepared inside a transaction that rolled back stays prepared.
    const firstInRollback = 'select $1::text as echoed';
    await client
      .transaction(async (tx) => {
        expect((await tx.query(firstInRollback, ['in'])).rows).toEqual([{ echoed: 'in' }]);
        await tx.rollback();
      })
      .catch(() => {});
    expect((await client.query(firstInRollback, ['out'])).rows).toEqual([{ echoed: 'out' }]);
    expect(await runsOf(firstInRollback)).toBe(2);

    // Inside a transaction, a statement sees its writes; outside, a statement waits for the
    // transaction to end instead of running inside it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside: unknown;
    const transaction = client.transaction(async (tx) => {
      await tx.query(add, ['a', 1]);
      inside = (await tx.query(count, ['a'])).rows;
      await held;
      await tx.query(add, ['b', 2]);
    });
    const outside = client.query(count, ['%']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(inside).toEqual([{ n: 1 }]);
    expect((await outside).rows).toEqual([{ n: 2 }]);

    // PGlite's transaction object refuses once the transaction is over, as before.
    let finished!: Parameters<Parameters<typeof client.transaction>[0]>[0];
    await client.transaction(async (tx) => {
      finished = tx;
    });
    await expect(finished.query(count, ['%'])).rejects.toThrow('Transaction is closed');
  });

  it('runs Drizzle transactions and savepoints through prepared statements', async () => {
    const names = sql`select name from tallies where name = any(${'{s1,s2}'}::text[]) order by name`;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tallies values (${'s1'}, ${1})`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into tallies values (${'s2'}, ${1})`);
          throw new Error('roll back to the savepoint');
        })
        .catch(() => {});
      expect(await queryRows(tx, names)).toEqual([{ name: 's1' }]);
    });
    expect(await queryRows(database.db, names)).toEqual([{ name: 's1' }]);
  });

  // Last: it fills the process's list of named texts (named-statements.ts).
  it('sends texts past the cap unnamed, and keeps preparing those named before it', async () => {
    const known = 'select $1::int - 1 as previous';
    await client.query(known, [1]);
    for (let index = 0; statementNameFor(`select $1::int + ${index}`, true); index += 1) {
      expect(index).toBeLessThan(maxNamedTexts);
    }
    const before = (await prepared()).length;
    const pastCap = 'select $1::int * 3 as tripled';
    expect((await client.query(pastCap, [2])).rows).toEqual([{ tripled: 6 }]);
    expect((await client.query(pastCap, [3])).rows).toEqual([{ tripled: 9 }]);
    expect(await prepared()).toHaveLength(before);
    expect((await client.query(known, [5])).rows).toEqual([{ previous: 4 }]);
    expect(await runsOf(known)).toBe(2);
  });
});
