// The server platform (docs/architecture.md; docs/api.md, "Wire conventions"): health, request ids,
// security headers, the OpenAPI document, unknown paths, and bodies no form would send, none of
// which may ever produce a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { Tokens } from '../../test/factories.ts';
import { bearer, buildUser, signIn } from '../../test/factories.ts';

let t: TestApp;
let session: Tokens;
beforeAll(async () => {
  t = await buildTestApp();
  session = await signIn(t.app, (await buildUser(t.db)).email!);
});
afterAll(() => t.close());

describe('operations', () => {
  it('answers /healthz with ok while the database answers', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('echoes the x-request-id a proxy sends', async () => {
    const response = await t.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'edge-7f3a-42' },
    });
    expect(response.headers['x-request-id']).toBe('edge-7f3a-42');
  });

  it('makes up a request id when none, or a malformed one, is sent', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const without = await t.app.inject({ url: '/healthz' });
    const malformed = await t.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'evil id\twith "quotes" and more' },
    });
    expect(without.headers['x-request-id']).toMatch(uuid);
    expect(malformed.headers['x-request-id']).toMatch(uuid);
  });

  it('sends security headers with a content security policy on every answer', async () => {
    for (const url of ['/healthz', '/v1/web/user/profile', '/no/such/page']) {
      const { headers } = await t.app.inject({ url });
      const policy = String(headers['content-security-policy']);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves the OpenAPI document at /docs/json, listing every account call', async () => {
    const response = await t.app.inject({ url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, object> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v1/user/login',
        '/v1/user/refresh',
        '/v1/user/logout',
        '/v1/web/user/profile',
        '/v1/web/user-registration/save',
        '/v1/web/user/password/request',
        '/v1/web/user/password/find/{token}',
        '/v1/web/user/password/reset',
        '/v1/web/user/loggedin-password-reset',
        '/v1/web/user/data/validate_token_for_request_response/{token}',
        '/v1/web/contactus',
        '/v1/web/dismiss_help_notification',
        '/v1/web/mark_notification_read',
      ]),
    );
    expect(document.paths['/v1/user/login']).toHaveProperty('post');
  });

  it('serves the API documentation page at /docs', async () => {
    const response = await t.app.inject({ url: '/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown API path with 404 Not found', async () => {
    const response = await t.app.inject({ url: '/v1/web/no-such-call' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.notFound });
  });

  it.each([
    ['a broken escape with 400', '/v1/web/user/password/find/%ZZ', 400, messages.addressInvalid],
    [
      'a part over 100 characters with 414',
      `/v1/web/user/password/find/${'a'.repeat(101)}`,
      414,
      messages.addressTooLong,
    ],
  ])(
    'answers a path with %s, the message and the headers of every answer',
    async (_, url, status, message) => {
      const response = await t.app.inject({ url, headers: { 'x-request-id': 'edge-bad-url' } });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-request-id']).toBe('edge-bad-url');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );
});

describe('bodies no form would send', () => {
  const endpoints: Array<[string, boolean]> = [
    ['/v1/user/login', false],
    ['/v1/user/refresh', false],
    ['/v1/web/user-registration/save', false],
    ['/v1/web/user/password/request', false],
    ['/v1/web/user/password/reset', false],
    ['/v1/web/user/loggedin-password-reset', true],
    ['/v1/web/contactus', true],
    ['/v1/web/mark_notification_read', true],
  ];
  const boundary = 'RecuseBoundary';
  const multipart = `multipart/form-data; boundary=${boundary}`;
  const json = 'application/json';
  const bodies: Array<[string, string, string, number]> = [
    ['invalid JSON', json, '{"username": "ada@example.org",', 400],
    ['an empty JSON body', json, '', 400],
    ['JSON null', json, 'null', 422],
    ['a JSON array', json, '[1, 2, 3]', 422],
    ['a JSON string', json, '"hello"', 422],
    [
      'JSON with every field of the wrong type',
      json,
      JSON.stringify(
        Object.fromEntries(
          ['username', 'password', 'refresh_token', 'FName', 'SName', 'Email', 'email']
            .concat(['token', 'Subject', 'Message', 'NotificationId', 'optedIn'])
            .map((field) => [field, { nested: [field] }]),
        ),
      ),
      422,
    ],
    ['JSON that tries to set __proto__', json, '{"__proto__": {"isAdmin": true}}', 400],
    ['deeply nested JSON', json, `${'['.repeat(50_000)}${']'.repeat(50_000)}`, 422],
    ['XML', 'application/xml', '<login><username>a</username></login>', 415],
    [
      'a form with each field twice',
      'application/x-www-form-urlencoded',
      'username=a%40example.org&username=b%40example.org&password=x&password=y',
      422,
    ],
    [
      'a form over 1 MB',
      'application/x-www-form-urlencoded',
      `Message=${'x'.repeat(1_100_000)}`,
      413,
    ],
    ['multipart cut short', multipart, `--${boundary}\r\nContent-Disposition: form-data; na`, 400],
    ['multipart without a boundary', 'multipart/form-data', 'garbage', 400],
    [
      'multipart with a file',
      multipart,
      `--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a.exe"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\nMZ\r\n--${boundary}--\r\n`,
      413,
    ],
  ];
  const cases = endpoints.flatMap(([url, needsToken]) =>
    bodies.map(([body, contentType, payload, status]) => ({
      url,
      needsToken,
      body,
      contentType,
      payload,
      status,
    })),
  );

  it.each(cases)(
    'answers $body sent to $url with $status and a message',
    async ({ url, needsToken, contentType, payload, status }) => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': contentType, ...(needsToken ? bearer(session) : {}) },
      });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
    },
  );

  it('still answers the signed-in profile after all of that', async () => {
    const response = await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(session) });
    expect(response.statusCode).toBe(200);
  });
});
