// Parse throughput and peak memory of one parser over one dump: N runs, each in a fresh
// child process, summarised by the median (the machine is shared, so one slow run says
// little). Throughput is in MB/s of uncompressed XML, 1 MB = 10^6 bytes; "CPU MB/s" divides
// by the process's CPU time instead of the wall time, which load on the machine affects less.
import type { ParseRunResult } from './parse-run.ts';

export interface ParseFigures {
  label: string;
  runs: ParseRunResult[];
  medianMegabytesPerSecond: number;
  minMegabytesPerSecond: number;
  maxMegabytesPerSecond: number;
  medianCpuMegabytesPerSecond: number;
  /** The highest peak RSS of all runs. */
  peakRssBytes: number;
  baselineRssBytes: number;
  records: number;
  warnings: number;
}

export interface ParserUnderTest {
  label: string;
  runs: number;
  runOnce: () => Promise<ParseRunResult>;
}

/**
 * Runs every parser `runs` times, taking turns (A B C A B C …) rather than one parser after
 * the other, so that a change in the machine's load spreads over all of them.
 */
export async function measureParsers(
  parsers: ParserUnderTest[],
  onRun?: (parser: ParserUnderTest, run: ParseRunResult, index: number) => void,
): Promise<ParseFigures[]> {
  const results = parsers.map((): ParseRunResult[] => []);
  const rounds = Math.max(0, ...parsers.map((parser) => parser.runs));
  for (let round = 0; round < rounds; round++) {
    for (const [index, parser] of parsers.entries()) {
      if (round >= parser.runs) continue;
      const run = await parser.runOnce();
      results[index]?.push(run);
      onRun?.(parser, run, round);
    }
  }
  return parsers.map((parser, index) => summariseRuns(parser.label, results[index] ?? []));
}

export function summariseRuns(label: string, runs: ParseRunResult[]): ParseFigures {
  const wall = runs.map((run) => run.bytes / 1e6 / run.wallSeconds);
  const cpu = runs.map((run) => run.bytes / 1e6 / run.cpuSeconds);
  return {
    label,
    runs,
    medianMegabytesPerSecond: median(wall),
    minMegabytesPerSecond: Math.min(...wall),
    maxMegabytesPerSecond: Math.max(...wall),
    medianCpuMegabytesPerSecond: median(cpu),
    peakRssBytes: Math.max(...runs.map((run) => run.peakRssBytes)),
    baselineRssBytes: Math.max(...runs.map((run) => run.baselineRssBytes)),
    records: runs[0]?.records ?? 0,
    warnings: Math.max(...runs.map((run) => run.warnings)),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
