// Sessions kept in memory (session-cache.ts; docs/security.md, "Sessions kept in memory"): what
// a signed-in client sees when its account or its sign-in changes, in this instance, in another
// instance, or straight in the database.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import { bearer, buildUser, signIn } from '../../../test/factories.ts';
import { users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const adminPage = (tokens: Tokens, userId: number) =>
  t.app.inject({ url: `/v1/web/admin/users/${userId}`, headers: bearer(tokens) });

describe('a signed-in session kept in memory', () => {
  it('follows a role granted and revoked straight in the database at the next request', async () => {
    const user = await buildUser(t.db);
    const tokens = await signIn(t.app, user.email!);
    expect((await adminPage(tokens, user.id)).statusCode).toBe(403);

    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    expect((await adminPage(tokens, user.id)).statusCode).toBe(200);

    await t.db.update(users).set({ role: 'user' }).where(eq(users.id, user.id));
    expect((await adminPage(tokens, user.id)).statusCode).toBe(403);
  });

  it('refuses a token revoked straight in the database at the next request', async () => {
    const user = await buildUser(t.db);
    const tokens = await signIn(t.app, user.email!);
    const profile = () => t.app.inject({ url: '/v1/web/user/profile', headers: bearer(tokens) });
    expect((await profile()).statusCode).toBe(200);
    await t.db.execute(sql`update tokens set revoked_at = now() where user_id = ${user.id}`);
    expect((await profile()).statusCode).toBe(401);
  });

  it('stops serving a session signed out on another instance within moments', async () => {
    const other = await t.startAnotherInstance();
    const user = await buildUser(t.db);
    const tokens = await signIn(t.app, user.email!);
    const profileThere = () =>
      other.app.inject({ url: '/v1/web/user/profile', headers: bearer(tokens) });
    expect((await profileThere()).statusCode).toBe(200);
    expect((await profileThere()).statusCode).toBe(200);

    await t.app.inject({ url: '/v1/user/logout', headers: bearer(tokens) });
    // The other instance hears of it when the sign-out commits, over its own connection.
    await expect.poll(async () => (await profileThere()).statusCode, { timeout: 5_000 }).toBe(401);
    await other.close();
  });

  it('refuses a deleted account at its next request, in the instance that deleted it', async () => {
    const user = await buildUser(t.db);
    const tokens = await signIn(t.app, user.email!);
    expect(
      (await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(tokens) })).statusCode,
    ).toBe(200);
    await t.db.update(users).set({ kind: 'deleted' }).where(eq(users.id, user.id));
    const after = await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(tokens) });
    expect(after.statusCode).toBe(401);
  });
});
