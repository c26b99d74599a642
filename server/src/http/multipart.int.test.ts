// A multipart body is held to the same 1 MiB as every other body, on every call, and refused
// before it is buffered (docs/security.md section 2); the chair's four CSV uploads alone take up
// to 16 MiB.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chairWorkspaceMessages, maxCsvUploadBytes, messages } from '@recuse/common';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { bearer, buildUser, defaultPassword, signIn } from '../../test/factories.ts';
import type { Tokens } from '../../test/factories.ts';

let t: TestApp;
let email: string;
let session: Tokens;
beforeAll(async () => {
  t = await buildTestApp();
  email = (await buildUser(t.db, { role: 'admin' })).email!;
  session = await signIn(t.app, email);
});
afterAll(() => t.close());

const boundary = 'RecuseBoundary7';
const contentType = `multipart/form-data; boundary=${boundary}`;
const part = (name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const multipart = (fields: Array<[string, string]>) =>
  fields.map(([name, value]) => part(name, value)).join('') + `--${boundary}--\r\n`;

const loginFields: Array<[string, string]> = [
  ['action', 'login'],
  ['api_key', 'recuse-web'],
  ['username', ''],
  ['password', defaultPassword],
];

describe('multipart bodies', () => {
  it('still sign in when small', async () => {
    const fields = loginFields.map(([name, value]): [string, string] => [
      name,
      name === 'username' ? email : value,
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      headers: { 'content-type': contentType },
      payload: multipart(fields),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('access_token');
  });

  it('answers 413 with a clear message to 3 fields of 600 KB each (1.8 MB in all)', async () => {
    const big = 'x'.repeat(600_000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      headers: { 'content-type': contentType },
      payload: multipart([...loginFields, ['a', big], ['b', big], ['c', big]]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: messages.bodyTooLarge });
  });

  it('answers 413 on every call that takes a body, signed in or not', async () => {
    const payload = multipart([
      ['a', 'x'.repeat(700_000)],
      ['b', 'x'.repeat(700_000)],
    ]);
    const csvUploads = ['committee', 'submissions', 'assignments', 'audit'].map(
      (name) => `/v1/web/conference/1/${name}`,
    );
    const overCsvLimit = multipart([['file', 'x'.repeat(maxCsvUploadBytes)]]);
    const document = (await t.app.inject({ url: '/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const posts = Object.entries(document.paths)
      .filter(([, methods]) => 'post' in methods)
      .map(([path]) => path.replace(/\{[^}]+\}/g, '1'));
    expect(posts.length).toBeGreaterThan(20);
    expect(posts).toEqual(expect.arrayContaining(csvUploads));
    for (const url of posts) {
      const isCsvUpload = csvUploads.includes(url);
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType, ...bearer(session) },
        payload: isCsvUpload ? overCsvLimit : payload,
      });
      expect(response.statusCode, url).toBe(413);
      expect(response.json(), url).toEqual({
        message: isCsvUpload ? chairWorkspaceMessages.fileTooLarge : messages.bodyTooLarge,
      });
    }
  });

  it('answers a chunked body without a length as soon as it passes 1 MiB', async () => {
    // Over a real socket: inject() would read the whole payload before the server sees it.
    // Each field is under the old per-field limit (1 MiB), 200 MB in all.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const chunk = Buffer.from(part('f', 'y'.repeat(900 * 1024)));
    let sent = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        { port, host: '127.0.0.1', method: 'POST', path: '/v1/user/login' },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
          request.destroy();
        },
      );
      request.setHeader('content-type', contentType);
      request.on('error', () => {});
      request.on('close', () => reject(new Error(`closed after ${sent} bytes, no answer`)));
      // Up to 200 MB, written as fast as the socket takes it, until the answer comes.
      const write = () => {
        while (sent < 200_000_000 && !request.destroyed) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', write);
        }
        request.end();
      };
      write();
    });
    expect(status).toBe(413);
    expect(sent).toBeLessThan(32 * 1_048_576);
  });

  it('refuses a body whose declared length is over 1 MiB without reading it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      headers: { 'content-type': contentType, 'content-length': String(200_000_000) },
      payload: multipart(loginFields),
    });
    expect(response.statusCode).toBe(413);
  });

  it('keeps every value of a field sent twice, and refuses prototype names', async () => {
    const twice = await t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      headers: { 'content-type': contentType },
      payload: multipart([...loginFields, ['username', 'second@example.org']]),
    });
    expect(twice.statusCode).toBe(422);
    const proto = await t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      headers: { 'content-type': contentType },
      payload: multipart([...loginFields, ['__proto__', 'x']]),
    });
    expect(proto.statusCode).toBe(400);
  });
});
