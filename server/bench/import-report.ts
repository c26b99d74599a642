// The printed result of `npm run bench:import`: the command, the machine and its load, then a
// markdown table ready for docs/benchmarks.md (one column per import phase, and the total), the
// peak memory and database size, and the projection to the full DBLP against the target of 15
// minutes (docs/benchmarks.md, "DBLP import"). Pure: figures in, text out.
import type { ImportSummary } from '../src/dblp/import/import-dump.ts';
import { describeByteSize } from './synthetic/byte-size.ts';
import { formatDuration } from './import-projection.ts';
import type { FullDblpProjection } from './import-projection.ts';
import type { MachineDescription } from './machine.ts';
import { formatLoadAverage } from './machine.ts';

export interface PhaseFigures {
  wallSeconds: number;
  nodeCpuSeconds: number;
  /** Undefined when the PostgreSQL backends could not be read (a server on another host). */
  postgresCpuSeconds?: number;
}

export interface ImportRowCounts {
  publications: number;
  authorships: number;
  users: number;
  relations: number;
  parties: number;
  databaseBytes: number;
}

export interface ImportBenchReport {
  command: string;
  machine: MachineDescription;
  loadAverageAtEnd: number[];
  postgresVersion: string;
  database: string;
  dump: { path: string; bytes: number; note: string };
  summary: ImportSummary;
  /** Counted in the database after the import. */
  counts: ImportRowCounts;
  phases: { records: PhaseFigures; people: PhaseFigures; relations: PhaseFigures };
  total: PhaseFigures;
  peakRssBytes: number;
  projection: FullDblpProjection;
  targetSeconds: number;
}

const count = (value: number) => value.toLocaleString('en-US');
const cpu = (seconds: number | undefined) =>
  seconds === undefined ? 'n/a' : `${seconds.toFixed(1)} s`;
const minutes = (seconds: number) => `${(seconds / 60).toFixed(1)} min`;

export function formatImportReport(report: ImportBenchReport): string {
  const { machine, summary, counts } = report;
  const columns = [report.phases.records, report.phases.people, report.phases.relations];
  const row = (label: string, cell: (figures: PhaseFigures) => string) =>
    `| ${[label, ...[...columns, report.total].map(cell)].join(' | ')} |`;
  const caption =
    `${describeByteSize(report.dump.bytes)} dump: ${count(counts.publications)} publications, ` +
    `${count(counts.authorships)} authorships, ${count(summary.people)} people ` +
    `(${count(summary.redirects)} redirects; ${count(counts.users)} users), ` +
    `${count(counts.relations)} relations, ${count(counts.parties)} parties`;
  const lines = [
    `command   ${report.command}`,
    `machine   ${machine.cpuCount} CPUs (${machine.cpuModel}), ` +
      `${(machine.totalMemoryBytes / 2 ** 30).toFixed(1)} GiB RAM, Node ${machine.node}, ` +
      `PostgreSQL ${report.postgresVersion}`,
    `load      ${formatLoadAverage(machine.loadAverage)} at start, ` +
      `${formatLoadAverage(report.loadAverageAtEnd)} at end (1, 5, 15 min)`,
    `dump      ${report.dump.path}, ${report.dump.note}`,
    `database  ${report.database}`,
    '',
    `| ${caption} | records | people | relations | total |`,
    '| --- | --- | --- | --- | --- |',
    row(
      `wall time (load ${report.machine.loadAverage[0]?.toFixed(1)} to ` +
        `${report.loadAverageAtEnd[0]?.toFixed(1)})`,
      (figures) => formatDuration(figures.wallSeconds),
    ),
    row('publications per second, wall', (figures) =>
      count(Math.round(counts.publications / figures.wallSeconds)),
    ),
    row('PostgreSQL CPU (backends sampled every 1 s)', (figures) =>
      cpu(figures.postgresCpuSeconds),
    ),
    row('Node CPU', (figures) => cpu(figures.nodeCpuSeconds)),
    '',
    `Peak RSS of the Node process: ${describeByteSize(report.peakRssBytes)}. ` +
      `Database size at the end: ${describeByteSize(counts.databaseBytes)}.`,
    ...formatProjection(report),
  ];
  return `${lines.join('\n')}\n`;
}

function formatProjection({ projection, total, targetSeconds }: ImportBenchReport): string[] {
  const factor = projection.scaleFactor.toFixed(2);
  const twoCore = projection.idealTwoCoreSeconds;
  return [
    `Projected full DBLP (× ${factor}, the larger of 8 M publications and 4 M people over ` +
      "this dump's): " +
      `${minutes(projection.wallSeconds)} (wall ${formatDuration(total.wallSeconds)} × ${factor}); ` +
      (twoCore === undefined
        ? 'ideal two-core n/a (no PostgreSQL CPU)'
        : `ideal two-core ${minutes(twoCore)} ((PostgreSQL CPU + Node CPU) / 2 × ${factor})`),
    `${targetSeconds / 60}-minute target: ${projection.isTargetMet ? 'met' : 'not met'} ` +
      '(on the wall projection).',
  ];
}
