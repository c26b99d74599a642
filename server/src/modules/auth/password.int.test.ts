// Password recovery by mail (request, find, reset) and the signed-in password change (docs/api.md,
// "Accounts and sessions"): single-use, expiring links that cannot be used to learn who has an
// account.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import {
  bearer,
  buildUser,
  defaultPassword,
  form,
  mailsTo,
  signIn,
} from '../../../test/factories.ts';
import { tokens, users } from '../../db/schema.ts';
import { hashSecret } from './secrets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const newPassword = 'New#Secret42';

const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/v1/web/user/password/request', ...form({ email }) });

const findReset = (token: string) => t.app.inject({ url: `/v1/web/user/password/find/${token}` });

const reset = (fields: Record<string, string | undefined>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/web/user/password/reset',
    ...form({ password: newPassword, password_confirmation: newPassword, ...fields }),
  });

const login = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/user/login',
    ...form({ action: 'login', api_key: 'recuse-web', username, password }),
  });

const profileStatus = async (session: Tokens) =>
  (await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(session) })).statusCode;

/** Asks for a reset link by mail and returns the token from the link. */
async function mailedResetToken(email: string): Promise<string> {
  await requestReset(email);
  const [mail] = await mailsTo(t, email);
  return mail!.links[0]!.split('/').pop()!;
}

describe('POST /v1/web/user/password/request', () => {
  it('answers the same whether or not the e-mail has an account, and mails only the account', async () => {
    const user = await buildUser(t.db);
    const known = await requestReset(user.email!);
    const unknown = await requestReset('no.account@example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: messages.passwordRequestSent });
    expect(unknown.json()).toEqual(known.json());

    expect(await mailsTo(t, 'no.account@example.org')).toEqual([]);
    const [mail] = await mailsTo(t, user.email!);
    expect(mail!.subject).toBe('Set a new password for Recuse');
    expect(mail!.links).toHaveLength(1);
    expect(mail!.links[0]).toMatch(/^http:\/\/recuse\.test\/reset-password\/[\w-]{40,}$/);
  });

  it('sends no mail to an invited person, who has no password to reset', async () => {
    const invited = await buildUser(t.db, { kind: 'invited', passwordHash: null });
    const response = await requestReset(invited.email!);
    expect(response.json()).toEqual({ message: messages.passwordRequestSent });
    expect(await mailsTo(t, invited.email!)).toEqual([]);
  });

  it('makes the earlier link stop working when a new one is asked for', async () => {
    const user = await buildUser(t.db);
    const earlier = await mailedResetToken(user.email!);
    const later = await mailedResetToken(user.email!);
    expect((await findReset(earlier)).statusCode).toBe(404);
    expect((await findReset(later)).statusCode).toBe(200);
  });

  it('answers an e-mail not in e-mail format with 422', async () => {
    const response = await requestReset('not an email');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: messages.checkBelowFields,
      errors: { email: [messages.emailInvalid] },
    });
  });
});

describe('GET /v1/web/user/password/find/{token}', () => {
  it('answers success with the e-mail and whether the person has opted in', async () => {
    const user = await buildUser(t.db);
    const response = await findReset(await mailedResetToken(user.email!));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'success', email: user.email, opted_in: 'Y' });
  });

  it('answers opted_in N for a person who has not consented yet, so the page asks', async () => {
    const user = await buildUser(t.db, { isOptedIn: false });
    const response = await findReset(await mailedResetToken(user.email!));
    expect(response.json()).toMatchObject({ message: 'success', opted_in: 'N' });
  });

  it('answers 404 with what to do for a bogus token', async () => {
    const response = await findReset('not-a-reset-token');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.resetLinkInvalid });
  });
});

describe('POST /v1/web/user/password/reset', () => {
  it('sets the new password once: it signs in, the old one does not', async () => {
    const user = await buildUser(t.db);
    const token = await mailedResetToken(user.email!);
    const response = await reset({ email: user.email!, token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id });
    expect((await login(user.email!, newPassword)).statusCode).toBe(200);
    expect((await login(user.email!, defaultPassword)).json()).toEqual({
      ERROR: 'LOGIN_FAILED',
      MSG: messages.loginFailed,
    });
  });

  it('refuses a link that was already used', async () => {
    const user = await buildUser(t.db);
    const token = await mailedResetToken(user.email!);
    expect((await reset({ email: user.email!, token })).statusCode).toBe(200);
    const again = await reset({
      email: user.email!,
      token,
      password: 'Third#Secret7',
      password_confirmation: 'Third#Secret7',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: messages.resetLinkInvalid });
    expect((await login(user.email!, 'Third#Secret7')).statusCode).toBe(401);
    expect((await findReset(token)).statusCode).toBe(404);
  });

  it('refuses an expired link and keeps the old password', async () => {
    const user = await buildUser(t.db);
    const token = await mailedResetToken(user.email!);
    await t.db
      .update(tokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tokens.tokenHash, hashSecret(token)));
    const response = await reset({ email: user.email!, token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.resetLinkInvalid });
    expect((await findReset(token)).statusCode).toBe(404);
    expect((await login(user.email!, defaultPassword)).statusCode).toBe(200);
  });

  it('refuses a link sent to another e-mail, for either account', async () => {
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    const token = await mailedResetToken(owner.email!);
    const response = await reset({ email: other.email!, token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.resetLinkInvalid });
    expect((await login(other.email!, defaultPassword)).statusCode).toBe(200);
    expect((await login(owner.email!, defaultPassword)).statusCode).toBe(200);
  });

  it('requires consent from a person who has not opted in, and keeps the link usable until then', async () => {
    const user = await buildUser(t.db, { isOptedIn: false });
    const token = await mailedResetToken(user.email!);
    const refused = await reset({ email: user.email!, token });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: messages.checkBelowFields,
      errors: { optedIn: [messages.termsRequired] },
    });
    expect((await login(user.email!, newPassword)).statusCode).toBe(401);

    expect((await reset({ email: user.email!, token, optedIn: '1' })).statusCode).toBe(200);
    expect((await login(user.email!, newPassword)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isOptedIn).toBe(true);
  });

  it('signs out every session of the account', async () => {
    const user = await buildUser(t.db);
    const session = await signIn(t.app, user.email!);
    await reset({ email: user.email!, token: await mailedResetToken(user.email!) });
    expect(await profileStatus(session)).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v1/user/refresh',
      ...form({ action: 'refresh', api_key: 'recuse-web', refresh_token: session.refresh_token }),
    });
    expect(refreshed.json()).toEqual({ error: 'invalid_request' });
  });

  it('lifts a lockout', async () => {
    const user = await buildUser(t.db);
    for (let attempt = 1; attempt <= 5; attempt += 1) await login(user.email!, 'Wrong#Pass1');
    expect((await login(user.email!, defaultPassword)).json().ERROR).toBe('ACCOUNT_IS_LOCKED');
    await reset({ email: user.email!, token: await mailedResetToken(user.email!) });
    expect((await login(user.email!, newPassword)).statusCode).toBe(200);
  });

  it('confirms the e-mail of an account that never opened its confirmation link', async () => {
    const user = await buildUser(t.db, { isEmailConfirmed: false });
    await reset({ email: user.email!, token: await mailedResetToken(user.email!) });
    expect((await login(user.email!, newPassword)).statusCode).toBe(200);
  });

  it.each([
    [
      'a weak password',
      { password: 'weak', password_confirmation: 'weak' },
      { password: [messages.passwordInvalid] },
    ],
    [
      'a confirmation that differs',
      { password_confirmation: 'Other#Secret42' },
      { password_confirmation: [messages.passwordsShouldMatch] },
    ],
    ['no token', { token: '' }, { token: [messages.checkTheUrl] }],
  ])(
    'answers %s with 422, changes nothing and keeps the link usable',
    async (_case, changes, errors) => {
      const user = await buildUser(t.db);
      const token = await mailedResetToken(user.email!);
      const response = await reset({ email: user.email!, token, ...changes });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: messages.checkBelowFields, errors });
      expect((await login(user.email!, defaultPassword)).statusCode).toBe(200);
      expect((await findReset(token)).statusCode).toBe(200);
    },
  );

  it('refuses a password equal to the e-mail', async () => {
    const user = await buildUser(t.db, { email: 'pa55!word@example.org' });
    const token = await mailedResetToken(user.email!);
    const same = 'Pa55!word@example.org';
    const response = await reset({
      email: user.email!,
      token,
      password: same,
      password_confirmation: same,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ password: [messages.passwordEqualsEmail] });
  });
});

describe('POST /v1/web/user/loggedin-password-reset', () => {
  const change = (session: Tokens, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/web/user/loggedin-password-reset',
      headers: { ...bearer(session), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        password: newPassword,
        confirmPassword: newPassword,
        ...fields,
      }).toString(),
    });

  it('changes the password, keeps this session and signs out the others', async () => {
    const user = await buildUser(t.db);
    const current = await signIn(t.app, user.email!);
    const other = await signIn(t.app, user.email!);
    const response = await change(current, { email: user.email! });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id });

    expect(await profileStatus(current)).toBe(200);
    expect(await profileStatus(other)).toBe(401);
    expect((await login(user.email!, newPassword)).statusCode).toBe(200);
    expect((await login(user.email!, defaultPassword)).statusCode).toBe(401);
  });

  it('voids reset links mailed before the change', async () => {
    const user = await buildUser(t.db);
    const token = await mailedResetToken(user.email!);
    const session = await signIn(t.app, user.email!);
    expect((await change(session, { email: user.email! })).statusCode).toBe(200);
    expect((await findReset(token)).statusCode).toBe(404);
  });

  it("refuses another person's e-mail and keeps the password", async () => {
    const user = await buildUser(t.db);
    const someoneElse = await buildUser(t.db);
    const session = await signIn(t.app, user.email!);
    const response = await change(session, { email: someoneElse.email! });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: messages.checkBelowFields,
      errors: { email: [messages.emailInvalid] },
    });
    expect((await login(user.email!, defaultPassword)).statusCode).toBe(200);
    expect((await login(someoneElse.email!, defaultPassword)).statusCode).toBe(200);
  });

  it.each([
    [
      'a weak password',
      { password: 'short', confirmPassword: 'short' },
      { password: [messages.passwordInvalid] },
    ],
    [
      'a confirmation that differs',
      { confirmPassword: 'Other#Secret42' },
      { confirmPassword: [messages.passwordsShouldMatch] },
    ],
  ])('answers %s with 422 and keeps the password', async (_case, changes, errors) => {
    const user = await buildUser(t.db);
    const session = await signIn(t.app, user.email!);
    const response = await change(session, { email: user.email!, ...changes });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: messages.checkBelowFields, errors });
    expect((await login(user.email!, defaultPassword)).statusCode).toBe(200);
  });

  it('answers 401 Unauthorized without a token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user/loggedin-password-reset',
      ...form({ email: 'a@example.org', password: newPassword, confirmPassword: newPassword }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe('Unauthorized');
  });
});
