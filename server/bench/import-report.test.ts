import { describe, expect, it } from 'vitest';
import type { ImportSummary } from '../src/dblp/import/import-dump.ts';
import { projectToFullDblp } from './import-projection.ts';
import { formatImportReport } from './import-report.ts';
import type { ImportBenchReport, PhaseFigures } from './import-report.ts';

const phase = (wallSeconds: number, postgresCpuSeconds?: number): PhaseFigures => ({
  wallSeconds,
  nodeCpuSeconds: 1,
  postgresCpuSeconds,
});

function buildReport(postgresCpuSeconds?: number): ImportBenchReport {
  const total = phase(300, postgresCpuSeconds === undefined ? undefined : 3 * postgresCpuSeconds);
  return {
    command: 'npm run bench:import -- --size 1GB',
    machine: {
      cpuCount: 2,
      cpuModel: 'AMD EPYC',
      totalMemoryBytes: 2 ** 34,
      freeMemoryBytes: 2 ** 33,
      node: 'v20.20.2',
      loadAverage: [1, 1, 1],
    },
    loadAverageAtEnd: [2, 1, 1],
    postgresVersion: '15.20',
    database: 'recuse_bench_import_1gb',
    dump: { path: 'data/bench/dump.xml', bytes: 1e9, note: 'reused from the cache' },
    summary: { people: 800_000, redirects: 8_000 } as ImportSummary,
    counts: {
      publications: 1_600_000,
      authorships: 6_000_000,
      users: 800_000,
      relations: 1_400_000,
      parties: 4_700_000,
      databaseBytes: 2.5e9,
    },
    phases: {
      records: phase(100, postgresCpuSeconds),
      people: phase(100, postgresCpuSeconds),
      relations: phase(100, postgresCpuSeconds),
    },
    total,
    peakRssBytes: 330e6,
    projection: projectToFullDblp({ publications: 1_600_000, people: 800_000, ...total }),
    targetSeconds: 900,
  };
}

describe('formatImportReport', () => {
  it('prints one markdown row per measure with a column per phase and the total', () => {
    const text = formatImportReport(buildReport(50));
    expect(text).toContain('| PostgreSQL CPU (backends sampled every 1 s) | 50.0 s | 50.0 s |');
    expect(text).toContain('| wall time (load 1.0 to 2.0) | 1 min 40 s |');
    expect(text).toContain('| 5 min 0 s |');
    expect(text).toContain('25.0 min (wall 5 min 0 s × 5.00)');
    expect(text).toContain('ideal two-core 6.3 min');
    expect(text).toContain('15-minute target: not met');
  });

  it('writes n/a where the PostgreSQL backends could not be read', () => {
    const text = formatImportReport(buildReport());
    expect(text).toContain(
      '| PostgreSQL CPU (backends sampled every 1 s) | n/a | n/a | n/a | n/a |',
    );
    expect(text).toContain('ideal two-core n/a');
  });
});
