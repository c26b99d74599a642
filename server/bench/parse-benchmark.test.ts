import { describe, expect, it } from 'vitest';
import { measureParsers, median, summariseRuns } from './parse-benchmark.ts';
import type { ParseRunResult } from './parse-run.ts';

const run = (wallSeconds: number, peakRssBytes: number): ParseRunResult => ({
  bytes: 100e6,
  records: 10,
  warnings: 0,
  wallSeconds,
  cpuSeconds: wallSeconds / 2,
  peakRssBytes,
  baselineRssBytes: 50e6,
});

describe('median', () => {
  it.each([
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
  ])('of %j is %d', (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});

describe('summariseRuns', () => {
  it('reports the median throughput in MB/s and the highest peak memory of all runs', () => {
    const figures = summariseRuns('parser', [run(1, 120e6), run(2, 140e6), run(0.5, 130e6)]);
    expect(figures.medianMegabytesPerSecond).toBe(100);
    expect(figures.minMegabytesPerSecond).toBe(50);
    expect(figures.maxMegabytesPerSecond).toBe(200);
    expect(figures.medianCpuMegabytesPerSecond).toBe(200);
    expect(figures.peakRssBytes).toBe(140e6);
  });
});

describe('measureParsers', () => {
  it('lets the parsers take turns, each for its own number of runs', async () => {
    const order: string[] = [];
    const parser = (label: string, runs: number) => ({
      label,
      runs,
      runOnce: async () => {
        order.push(label);
        return run(1, 100e6);
      },
    });
    const figures = await measureParsers([parser('a', 3), parser('b', 2), parser('c', 1)]);
    expect(order).toEqual(['a', 'b', 'c', 'a', 'b', 'a']);
    expect(figures.map((parserFigures) => parserFigures.runs.length)).toEqual([3, 2, 1]);
  });
});
