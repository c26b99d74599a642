// The synthetic dump read back by the real dump parser: it must look like DBLP's file to
// every part of the import (format, entities, persons last, crossrefs, homonyms, aliases).
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DblpWarning } from '../../src/dblp/parse-error.ts';
import { parseDump } from '../../src/dblp/parse-dump.ts';
import type { DumpRecord, SkippedRecord } from '../../src/dblp/parse-dump.ts';
import type { Person, Publication } from '../../src/dblp/records.ts';
import { createSummary, generateSyntheticDump } from './generate-dump.ts';
import type { SyntheticDumpOptions, SyntheticDumpSummary } from './generate-dump.ts';

interface GeneratedDump {
  text: string;
  summary: SyntheticDumpSummary;
  records: DumpRecord[];
  warnings: DblpWarning[];
  skipped: SkippedRecord[];
}

async function* asAsync(chunks: Iterable<Buffer>) {
  yield* chunks;
}

async function generateAndParse(options: SyntheticDumpOptions): Promise<GeneratedDump> {
  const summary = createSummary(options.seed);
  const bytes = Buffer.concat([...generateSyntheticDump(options, summary)]);
  const warnings: DblpWarning[] = [];
  const skipped: SkippedRecord[] = [];
  const records: DumpRecord[] = [];
  const parsing = parseDump(asAsync([bytes]), {
    onWarning: (warning) => warnings.push(warning),
    onSkip: (record) => skipped.push(record),
  });
  for await (const record of parsing) records.push(record);
  return { text: bytes.toString('latin1'), summary, records, warnings, skipped };
}

const isPerson = (record: DumpRecord): record is Person => record.kind === 'person';
const isPublication = (record: DumpRecord): record is Publication => record.kind !== 'person';
const digest = (chunks: Iterable<Buffer>) => {
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest('hex');
};

const targetBytes = 2_000_000;
let dump: GeneratedDump;
let publications: Publication[];
let persons: Person[];

beforeAll(async () => {
  dump = await generateAndParse({ seed: 1, targetBytes });
  publications = dump.records.filter(isPublication);
  persons = dump.records.filter(isPerson);
});

describe('a 2 MB synthetic dump', () => {
  it('starts like the real dump and holds ASCII only', () => {
    expect(dump.text.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>\n')).toBe(true);
    expect(dump.text).toContain('<!DOCTYPE dblp SYSTEM "dblp.dtd">\n<dblp>\n');
    expect(dump.text.endsWith('</dblp>\n')).toBe(true);
    const isPrintableAscii = (code: number) =>
      code === 9 || code === 10 || (code >= 32 && code < 127);
    expect([...dump.text].every((character) => isPrintableAscii(character.charCodeAt(0)))).toBe(
      true,
    );
  });

  it('parses without a warning, every record where the summary counts it', () => {
    expect(dump.warnings).toEqual([]);
    expect(publications.length).toBe(dump.summary.publications.records);
    expect(persons.length).toBe(dump.summary.persons.persons + dump.summary.persons.redirectStubs);
    expect(dump.skipped.map((record) => record.reason)).toEqual([
      'dblpnote',
      'dblpnote',
      'dblpnote',
      'not-a-person',
    ]);
  });

  it('lands within 2 % of the size asked for', () => {
    expect(dump.text.length).toBe(dump.summary.bytes);
    expect(Math.abs(dump.text.length / targetBytes - 1)).toBeLessThan(0.02);
  });

  it('puts every person record after every publication', () => {
    const lastPublication = dump.records.findLastIndex(isPublication);
    const firstPerson = dump.records.findIndex(isPerson);
    expect(firstPerson).toBeGreaterThan(lastPublication);
  });

  it('spells non-ASCII names with entities that decode to Latin-1 letters', () => {
    expect(dump.text).toMatch(/<author>[^<]*&[a-zA-Z]+;[^<]*<\/author>/);
    expect(dump.text).toMatch(/<author>[^<]*&#\d+;[^<]*<\/author>/);
    const names = publications.flatMap((record) => record.authors.map((author) => author.name));
    expect(names.some((name) => /[\u00c0-\u00ff]/.test(name))).toBe(true);
    expect(names.every((name) => !name.includes('&'))).toBe(true);
  });

  it('flattens title markup and decodes references beyond Latin-1 in titles', () => {
    expect(dump.text).toMatch(/<title>[^\n]*<(i|sub|sup)>/);
    const titles = publications.map((record) => record.title);
    expect(
      titles.some((title) => /k-Center|CO2 Emissions|L2 Estimation|2k Experts/.test(title)),
    ).toBe(true);
    expect(titles.filter((title) => title.includes('<'))).toEqual([]);
    expect(titles.some((title) => /[\u0100-\uffff]/.test(title))).toBe(true);
  });

  it('has an author list of 100 or more, and mostly 1 to 6 authors', () => {
    const counts = publications.map((record) => record.authors.length);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(100);
    const usual = counts.filter((count) => count >= 1 && count <= 6).length;
    expect(usual / counts.length).toBeGreaterThan(0.75);
  });

  it('resolves every publication crossref to a record in the file', () => {
    const keys = new Set(publications.map((record) => record.key));
    const crossrefs = publications.flatMap((record) => record.crossref ?? []);
    expect(crossrefs.length).toBeGreaterThan(100);
    expect(crossrefs.filter((crossref) => !keys.has(crossref))).toEqual([]);
  });

  it('resolves every redirect stub, transitively, to a person with names', () => {
    const byKey = new Map(persons.map((person) => [person.key, person]));
    const stubs = persons.filter((person) => person.crossref !== undefined);
    expect(stubs.length).toBe(dump.summary.persons.redirectStubs);
    for (const stub of stubs) {
      let target: Person | undefined = stub;
      for (let hops = 0; target?.crossref !== undefined && hops < 10; hops++) {
        target = byKey.get(target.crossref);
      }
      expect(target?.names.length ?? 0).toBeGreaterThan(0);
    }
  });

  it('keeps keys and person names unique, with homonym suffixes, aliases and affiliations', () => {
    const keys = dump.records.map((record) => record.key);
    expect(new Set(keys).size).toBe(keys.length);
    const names = persons.flatMap((person) => person.names);
    expect(new Set(names).size).toBe(names.length);
    expect(names.some((name) => / 0001$/.test(name))).toBe(true);
    expect(persons.some((person) => person.names.length >= 2)).toBe(true);
    expect(persons.some((person) => person.publtype === 'disambiguation')).toBe(true);
    expect(persons.some((person) => person.affiliations.length > 0)).toBe(true);
  });

  it('names on papers only people who have a person record', () => {
    const known = new Set(persons.flatMap((person) => person.names));
    const authors = publications.flatMap((record) => [...record.authors, ...record.editors]);
    expect(authors.filter((author) => !known.has(author.name))).toEqual([]);
  });

  it('glues some records onto one line, as the real dump does', () => {
    expect(dump.text).toMatch(/<\/(article|inproceedings|proceedings)><(article|inproceedings)/);
    expect(dump.text).toMatch(/<\/www><www /);
  });

  it('spreads publication years from the 1970s or 80s to 2026, most of them recent', () => {
    const years = publications.flatMap((record) => record.year ?? []);
    expect(Math.min(...years)).toBeLessThan(1990);
    expect(Math.max(...years)).toBe(2026);
    expect(years.filter((year) => year >= 2010).length / years.length).toBeGreaterThan(0.5);
  });
});

describe('generateSyntheticDump', () => {
  it('writes the same bytes for the same seed, and other bytes for another seed', () => {
    const options = { seed: 3, targetBytes: 300_000 };
    const first = digest(generateSyntheticDump(options));
    expect(digest(generateSyntheticDump(options))).toBe(first);
    expect(digest(generateSyntheticDump({ ...options, seed: 4 }))).not.toBe(first);
  });

  it('writes exactly the number of publications asked for, crossrefs still resolving', async () => {
    const small = await generateAndParse({ seed: 2, publications: 777 });
    const written = small.records.filter(isPublication);
    expect(written.length).toBe(777);
    const keys = new Set(written.map((record) => record.key));
    expect(written.filter((record) => record.crossref && !keys.has(record.crossref))).toEqual([]);
  });

  it('lands near a larger target too', () => {
    const summary = createSummary(9);
    let bytes = 0;
    for (const chunk of generateSyntheticDump({ seed: 9, targetBytes: 6_000_000 }, summary)) {
      bytes += chunk.length;
    }
    expect(bytes).toBe(summary.bytes);
    expect(Math.abs(bytes / 6_000_000 - 1)).toBeLessThan(0.02);
  });

  it('refuses to guess a size', () => {
    expect(() => [...generateSyntheticDump({ seed: 1 })]).toThrow(/size/);
  });
});
