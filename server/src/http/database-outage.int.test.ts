// While the database is away every call answers 503 with Retry-After and the server-error
// text, and answers again by itself once it is back (docs/security.md section 7).
import { once } from 'node:events';
import type { AddressInfo, Server, Socket } from 'node:net';
import { connect, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { Tokens } from '../../test/factories.ts';
import { bearer, buildUser, defaultPassword, form, signIn } from '../../test/factories.ts';

const isPostgres = process.env.TEST_DB_ENGINE === 'postgres';

async function expectOutageAnswers(t: TestApp, session: Tokens, email: string) {
  const calls = [
    t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      ...form({
        action: 'login',
        api_key: 'recuse-web',
        username: email,
        password: defaultPassword,
      }),
    }),
    t.app.inject({ url: '/v1/web/user/profile', headers: bearer(session) }),
    t.app.inject({
      method: 'POST',
      url: '/v1/web/relations/data/list',
      headers: bearer(session),
      payload: {},
    }),
  ];
  for (const response of await Promise.all(calls)) {
    expect(response.statusCode, `${response.raw.req.url} ${response.body}`).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({ message: messages.serverError });
  }
}

describe('a closed database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('answers 503 with Retry-After and the server-error text', async () => {
    const email = (await buildUser(t.db)).email!;
    const session = await signIn(t.app, email);
    await t.stopDatabase();
    await expectOutageAnswers(t, session, email);
  });
});

/** A TCP proxy in front of PostgreSQL that a test can cut and restore on the same port. */
async function startProxy(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      sockets.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream).pipe(client);
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  };
  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      const closed = new Promise((resolve) => server!.close(resolve));
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closed;
    },
    restore: listen,
  };
}

describe.skipIf(!isPostgres)('PostgreSQL going away and coming back', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  afterAll(async () => {
    await proxy?.restore().catch(() => {});
    await t?.close();
    await proxy?.cut();
  });

  it(
    'answers 503 while it is away and 200 again once it is back, without a restart',
    { timeout: 120_000 },
    async () => {
      proxy = await startProxy(new URL(process.env.TEST_DATABASE_URL!));
      t = await buildTestApp(
        {},
        {
          appDatabaseUrl: (direct) => {
            const url = new URL(direct);
            url.hostname = '127.0.0.1';
            url.port = String(proxy.port);
            return url.toString();
          },
        },
      );
      const email = (await buildUser(t.db)).email!;
      const session = await signIn(t.app, email);

      await proxy.cut();
      await expectOutageAnswers(t, session, email);

      await proxy.restore();
      const back = await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(session) });
      expect(back.statusCode).toBe(200);
    },
  );
});
