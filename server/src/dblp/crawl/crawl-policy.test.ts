import { describe, expect, it } from 'vitest';
import { backoffMs, parseRetryAfter, rateLimitedMs, spacingMs } from './crawl-policy.ts';

const now = Date.parse('2026-11-21T12:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    ['seconds', '120', 120_000],
    ['zero seconds', '0', 0],
    ['an HTTP date 90 s ahead', 'Sat, 21 Nov 2026 12:01:30 GMT', 90_000],
    ['an HTTP date already past', 'Sat, 21 Nov 2026 11:00:00 GMT', 0],
    ['more than a day, read as a day', '999999', 86_400_000],
    ['absent', undefined, undefined],
    ['empty', '  ', undefined],
    ['unreadable', 'soon', undefined],
    ['a negative number', '-5', undefined],
  ])('reads %s', (_case, header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});

describe('pauses', () => {
  it('waits at least the delay after a good answer, with at most 20 % jitter', () => {
    expect(spacingMs(2000, 0)).toBe(2000);
    expect(spacingMs(2000, 0.999)).toBeLessThanOrEqual(2400);
  });

  it('doubles the backoff with each failure in a row, up to an hour', () => {
    expect([1, 2, 3, 4].map((failures) => backoffMs(2000, failures, 0))).toEqual([
      4000, 8000, 16_000, 32_000,
    ]);
    expect(backoffMs(2000, 40, 0)).toBe(3_600_000);
    expect(backoffMs(2000, 1, 0.5)).toBe(4400);
  });

  it('honours Retry-After after a 429, and falls back when there is none', () => {
    expect(rateLimitedMs(120_000, 60_000, 4000)).toBe(120_000);
    expect(rateLimitedMs(undefined, 60_000, 4000)).toBe(60_000);
    expect(rateLimitedMs(1000, 60_000, 8000)).toBe(8000);
  });
});
