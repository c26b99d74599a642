import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NamedStatementClient } from './named-statements.ts';
import { statementNameFor } from './statement-names.ts';

const url = process.env.TEST_DATABASE_URL;
const isPostgres = process.env.TEST_DB_ENGINE === 'postgres' && url !== undefined;

describe.skipIf(!isPostgres)('statements prepared once per connection (PostgreSQL)', () => {
  let client: NamedStatementClient;
  const preparedNames = async () =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements order by name'))
      .rows;

  beforeAll(async () => {
    client = new NamedStatementClient({ connectionString: url });
    await client.connect();
  });
  afterAll(() => client.end());

  it('prepares a query with values once and answers every call with its own values', async () => {
    const text = 'select $1::int * 2 as doubled';
    const answers = [];
    for (const value of [1, 2, 3]) {
      answers.push((await client.query({ text, values: [value] })).rows[0]);
    }
    expect(answers).toEqual([{ doubled: 2 }, { doubled: 4 }, { doubled: 6 }]);
    expect(await preparedNames()).toEqual([{ name: statementNameFor(text, true) }]);
  });

  it('names a query given an empty name by its text, as Drizzle’s prepared queries ask', async () => {
    const text = 'select $1::int * 3 as tripled';
    for (const value of [1, 2]) {
      expect((await client.query({ name: '', text, values: [value] })).rows).toEqual([
        { tripled: value * 3 },
      ]);
    }
    expect(await preparedNames()).toContainEqual({ name: statementNameFor(text, true) });
  });

  it('keeps answering after a call whose value the prepared statement refuses', async () => {
    const text = 'select $1::int + 1 as next';
    await expect(client.query({ text, values: ['not a number'] })).rejects.toThrow(/integer/);
    expect((await client.query({ text, values: [41] })).rows).toEqual([{ next: 42 }]);
    expect((await client.query(text, [9])).rows).toEqual([{ next: 10 }]);
  });

  it('leaves statements without values unprepared', async () => {
    const before = (await preparedNames()).length;
    await client.query({ text: "select 'plain' as kind" });
    await client.query('select 1 as one');
    expect(await preparedNames()).toHaveLength(before);
  });

  it("answers queries asked together one after another, without node-postgres' deprecated queue", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const sleepThenEcho = 'select pg_sleep(0.05), $1::int as echo';
      const answers = await Promise.all(
        [1, 2, 3].map((value) => client.query({ text: sleepThenEcho, values: [value] })),
      );
      expect(answers.map((answer) => answer.rows[0].echo)).toEqual([1, 2, 3]);
      // A failing query does not stop the ones asked after it.
      const [failed, next] = await Promise.allSettled([
        client.query({ text: 'select $1::int as n', values: ['x'] }),
        client.query({ text: 'select $1::int as n', values: [7] }),
      ]);
      expect(failed.status).toBe('rejected');
      expect(next).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 7 }] } });
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
