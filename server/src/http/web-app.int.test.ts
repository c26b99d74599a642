// The built web app as the server sends it (docs/architecture.md, "Build and start"): the
// brotli or gzip copy the build wrote, as the client accepts, with Content-Encoding and
// Vary; fingerprinted assets cached for good, index.html revalidated every time (also for
// client routes); JSON answers compressed by @fastify/compress above the threshold only.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';

const indexHtml = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`;
const script = `export const page = ${JSON.stringify('x'.repeat(5000))};`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'recuse-web-dist-'));
  await mkdir(path.join(webDist, 'assets'));
  const files: Array<[string, string]> = [
    ['index.html', indexHtml],
    ['assets/sign-in-Ab12Cd34.js', script],
  ];
  for (const [name, content] of files) {
    await writeFile(path.join(webDist, name), content);
    await writeFile(path.join(webDist, `${name}.br`), brotliCompressSync(content));
    await writeFile(path.join(webDist, `${name}.gz`), gzipSync(content));
  }
  await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends the brotli copy of an asset to a browser that accepts it, cached for good', async () => {
    const response = await t.app.inject({
      url: '/assets/sign-in-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a client without brotli, and the file itself to one without either', async () => {
    const gzipped = await t.app.inject({
      url: '/assets/sign-in-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: '/assets/sign-in-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends index.html compressed but never cached without asking, for a client route too', async () => {
    for (const url of ['/sign-in', '/relations/view/7']) {
      const response = await t.app.inject({
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(indexHtml);
    }
  });

  it('sends a file that is not fingerprinted revalidated every time', async () => {
    const response = await t.app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('API answers', () => {
  it('go out as they are below the threshold, with Vary: Accept-Encoding', async () => {
    const response = await t.app.inject({
      url: '/docs/json',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toContain('accept-encoding');
  });

  it('are gzipped above the threshold for a client that accepts gzip, never brotli or deflate', async () => {
    const plain = await t.app.inject({ url: '/docs/json' });
    expect(plain.rawPayload.length).toBeGreaterThan(16 * 1024);
    const gzipped = await t.app.inject({
      url: '/docs/json',
      headers: { 'accept-encoding': 'br, gzip, deflate' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    const deflateOnly = await t.app.inject({
      url: '/docs/json',
      headers: { 'accept-encoding': 'deflate, br' },
    });
    expect(deflateOnly.headers['content-encoding']).toBeUndefined();
  });
});
