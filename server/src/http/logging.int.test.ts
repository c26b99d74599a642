// The request log an operator reads (docs/security.md section 4): one line per answered
// request, naming the route's pattern, never the path's token or the query string.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';

interface LogLine {
  msg: string;
  reqId: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  refusal?: string;
}

let t: TestApp;
const lines: LogLine[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      callback();
    },
  });
  t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream });
});
afterAll(() => t.close());

const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

describe('the request log', () => {
  it('writes one line per request, when it is answered, with its status and duration', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'one-1' } });
    expect(response.statusCode).toBe(200);
    const written = linesOf('one-1');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/healthz' },
      res: { statusCode: 200 },
    });
    expect(written[0]!.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('names the route by its pattern, so a token in the path or a query stays out', async () => {
    const token = 'a-reset-token-that-must-not-be-logged';
    const response = await t.app.inject({
      url: `/v1/web/user/password/find/${token}?email=someone%40example.org`,
      headers: { 'x-request-id': 'two-2' },
    });
    const written = linesOf('two-2');
    expect(written).toHaveLength(1);
    expect(written[0]!.req!.url).toBe('/v1/web/user/password/find/:token');
    expect(written[0]!.res!.statusCode).toBe(response.statusCode);
    expect(JSON.stringify(written)).not.toContain(token);
    expect(JSON.stringify(written)).not.toContain('someone');
  });

  it('writes the line for a refused request too', async () => {
    const response = await t.app.inject({
      url: '/v1/web/user/profile',
      headers: { 'x-request-id': 'three-3' },
    });
    expect(response.statusCode).toBe(401);
    expect(linesOf('three-3')).toMatchObject([{ res: { statusCode: 401 } }]);
  });

  it.each([
    ['a broken escape', '%ZZ', 400, 'FST_ERR_BAD_URL'],
    ['an overlong part', 'a'.repeat(101), 414, 'FST_ERR_MAX_PARAM_LENGTH'],
  ])(
    'writes the line for a path Fastify refuses before routing (%s), without the path',
    async (_, part, status, refusal) => {
      const token = `${part}token-that-must-not-be-logged`;
      const reqId = `refused-${status}`;
      const response = await t.app.inject({
        url: `/v1/web/user/password/find/${token}?email=someone%40example.org`,
        headers: { 'x-request-id': reqId },
      });
      expect(response.statusCode).toBe(status);
      const written = linesOf(reqId);
      expect(written).toMatchObject([
        { msg: 'request completed', req: { method: 'GET' }, res: { statusCode: status }, refusal },
      ]);
      expect(written[0]!.responseTime).toBeGreaterThanOrEqual(0);
      expect(JSON.stringify(written)).not.toContain('token-that-must-not-be-logged');
      expect(JSON.stringify(written)).not.toContain('someone');
    },
  );

  it('keeps credentials out of the request line, which is written without the redaction', async () => {
    const token = 'a-bearer-token-that-must-not-be-logged';
    await t.app.inject({
      url: '/v1/web/user/profile',
      headers: {
        'x-request-id': 'four-4',
        authorization: `Bearer ${token}`,
        cookie: `session=${token}`,
      },
    });
    const written = linesOf('four-4');
    expect(written).toMatchObject([
      { msg: 'request completed', req: { url: '/v1/web/user/profile' } },
    ]);
    expect(JSON.stringify(written)).not.toContain(token);
  });

  it("redacts secrets on every other line: the application's and a request's", async () => {
    const secret = 'a-password-that-must-not-be-logged';
    t.app.log.info({ user: { password: secret }, reqId: 'five-5' }, 'the application logs');
    t.app.log.child({ reqId: 'five-5' }).warn({ login: { token: secret } }, 'a request logs');
    const written = linesOf('five-5');
    expect(written).toHaveLength(2);
    expect(written).toMatchObject([
      { msg: 'the application logs', user: { password: '[redacted]' } },
      { msg: 'a request logs', login: { token: '[redacted]' } },
    ]);
    expect(JSON.stringify(written)).not.toContain(secret);
  });
});
