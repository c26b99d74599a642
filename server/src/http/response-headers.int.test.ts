// Token answers are never cached, and HSTS goes only on HTTPS answers (docs/security.md
// section 9).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { Tokens } from '../../test/factories.ts';
import { bearer, buildUser, defaultPassword, form } from '../../test/factories.ts';

let t: TestApp;
let email: string;
beforeAll(async () => {
  t = await buildTestApp();
  email = (await buildUser(t.db)).email!;
});
afterAll(() => t.close());

const login = (headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/user/login',
    ...form({ action: 'login', api_key: 'recuse-web', username: email, password: defaultPassword }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

describe('Cache-Control: no-store', () => {
  it('is on the sign-in and refresh answers that carry tokens', async () => {
    const signedIn = await login();
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const tokens = signedIn.json<Tokens>();

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v1/user/refresh',
      ...form({ api_key: 'recuse-web', refresh_token: tokens.refresh_token }),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('is on every other API answer, errors included', async () => {
    const tokens = (await login()).json<Tokens>();
    for (const request of [
      { url: '/v1/web/user/profile', headers: bearer(tokens) },
      { url: '/v1/web/user/profile' },
      { url: '/v1/no/such/call' },
      { method: 'POST' as const, url: '/v1/user/login', ...form({ username: 'x' }) },
    ]) {
      const response = await t.app.inject(request);
      expect(response.headers['cache-control'], request.url).toBe('no-store');
    }
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent on a plain HTTP answer', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const response = await login({ 'x-forwarded-proto': 'https' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY_HOPS: '1' });
    try {
      const https = await proxied.app.inject({
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(https.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const http = await proxied.app.inject({
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
