// The synthetic ROR dump reads like a real one: every record passes the import's reader, links
// are written from both ends, and the mix of statuses and names is a release's.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRorRecord } from '../src/ror/ror-record.ts';
import type { RorInstitution } from '../src/ror/ror-record.ts';
import { syntheticRorId, writeSyntheticRorDump } from './synthetic-ror.ts';

const backLink = {
  parent: 'child',
  child: 'parent',
  related: 'related',
  successor: 'predecessor',
  predecessor: 'successor',
} as const;

describe('the synthetic ROR dump', () => {
  let directory: string;
  let records: RorInstitution[];
  let bytes: number;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'recuse-ror-synthetic-'));
    const file = path.join(directory, 'dump.json');
    bytes = await writeSyntheticRorDump(file, { count: 3000, seed: 7 });
    const text = await readFile(file, 'utf8');
    expect(Buffer.byteLength(text)).toBe(bytes);
    records = (JSON.parse(text) as unknown[]).map(readRorRecord);
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('writes records the import reads, each id once, about 2 to 3 KB each', () => {
    expect(records).toHaveLength(3000);
    expect(new Set(records.map((record) => record.rorId)).size).toBe(3000);
    expect(records[42]!.rorId).toBe(syntheticRorId(42));
    expect(bytes / records.length).toBeGreaterThan(1800);
    expect(bytes / records.length).toBeLessThan(3200);
  });

  it("has a release's mix of statuses, other names, domains and links", () => {
    const share = (test: (record: RorInstitution) => boolean) =>
      records.filter(test).length / records.length;
    expect(share((record) => record.status === 'active')).toBeGreaterThan(0.9);
    expect(share((record) => record.status === 'withdrawn')).toBeGreaterThan(0);
    expect(share((record) => record.aliases.length > 0)).toBeGreaterThan(0.5);
    expect(share((record) => record.domains.length > 0)).toBeGreaterThan(0.6);
    expect(share((record) => record.links.some((link) => link.type === 'parent'))).toBeGreaterThan(
      0.15,
    );
    expect(
      share((record) => record.links.some((link) => link.type === 'successor')),
    ).toBeGreaterThan(0);
    // Names repeat across records, as 'Ministry of Health' does.
    expect(new Set(records.map((record) => record.name)).size).toBeLessThan(records.length);
  });

  it('writes every link from both ends', () => {
    const byId = new Map(records.map((record) => [record.rorId, record]));
    for (const record of records) {
      for (const link of record.links) {
        const other = byId.get(link.rorId)!;
        expect(other.links, `${record.rorId} ${link.type} ${link.rorId}`).toContainEqual({
          type: backLink[link.type],
          rorId: record.rorId,
        });
      }
    }
  });
});
