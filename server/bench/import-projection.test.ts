import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  parseProcStatTicks,
  projectToFullDblp,
  ticksBetween,
} from './import-projection.ts';

const statLine = (name: string, utime: number, stime: number) =>
  `4242 (${name}) S 2196 4242 4242 0 -1 4194560 1234 0 0 0 ${utime} ${stime} 0 0 20 0 1 0 ` +
  '98765 226000000 5000 18446744073709551615 1 1 0 0 0 0 4194304 19935232 536890883 0 0 0 17 1 0';

describe('parseProcStatTicks', () => {
  it.each([
    ['a backend', statLine('postgres', 150, 25), 175],
    ['a name with spaces and parentheses', statLine('a (b) c', 7, 3), 10],
    ['a line without a name', '4242 S 1 2 3', undefined],
    ['a truncated line', '4242 (postgres) S 2196 4242', undefined],
  ])('reads %s', (_case, line, expected) => {
    expect(parseProcStatTicks(line)).toBe(expected);
  });
});

describe('ticksBetween', () => {
  it('sums each backend’s growth, a backend first seen mid-phase counting from 0', () => {
    const start = new Map([
      [10, 100],
      [11, 50],
    ]);
    const end = new Map([
      [10, 160],
      [11, 50],
      [12, 30],
    ]);
    expect(ticksBetween(start, end)).toBe(60 + 0 + 30);
  });

  it('keeps the last value of a backend that has ended', () => {
    const start = new Map([[10, 100]]);
    expect(ticksBetween(start, new Map(start))).toBe(0);
  });
});

describe('projectToFullDblp', () => {
  it('scales by whichever of publications and people is the larger ratio', () => {
    const projection = projectToFullDblp({
      publications: 1_000_000,
      people: 400_000,
      wallSeconds: 60,
      nodeCpuSeconds: 20,
      postgresCpuSeconds: 100,
    });
    expect(projection.scaleFactor).toBe(10);
    expect(projection.wallSeconds).toBe(600);
    expect(projection.idealTwoCoreSeconds).toBe(600);
    expect(projection.isTargetMet).toBe(true);
  });

  it('misses the target past 15 minutes and has no CPU figure without PostgreSQL’s', () => {
    const projection = projectToFullDblp({
      publications: 2_000_000,
      people: 500_000,
      wallSeconds: 120,
      nodeCpuSeconds: 20,
    });
    expect(projection.scaleFactor).toBe(8);
    expect(projection.wallSeconds).toBe(960);
    expect(projection.idealTwoCoreSeconds).toBeUndefined();
    expect(projection.isTargetMet).toBe(false);
  });
});

describe('formatDuration', () => {
  it.each([
    [41.26, '41.3 s'],
    [508.4, '8 min 28 s'],
    [59.96, '1 min 0 s'],
  ])('writes %s seconds as %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});
