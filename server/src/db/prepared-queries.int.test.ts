// Query-builder queries built once per database handle, and hand-written statements built once per
// key (prepared-queries.ts), on both engines.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories.ts';
import type { Db } from './client.ts';
import { StatementsBuiltOnce, preparedOnce } from './prepared-queries.ts';
import { users } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('a query prepared once per database handle', () => {
  const handles: Db[] = [];
  const lastNameOf = preparedOnce((db) => {
    handles.push(db);
    return db
      .select({ lastName: users.lastName })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')));
  });

  it('answers each call with its own values, and is built once per handle', async () => {
    const ada = await buildUser(t.db, { lastName: 'Lovelace' });
    const alan = await buildUser(t.db, { lastName: 'Turing' });
    const answers = [];
    for (const id of [ada.id, alan.id, ada.id])
      answers.push(await lastNameOf(t.db).execute({ id }));
    expect(answers).toEqual([
      [{ lastName: 'Lovelace' }],
      [{ lastName: 'Turing' }],
      [{ lastName: 'Lovelace' }],
    ]);
    expect(handles.filter((handle) => handle === t.db)).toHaveLength(1);
  });

  it('runs in the transaction it is asked for, seeing what that transaction wrote', async () => {
    const grace = await buildUser(t.db, { lastName: 'Hopper' });
    let inside: unknown;
    const rolledBack = t.db.transaction(async (tx) => {
      await tx.update(users).set({ lastName: 'Hopper (renamed)' }).where(eq(users.id, grace.id));
      inside = await lastNameOf(tx).execute({ id: grace.id });
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow(/rollback/i);
    expect(inside).toEqual([{ lastName: 'Hopper (renamed)' }]);
    expect(await lastNameOf(t.db).execute({ id: grace.id })).toEqual([{ lastName: 'Hopper' }]);
  });
});

describe('hand-written statements built once per key', () => {
  const statements = new StatementsBuiltOnce();
  let builds: string[] = [];
  // The key says what the text depends on besides the placeholder: here, the name's spelling.
  const nameOf = (id: number, spelling: 'plain' | 'upper') =>
    statements.rows<{ name: string }>(
      t.db,
      spelling,
      () => {
        builds.push(spelling);
        const name = spelling === 'upper' ? sql`upper(last_name)` : sql`last_name`;
        return sql`select ${name} as name from users where id = ${sql.placeholder('id')}`;
      },
      { id },
    );

  it('answers each call with its own values, building the text of each key once', async () => {
    builds = [];
    const ada = await buildUser(t.db, { lastName: 'Lovelace' });
    const alan = await buildUser(t.db, { lastName: 'Turing' });
    const answers = [];
    for (const [id, spelling] of [
      [ada.id, 'plain'],
      [alan.id, 'plain'],
      [ada.id, 'upper'],
      [alan.id, 'upper'],
      [ada.id, 'plain'],
    ] as const)
      answers.push((await nameOf(id, spelling))[0]?.name);
    expect(answers).toEqual(['Lovelace', 'Turing', 'LOVELACE', 'TURING', 'Lovelace']);
    expect(builds).toEqual(['plain', 'upper']);
  });

  it('runs in the transaction it is asked for, seeing what that transaction wrote', async () => {
    const grace = await buildUser(t.db, { lastName: 'Hopper' });
    let inside: unknown;
    const rolledBack = t.db.transaction(async (tx) => {
      await tx.update(users).set({ lastName: 'Hopper (renamed)' }).where(eq(users.id, grace.id));
      inside = await statements.rows(tx, 'plain', () => sql`unused`, { id: grace.id });
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow(/rollback/i);
    expect(inside).toEqual([{ name: 'Hopper (renamed)' }]);
  });

  it('builds the oldest key again once more keys than it keeps were asked for', async () => {
    const kept = new StatementsBuiltOnce();
    const built: number[] = [];
    const ask = (key: number) =>
      kept.rows<{ key: number }>(
        t.db,
        String(key),
        () => {
          built.push(key);
          return sql`select ${sql.raw(String(key))}::int as key, ${sql.placeholder('id')}::int as id`;
        },
        { id: 1 },
      );
    for (let key = 0; key <= StatementsBuiltOnce.maxKeys; key += 1) await ask(key);
    expect(await ask(0)).toEqual([{ key: 0, id: 1 }]);
    expect(built.filter((key) => key === 0)).toHaveLength(2);
    expect(await ask(StatementsBuiltOnce.maxKeys)).toEqual([
      { key: StatementsBuiltOnce.maxKeys, id: 1 },
    ]);
    expect(built.filter((key) => key === StatementsBuiltOnce.maxKeys)).toHaveLength(1);
  });
});
