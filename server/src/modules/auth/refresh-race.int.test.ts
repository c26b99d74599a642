// Two refreshes with one refresh token (a retry after a lost answer, two tabs) must not sign
// the user out; a reuse after the grace period still revokes the sign-in (docs/security.md
// section 8).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import { bearer, buildUser, form, signIn } from '../../../test/factories.ts';
import { hashSecret } from './secrets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/user/refresh',
    ...form({ action: 'refresh', api_key: 'recuse-web', refresh_token: refreshToken }),
  });

const profileStatus = async (tokens: Tokens) =>
  (await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(tokens) })).statusCode;

/** Moves a refresh token's use back in time, past the grace period. */
const usedLongAgo = (refreshToken: string) =>
  t.db.execute(
    sql`update tokens set used_at = now() - interval '1 minute'
         where token_hash = ${hashSecret(refreshToken)}`,
  );

describe('refresh races', () => {
  it('answers two parallel refreshes with one token both with working tokens', async () => {
    const user = await buildUser(t.db);
    const first = await signIn(t.app, user.email!);
    const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [tabA, tabB] = answers.map((answer) => answer.json<Tokens>());
    expect(await profileStatus(tabA!)).toBe(200);
    expect(await profileStatus(tabB!)).toBe(200);
    // Each tab goes on refreshing with what it got.
    expect((await refresh(tabA!.refresh_token)).statusCode).toBe(200);
    expect((await refresh(tabB!.refresh_token)).statusCode).toBe(200);
  });

  it('accepts a retry after a lost answer within the grace period', async () => {
    const user = await buildUser(t.db);
    const first = await signIn(t.app, user.email!);
    expect((await refresh(first.refresh_token)).statusCode).toBe(200);
    const retry = await refresh(first.refresh_token);
    expect(retry.statusCode).toBe(200);
    expect(await profileStatus(retry.json<Tokens>())).toBe(200);
  });

  it('revokes the sign-in when the token comes back after the grace period', async () => {
    const user = await buildUser(t.db);
    const first = await signIn(t.app, user.email!);
    const second = (await refresh(first.refresh_token)).json<Tokens>();
    await usedLongAgo(first.refresh_token);
    const late = await refresh(first.refresh_token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: 'invalid_request' });
    expect(await profileStatus(second)).toBe(401);
    expect((await refresh(second.refresh_token)).json()).toEqual({ error: 'invalid_request' });
  });

  it('revokes the sign-in when the chain moved on, even within the grace period', async () => {
    const user = await buildUser(t.db);
    const first = await signIn(t.app, user.email!);
    const second = (await refresh(first.refresh_token)).json<Tokens>();
    const third = (await refresh(second.refresh_token)).json<Tokens>();
    expect((await refresh(first.refresh_token)).statusCode).toBe(400);
    expect(await profileStatus(third)).toBe(401);
  });
});
