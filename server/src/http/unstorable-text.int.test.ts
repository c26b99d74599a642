// A NUL or a lone surrogate in any text field of any call is refused with 422 and a clear
// message before it reaches the database, and nothing secret reaches the log
// (docs/security.md section 4).
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConferenceReply } from '@recuse/common';
import { messages } from '@recuse/common';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { Tokens } from '../../test/factories.ts';
import { bearer, buildUser, form, signIn } from '../../test/factories.ts';

let t: TestApp;
let session: Tokens;
let cases: Array<{ method: string; url: string; field: string; where: 'body' | 'query' | 'path' }>;

let confid: string;
/** The path with every placeholder naming the conference the session chairs. */
const withIds = (path: string) => path.replace(/\{[^}]+\}/g, confid);

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

beforeAll(async () => {
  t = await buildTestApp();
  // An administrator who chairs a conference may make every call, so each one reaches its
  // validator instead of stopping at an authorization check.
  session = await signIn(t.app, (await buildUser(t.db, { role: 'admin' })).email!);
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/web/conference/data/save',
    headers: bearer(session),
    payload: { name: 'NUL-2026', label: 'Unstorable text 2026', reference_date: '2026-11-15' },
  });
  confid = String(created.json<ConferenceReply>().conference.confid);
  const { paths } = (await t.app.inject({ url: '/docs/json' })).json<{
    paths: Record<string, Record<string, OpenApiOperation>>;
  }>();
  cases = Object.entries(paths)
    .filter(([path]) => !path.endsWith('/logout'))
    .flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => {
        const url = withIds(path);
        const bodyFields = Object.values(operation.requestBody?.content ?? {}).flatMap((content) =>
          Object.keys(content.schema?.properties ?? {}),
        );
        return [
          ...[...new Set(bodyFields)].map((field) => ({
            method,
            url,
            field,
            where: 'body' as const,
          })),
          ...(operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'query' || parameter.in === 'path')
            .map((parameter) => ({
              method,
              url: parameter.in === 'path' ? path : withIds(path),
              field: parameter.name,
              where: parameter.in as 'query' | 'path',
            })),
        ];
      }),
    );
});
afterAll(() => t.close());

const hostile: Array<[string, string]> = [
  ['a NUL', 'a\u0000b'],
  ['a lone high surrogate', 'a\uD800b'],
  ['a lone low surrogate', '\uDC00b'],
];

describe('every text field of every call', () => {
  it.each(hostile)('answers %s with 422 and the field’s message', async (_name, text) => {
    expect(cases.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const { method, url, field, where } of cases) {
      const encoded = encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
      const request =
        where === 'body'
          ? { url, payload: { [field]: text } }
          : where === 'query'
            ? { url: `${url}?${field}=${encoded}` }
            : { url: withIds(url.replace(`{${field}}`, encoded)) };
      // Query and path values arrive percent-encoded, where only a NUL survives decoding.
      if (where !== 'body' && !text.includes('\u0000')) continue;
      const response = await t.app.inject({
        method: method.toUpperCase() as 'POST',
        headers: bearer(session),
        ...request,
      });
      const body = response.json<{ message?: string; errors?: Record<string, string[]> }>();
      const errorsOfField = body.errors?.[field] ?? [];
      if (response.statusCode !== 422 || !errorsOfField.includes(messages.textInvalidCharacters)) {
        failures.push(
          `${method} ${url} ${where}.${field}: ${response.statusCode} ${response.body}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses the guest sign-up FName=a%00 as a form, and text hidden in JSON inside a field', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user-registration/save',
      ...form({ FName: 'a\u0000', SName: 'b', Email: 'nul@example.org', noDBLP: '1' }),
    });
    expect(signUp.statusCode).toBe(422);
    expect(signUp.json()).toEqual({
      message: messages.checkBelowFields,
      errors: { FName: [messages.textInvalidCharacters] },
    });

    const rows = JSON.stringify([{ institution: 'x\u0000y' }]);
    const { payload, headers } = form({ affiliations: rows });
    const save = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user/data/save',
      headers: { ...headers, ...bearer(session) },
      payload,
    });
    expect(save.statusCode).toBe(422);
    expect(save.json().errors).toEqual({ affiliations: [messages.textInvalidCharacters] });
  });
});

describe('the log', () => {
  it('holds no e-mail, password, hash, token or query value when a query fails', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream });
    try {
      const email = 'log.victim@example.org';
      const password = 'Secret#Pass42';
      // Fine requests with secrets in the path and the query string.
      await logged.app.inject({ url: '/v1/web/user/password/find/PATHSECRET1234' });
      await logged.app.inject({ url: '/v1/web/user/profile?access_token=QUERYSECRET99' });
      await logged.app.inject({
        url: '/v1/web/user/profile',
        headers: { authorization: 'Bearer HEADERSECRET77' },
      });
      // A sign-up whose insert fails: the database is gone.
      await logged.stopDatabase();
      const response = await logged.app.inject({
        method: 'POST',
        url: '/v1/web/user-registration/save',
        ...form({
          FName: 'Log',
          SName: 'Victim',
          Email: email,
          noDBLP: '1',
          password,
          confirmPassword: password,
          optedIn: '1',
        }),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      const log = lines.join('');
      expect(log).toContain('"err"');
      for (const secret of [
        email,
        password,
        '$argon2',
        'PATHSECRET1234',
        'QUERYSECRET99',
        'HEADERSECRET77',
      ]) {
        expect(log, secret).not.toContain(secret);
      }
      expect(log).toContain('/v1/web/user/password/find/:token');
    } finally {
      await logged.close();
    }
  });
});
