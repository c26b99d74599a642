// Bad input never causes a 500, on any call: every path in the OpenAPI document, with every
// method it has, gets bodies and path values no form would send, signed in and not. New calls
// are covered as soon as they are registered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { Tokens } from '../../test/factories.ts';
import { bearer, buildUser, signIn } from '../../test/factories.ts';

let t: TestApp;
let session: Tokens;
let calls: Array<{ method: string; url: string }>;

beforeAll(async () => {
  t = await buildTestApp();
  session = await signIn(t.app, (await buildUser(t.db)).email!);
  const document = (await t.app.inject({ url: '/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  // Logging out would end the session the other calls are signed in with.
  const paths = Object.entries(document.paths).filter(([path]) => !path.endsWith('/logout'));
  calls = paths.flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .flatMap((method) =>
        // Path parameters get a value of the wrong kind, a huge number and a negative one.
        ['abc', '99999999999999999999', '-1', '%00'].map((value) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, value),
        })),
      ),
  );
});
afterAll(() => t.close());

const json = 'application/json';
const form = 'application/x-www-form-urlencoded';
const bodies: Array<[string, string, string]> = [
  ['nothing', form, ''],
  ['JSON with every value of the wrong type', json, JSON.stringify(wrongTypes())],
  ['JSON null', json, 'null'],
  ['a JSON array', json, '[1, 2, 3]'],
  ['broken JSON', json, '{"GID": '],
  ['a form of nonsense', form, 'GID=abc&relationType=-5&conflictRules=%7B&format=pdf&confid=x'],
];

function wrongTypes() {
  const fields = ['GID', 'relationType', 'confid', 'value', 'institutionId', 'email', 'q'];
  return Object.fromEntries(
    fields
      .concat(['conflictRules', 'coAuthorDetails', 'format', 'name'])
      .map((field) => [field, { nested: [field] }]),
  );
}

describe('no call answers bad input with a server error', () => {
  it.each(bodies)('%s', { timeout: 120_000 }, async (_name, contentType, payload) => {
    const failures: string[] = [];
    const statuses = new Set<number>();
    for (const { method, url } of calls) {
      for (const headers of [{}, bearer(session)]) {
        const response = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...headers, ...(method === 'GET' ? {} : { 'content-type': contentType }) },
          ...(method === 'GET' ? {} : { payload }),
        });
        statuses.add(response.statusCode);
        if (response.statusCode >= 500) failures.push(`${method} ${url}: ${response.statusCode}`);
      }
    }
    expect(calls.length).toBeGreaterThan(40);
    expect(failures).toEqual([]);
    // The signed-in requests got past authentication to the handlers' own checks.
    expect([...statuses].some((status) => status !== 401 && status !== 404)).toBe(true);
  });
});
