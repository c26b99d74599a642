// The benchmark's printed result: the command, the machine and its load, the dump, one row per
// parser, and the parse targets of docs/benchmarks.md (parse >= 100 MB/s, peak memory < 300 MB
// whatever the size, at least twice as fast as lxml iterparse) each marked met or not met.
import { describeByteSize } from './synthetic/byte-size.ts';
import type { MachineDescription } from './machine.ts';
import { formatLoadAverage } from './machine.ts';
import type { ParseFigures } from './parse-benchmark.ts';

export const parseTargets = { megabytesPerSecond: 100, peakRssBytes: 300e6, lxmlRatio: 2 };

export interface BenchReport {
  command: string;
  machine: MachineDescription;
  loadAverageAtEnd: number[];
  python?: string;
  dump: { path: string; bytes: number; publications: number; persons: number; note: string };
  parsers: ParseFigures[];
  /** The Recuse row the targets are checked on, and the lxml row it is compared with. */
  recuse?: ParseFigures;
  lxml?: ParseFigures;
  lxmlFloor?: ParseFigures;
}

export function formatReport(report: BenchReport): string {
  const { machine } = report;
  const lines = [
    `command   ${report.command}`,
    `machine   ${machine.cpuCount} CPUs (${machine.cpuModel}), ` +
      `${(machine.totalMemoryBytes / 2 ** 30).toFixed(1)} GiB RAM, Node ${machine.node}` +
      (report.python ? `, ${report.python}` : ''),
    `load      ${formatLoadAverage(machine.loadAverage)} at start, ` +
      `${formatLoadAverage(report.loadAverageAtEnd)} at end (1, 5, 15 min)`,
    `dump      ${report.dump.path}`,
    `          ${describeByteSize(report.dump.bytes)}, ${report.dump.publications} publications, ` +
      `${report.dump.persons} person records; ${report.dump.note}`,
    '',
    formatRow([
      'parser',
      'runs',
      'MB/s median',
      '(min-max)',
      'CPU MB/s',
      'peak RSS',
      '(before)',
      'records',
    ]),
    ...report.parsers.map(formatFigures),
    '',
    ...formatTargets(report),
  ];
  return `${lines.join('\n')}\n`;
}

const widths = [28, 4, 11, 13, 8, 8, 8, 9];

function formatRow(cells: string[]): string {
  return cells
    .map((cell, index) =>
      index === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[index] ?? 0),
    )
    .join(' ');
}

function formatFigures(figures: ParseFigures): string {
  return formatRow([
    figures.label,
    String(figures.runs.length),
    figures.medianMegabytesPerSecond.toFixed(1),
    `(${figures.minMegabytesPerSecond.toFixed(1)}-${figures.maxMegabytesPerSecond.toFixed(1)})`,
    figures.medianCpuMegabytesPerSecond.toFixed(1),
    `${(figures.peakRssBytes / 1e6).toFixed(0)} MB`,
    `(${(figures.baselineRssBytes / 1e6).toFixed(0)} MB)`,
    String(figures.records),
  ]);
}

function formatTargets({ recuse, lxml, lxmlFloor }: BenchReport): string[] {
  if (!recuse) return [];
  const verdict = (isMet: boolean) => (isMet ? 'met' : 'NOT met');
  const speed = recuse.medianMegabytesPerSecond;
  const lines = [
    `targets (docs/benchmarks.md), on ${recuse.label}:`,
    `  parse >= ${parseTargets.megabytesPerSecond} MB/s: ${speed.toFixed(1)} MB/s median, ` +
      verdict(speed >= parseTargets.megabytesPerSecond),
    `  peak memory < ${parseTargets.peakRssBytes / 1e6} MB: ` +
      `${(recuse.peakRssBytes / 1e6).toFixed(0)} MB, ` +
      verdict(recuse.peakRssBytes < parseTargets.peakRssBytes),
  ];
  if (lxml) {
    const ratio = speed / lxml.medianMegabytesPerSecond;
    lines.push(
      `  >= ${parseTargets.lxmlRatio}x ${lxml.label}: ${ratio.toFixed(2)}x, ` +
        `${verdict(ratio >= parseTargets.lxmlRatio)} (${cpuRatio(recuse, lxml)} by CPU time)`,
    );
  }
  if (lxmlFloor) {
    const ratio = speed / lxmlFloor.medianMegabytesPerSecond;
    const byCpu = cpuRatio(recuse, lxmlFloor);
    lines.push(`  against ${lxmlFloor.label}: ${ratio.toFixed(2)}x (${byCpu} by CPU time)`);
  }
  return lines;
}

function cpuRatio(figures: ParseFigures, other: ParseFigures): string {
  return `${(figures.medianCpuMegabytesPerSecond / other.medianCpuMegabytesPerSecond).toFixed(2)}x`;
}
