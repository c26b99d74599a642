import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, buildUser, defaultPassword, form, signIn } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/user/login',
    ...form({ action: 'login', api_key: 'recuse-web', username, password }),
  });

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

  it('locks the account for 15 minutes after five failures in a row, even for the right password', async () => {
    const user = await buildUser(t.db);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login(user.email!, 'Wrong#Pass1')).json()).toEqual({
        ERROR: 'LOGIN_FAILED',
        MSG: messages.loginFailed,
      });
    }
    expect((await login(user.email!, 'Wrong#Pass1')).json().ERROR).toBe('ACCOUNT_IS_LOCKED');
    const locked = await login(user.email!, defaultPassword);
    expect(locked.json()).toEqual({ ERROR: 'ACCOUNT_IS_LOCKED', MSG: messages.accountLocked });
  });
});
