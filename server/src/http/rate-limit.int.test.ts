// Rate limits on sign-in, sign-up and the password endpoints (docs/api.md, "Wire conventions"),
// counted per client address: here at most 3 calls a minute to each. The counters live in the
// database, so instances on one database share them (docs/security.md section 10).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { buildUser, defaultPassword, form } from '../../test/factories.ts';
import { queryRows } from '../db/client.ts';
import { hitCounter } from './rate-limit-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(() => t.close());

// Each test calls from its own address, so the tests do not share a count.
let clientNumber = 0;
const newClient = () => `192.0.2.${(clientNumber += 1)}`;

const post = (url: string, fields: Record<string, string>, client: string) =>
  t.app.inject({ method: 'POST', url, remoteAddress: client, ...form(fields) });

const login = (username: string, password: string, client: string) =>
  post('/v1/user/login', { action: 'login', api_key: 'recuse-web', username, password }, client);

describe('rate limits', () => {
  it('answers the fourth sign-in in a minute with 429 and a message, even with the right password', async () => {
    const user = await buildUser(t.db);
    const client = newClient();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await login(user.email!, 'Wrong#Pass1', client)).statusCode).toBe(401);
    }
    const fourth = await login(user.email!, defaultPassword, client);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: messages.tooManyRequests });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts each client address on its own', async () => {
    const user = await buildUser(t.db);
    const busy = newClient();
    for (let attempt = 1; attempt <= 4; attempt += 1) await login(user.email!, 'Wrong#Pass1', busy);
    expect((await login(user.email!, defaultPassword, newClient())).statusCode).toBe(200);
  });

  it('cannot be dodged by forging X-Forwarded-For when no proxy is trusted', async () => {
    const user = await buildUser(t.db);
    const client = newClient();
    const forged = (hop: number) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/user/login',
        remoteAddress: client,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `198.51.100.${hop}`,
        },
        payload: new URLSearchParams({
          action: 'login',
          api_key: 'recuse-web',
          username: user.email!,
          password: 'Wrong#Pass1',
        }).toString(),
      });
    const statuses = [];
    for (let hop = 1; hop <= 4; hop += 1) statuses.push((await forged(hop)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it.each([
    ['sign-up', '/v1/web/user-registration/save', { FName: 'Ada' }],
    ['password requests', '/v1/web/user/password/request', { email: 'ada@example.org' }],
    ['password resets', '/v1/web/user/password/reset', { email: 'ada@example.org' }],
  ])('limits %s the same way', async (_case, url, fields) => {
    const client = newClient();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await post(url, fields, client)).statusCode).not.toBe(429);
    }
    const fourth = await post(url, fields, client);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: messages.tooManyRequests });
  });

  it('does not limit the calls of a signed-in person', async () => {
    const user = await buildUser(t.db);
    const client = newClient();
    const { access_token } = (await login(user.email!, defaultPassword, client)).json();
    for (let call = 1; call <= 6; call += 1) {
      const response = await t.app.inject({
        url: '/v1/web/user/profile',
        remoteAddress: client,
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('rate limits shared by instances on one database', () => {
  it('counts the calls to two instances against one limit', async () => {
    const other = await t.startAnotherInstance();
    const user = await buildUser(t.db);
    const client = newClient();
    const loginTo = (app: typeof t.app) =>
      app.inject({
        method: 'POST',
        url: '/v1/user/login',
        remoteAddress: client,
        ...form({ action: 'login', api_key: 'recuse-web', username: user.email!, password: 'x' }),
      });
    const statuses = [];
    for (const app of [t.app, other.app, t.app, other.app, t.app]) {
      statuses.push((await loginTo(app)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    await other.close();
  });

  it('loses no hit when many calls arrive at once', async () => {
    const key = `parallel:${newClient()}`;
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => hitCounter(t.db, key, 60_000)),
    );
    expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('starts a new window once the last one ended', async () => {
    const key = `window:${newClient()}`;
    await hitCounter(t.db, key, 60_000);
    expect((await hitCounter(t.db, key, 60_000)).hits).toBe(2);
    await t.db.execute(
      sql`update rate_limits set resets_at = now() - interval '1 second' where key = ${key}`,
    );
    const restarted = await hitCounter(t.db, key, 60_000);
    expect(restarted.hits).toBe(1);
    expect(restarted.ttlMs).toBeGreaterThan(59_000);
    const [row] = await queryRows<{ hits: number }>(
      t.db,
      sql`select hits from rate_limits where key = ${key}`,
    );
    expect(row?.hits).toBe(1);
  });
});
