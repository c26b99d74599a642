import { describe, expect, it } from 'vitest';
import { formatByteSize, parseByteSize } from './byte-size.ts';

describe('parseByteSize', () => {
  it.each([
    ['100MB', 100_000_000],
    ['1GB', 1_000_000_000],
    ['1gb', 1_000_000_000],
    ['2.5 GB', 2_500_000_000],
    ['512MiB', 512 * 2 ** 20],
    ['1GiB', 2 ** 30],
    ['64KB', 64_000],
    ['123456', 123_456],
  ])('reads %s as %i bytes', (text, bytes) => {
    expect(parseByteSize(text)).toBe(bytes);
  });

  it.each(['', 'big', '10 parsecs', '-5MB', '0'])('refuses %j with a hint', (text) => {
    expect(() => parseByteSize(text)).toThrow(/size/);
  });
});

describe('formatByteSize', () => {
  it.each([
    [100_000_000, '100MB'],
    [1_000_000_000, '1GB'],
    [1_500_000_000, '1.5GB'],
    [2_000_000, '2MB'],
    [999, '999B'],
  ])('writes %i bytes as %s', (bytes, text) => {
    expect(formatByteSize(bytes)).toBe(text);
  });
});
