// Query-builder queries built once per database handle (prepared-queries.ts), on both engines.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories.ts';
import type { Db } from './client.ts';
import { preparedOnce } from './prepared-queries.ts';
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
