// Sign-in, lockout, token refresh and rotation, and sign-out (docs/api.md, "Accounts and sessions";
// docs/product.md, "Authentication and sessions"): what a client sees from each call.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import { bearer, buildUser, defaultPassword, form, signIn } from '../../../test/factories.ts';
import { users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const loginFailed = { ERROR: 'LOGIN_FAILED', MSG: messages.loginFailed };
const accountLocked = { ERROR: 'ACCOUNT_IS_LOCKED', MSG: messages.accountLocked };

const login = (username: string, password: string, apiKey = 'recuse-web') =>
  t.app.inject({
    method: 'POST',
    url: '/v1/user/login',
    ...form({ action: 'login', api_key: apiKey, username, password }),
  });

const refresh = (refreshToken: string, apiKey = 'recuse-web') =>
  t.app.inject({
    method: 'POST',
    url: '/v1/user/refresh',
    ...form({ action: 'refresh', api_key: apiKey, refresh_token: refreshToken }),
  });

const profileStatus = async (tokens: Tokens) =>
  (await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(tokens) })).statusCode;

async function failLogins(email: string, times: number) {
  for (let attempt = 1; attempt <= times; attempt += 1) await login(email, 'Wrong#Pass1');
}

describe('POST /v1/user/login', () => {
  it('answers tokens that open the profile', async () => {
    const user = await buildUser(t.db, { firstName: 'Ada' });
    const tokens = await signIn(t.app, user.email!);
    expect(tokens.expires_in).toBeGreaterThan(50 * 60);
    const profile = await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(tokens) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      FName: 'Ada',
      Email: user.email,
      ShowHelpNotification: 'Y',
      PwdSet: 'Y',
    });
  });

  it('signs in whatever the letter case of the e-mail', async () => {
    const user = await buildUser(t.db);
    const response = await login(user.email!.toUpperCase(), defaultPassword);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: expect.any(Number),
    });
  });

  it('gives a wrong password and an unknown e-mail the identical answer', async () => {
    const user = await buildUser(t.db);
    const wrongPassword = await login(user.email!, 'Wrong#Pass1');
    const unknownEmail = await login('nobody.here@example.org', 'Wrong#Pass1');
    expect(wrongPassword.json()).toEqual(loginFailed);
    expect(unknownEmail.json()).toEqual(loginFailed);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
  });

  it('refuses people who have no account: invited and DBLP-only users', async () => {
    const invited = await buildUser(t.db, { kind: 'invited' });
    const dblpOnly = await buildUser(t.db, { kind: 'dblp_only', dblpPid: '11/1111' });
    expect((await login(invited.email!, defaultPassword)).json()).toEqual(loginFailed);
    expect((await login(dblpOnly.email!, defaultPassword)).json()).toEqual(loginFailed);
  });

  it('refuses a wrong API key even with the right password', async () => {
    const user = await buildUser(t.db);
    const response = await login(user.email!, defaultPassword, 'some-other-client');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(loginFailed);
  });

  it('refuses an account whose e-mail is not confirmed yet, with what to do', async () => {
    const user = await buildUser(t.db, { isEmailConfirmed: false });
    const response = await login(user.email!, defaultPassword);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ ERROR: 'LOGIN_FAILED', MSG: messages.accountNotConfirmed });
  });

  it('locks the account for 15 minutes after five failures in a row, even for the right password', async () => {
    const user = await buildUser(t.db);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login(user.email!, 'Wrong#Pass1')).json()).toEqual(loginFailed);
    }
    const fifth = await login(user.email!, 'Wrong#Pass1');
    expect(fifth.json()).toEqual(accountLocked);
    const locked = await login(user.email!, defaultPassword);
    expect(locked.json()).toEqual(accountLocked);

    const [row] = await t.db
      .select({ lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.id, user.id));
    const minutesLeft = (row!.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);
  });

  it('lets the account sign in again when the 15 minutes are over, with a fresh count', async () => {
    const user = await buildUser(t.db);
    await failLogins(user.email!, 5);
    expect((await login(user.email!, defaultPassword)).json()).toEqual(accountLocked);

    await t.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));

    expect((await login(user.email!, 'Wrong#Pass1')).json()).toEqual(loginFailed);
    expect((await login(user.email!, defaultPassword)).statusCode).toBe(200);
  });

  it('counts only failures in a row: a successful sign-in starts the count again', async () => {
    const user = await buildUser(t.db);
    await failLogins(user.email!, 4);
    expect((await login(user.email!, defaultPassword)).statusCode).toBe(200);
    await failLogins(user.email!, 4);
    expect((await login(user.email!, defaultPassword)).statusCode).toBe(200);
  });

  it('locks an unknown e-mail exactly like an account, so locking tells nothing about who has one', async () => {
    const user = await buildUser(t.db);
    const answers = async (email: string) => {
      const seen = [];
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        const response = await login(email, attempt === 6 ? defaultPassword : 'Wrong#Pass1');
        seen.push([response.statusCode, response.json()]);
      }
      return seen;
    };
    const known = await answers(user.email!);
    expect(known.map(([status]) => status)).toEqual([401, 401, 401, 401, 423, 423]);
    expect(await answers('ghost@example.org')).toEqual(known);
  });

  it.each([
    ['no e-mail', { password: 'x' }, { username: [messages.emailRequired] }],
    ['an empty e-mail', { username: '', password: 'x' }, { username: [messages.emailRequired] }],
    [
      'an e-mail not in e-mail format',
      { username: 'ada', password: 'x' },
      { username: [messages.emailInvalid] },
    ],
    ['no password', { username: 'ada@example.org' }, { password: [messages.passwordRequired] }],
    [
      'an empty password',
      { username: 'ada@example.org', password: '' },
      { password: [messages.passwordRequired] },
    ],
  ])('answers %s with 422 and the form rule message', async (_case, fields, errors) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      ...form({ action: 'login', api_key: 'recuse-web', ...fields }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: messages.checkBelowFields, errors });
  });
});

describe('POST /v1/user/refresh', () => {
  it('rotates: the new tokens work, and the old access token of that sign-in until logout', async () => {
    const user = await buildUser(t.db);
    const first = await signIn(t.app, user.email!);
    const response = await refresh(first.refresh_token);
    expect(response.statusCode).toBe(200);
    const second = response.json<Tokens>();
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.expires_in).toBeGreaterThan(50 * 60);

    expect(await profileStatus(second)).toBe(200);
    expect(await profileStatus(first)).toBe(200);
    await t.app.inject({ url: '/v1/user/logout', headers: bearer(second) });
    expect(await profileStatus(first)).toBe(401);
    expect(await profileStatus(second)).toBe(401);
  });

  it('refuses a refresh token used twice and signs out the whole chain', async () => {
    const user = await buildUser(t.db);
    const first = await signIn(t.app, user.email!);
    const second = (await refresh(first.refresh_token)).json<Tokens>();
    const third = (await refresh(second.refresh_token)).json<Tokens>();
    expect(await profileStatus(third)).toBe(200);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ error: 'invalid_request' });

    expect(await profileStatus(third)).toBe(401);
    expect(await profileStatus(first)).toBe(401);
    expect((await refresh(third.refresh_token)).json()).toEqual({ error: 'invalid_request' });
  });

  it('leaves the other sign-ins of the account working when one chain is revoked', async () => {
    const user = await buildUser(t.db);
    const laptop = await signIn(t.app, user.email!);
    const phone = await signIn(t.app, user.email!);
    await refresh(laptop.refresh_token);
    await refresh(laptop.refresh_token);
    expect(await profileStatus(phone)).toBe(200);
    expect((await refresh(phone.refresh_token)).statusCode).toBe(200);
  });

  it('refuses a wrong API key and leaves the refresh token usable', async () => {
    const user = await buildUser(t.db);
    const tokens = await signIn(t.app, user.email!);
    const refused = await refresh(tokens.refresh_token, 'some-other-client');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'invalid_request' });
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token and an access token used as one', async () => {
    const user = await buildUser(t.db);
    const tokens = await signIn(t.app, user.email!);
    expect((await refresh('not-a-token')).json()).toEqual({ error: 'invalid_request' });
    expect((await refresh(tokens.access_token)).json()).toEqual({ error: 'invalid_request' });
    expect(await profileStatus(tokens)).toBe(200);
  });

  it('answers a missing refresh token with 422', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/user/refresh',
      ...form({ action: 'refresh', api_key: 'recuse-web' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: messages.checkBelowFields,
      errors: { refresh_token: [expect.any(String)] },
    });
  });
});

describe('GET /v1/user/logout', () => {
  it('ends the session: its access and refresh tokens stop working', async () => {
    const user = await buildUser(t.db);
    const tokens = await signIn(t.app, user.email!);
    const response = await t.app.inject({ url: '/v1/user/logout', headers: bearer(tokens) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS' });

    const profile = await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(tokens) });
    expect(profile.statusCode).toBe(401);
    expect(profile.body).toBe('Unauthorized');
    expect((await refresh(tokens.refresh_token)).json()).toEqual({ error: 'invalid_request' });
  });

  it('keeps the other sessions of the account signed in', async () => {
    const user = await buildUser(t.db);
    const laptop = await signIn(t.app, user.email!);
    const phone = await signIn(t.app, user.email!);
    await t.app.inject({ url: '/v1/user/logout', headers: bearer(laptop) });
    expect(await profileStatus(phone)).toBe(200);
  });

  it('answers 401 Unauthorized without a token', async () => {
    const response = await t.app.inject({ url: '/v1/user/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe('Unauthorized');
  });
});
