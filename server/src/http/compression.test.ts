// The API's compression (compression.ts) on answers of each size it treats differently: a small
// answer goes out as it is; a middling one (a conflict list) is gzipped in one call and carries
// its compressed length; a large one (a prolific author's relations list) is gzipped as a stream.
// Each decodes to the very JSON the route sent, and each says it varies with Accept-Encoding.
import Fastify from 'fastify';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionThresholdBytes, registerCompression } from './compression.ts';

/** JSON rows of about `bytes` bytes, unlike each other as real rows are. */
const rowsOf = (bytes: number) =>
  Array.from({ length: Math.ceil(bytes / 90) }, (_, i) => ({
    id: i,
    reason: `co-authored "Paper ${(i * 7919) % 10007}" in ${1990 + (i % 35)}`,
    state: i % 3 === 0 ? 'confirmed' : 'pending',
  }));

const app = Fastify();
beforeAll(async () => {
  await registerCompression(app);
  app.get('/rows/:bytes', (request) => rowsOf(Number((request.params as { bytes: string }).bytes)));
  await app.ready();
});
afterAll(() => app.close());

const get = (bytes: number, acceptEncoding = 'gzip, deflate, br') =>
  app.inject({ url: `/rows/${bytes}`, headers: { 'accept-encoding': acceptEncoding } });

describe('answers compressed by size', () => {
  it('sends an answer below the threshold as it is', async () => {
    const response = await get(compressionThresholdBytes / 2);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.json()).toEqual(rowsOf(compressionThresholdBytes / 2));
  });

  it.each([
    ['a middling answer, gzipped in one call, with its length', 40_000, true],
    ['a large answer, gzipped as a stream', 1_000_000, false],
  ])('sends %s', async (_, bytes, hasLength) => {
    const response = await get(bytes);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(bytes / 3);
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8'))).toEqual(rowsOf(bytes));
    expect(response.headers['content-length']).toBe(
      hasLength ? String(response.rawPayload.length) : undefined,
    );
  });

  it('sends plain JSON to a client that refuses gzip', async () => {
    const response = await get(40_000, 'gzip;q=0, deflate');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(rowsOf(40_000));
  });
});
