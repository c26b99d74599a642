// Which Accept-Encoding headers let an answer go out gzipped (RFC 9110, section 12.5.3).
import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './compress-reply.ts';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['GZIP', true],
    ['deflate, gzip;q=0.5', true],
    ['*', true],
    ['br, *;q=0.1', true],
    [['deflate', 'gzip'], true],
    [undefined, false],
    ['', false],
    ['identity', false],
    ['deflate, br', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000, *', false],
    ['*;q=0', false],
    ['*, gzip;q=0', false],
  ] as Array<[string | string[] | undefined, boolean]>)('reads %j as %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
