// What parseDump does with the damage a real import meets: unknown entities, records without
// a key, DBLP's own notes, files cut off or corrupt, the wrong kind of file, and the same
// dump delivered compressed, by path or in odd chunk sizes.
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DblpParseError } from './parse-error.ts';
import { parseDump, parseDumpBatches } from './parse-dump.ts';
import type { DumpRecord } from './parse-dump.ts';
import { chunksOf, fixturePath, parseAll, readFixture } from './test-support.ts';

const keysOf = (records: DumpRecord[]) => records.map((record) => record.key);

describe('parseDump warnings and skips', () => {
  it('keeps an unknown entity as written, warns with the record key, and goes on', async () => {
    const text = (await readFixture('sample-2017-florentin.xml')).replace(
      'Sch&ouml;nhage',
      'Sch&umml;nhage',
    );
    const { records, warnings } = await parseAll(chunksOf(text));
    const record = records.find((candidate) => candidate.key === 'journals/acta/Schonhage77');
    expect(record).toMatchObject({ authors: [{ name: 'Arnold Sch&umml;nhage' }] });
    expect(warnings).toEqual([
      {
        code: 'unknown-entity',
        message: 'unknown entity &umml;, kept as written',
        key: 'journals/acta/Schonhage77',
        position: { offset: text.indexOf('&umml;') },
      },
    ]);
    expect(records).toHaveLength(85);
  });

  it('skips a record without a key with a warning, and keeps the ones around it', async () => {
    const text = (await readFixture('tiny-2019-askmrsinh.xml')).replace(
      ' key="phd/Breuer2000"',
      '',
    );
    const { records, warnings } = await parseAll(chunksOf(text));
    expect(records).toHaveLength(12);
    expect(keysOf(records)).toContain('phd/Phipps92');
    expect(keysOf(records)).toContain('phd/Hofmann1999');
    expect(warnings).toEqual([
      {
        code: 'missing-key',
        message: '<phdthesis> without a key skipped',
        position: { offset: text.indexOf('<phdthesis mdate="2004-07-06">') },
      },
    ]);
  });

  it('skips dblpnote records and an unknown record element, reporting each', async () => {
    const text = (await readFixture('tiny-2019-askmrsinh.xml')).replace(
      '<dblp>',
      '<dblp><article key="dblpnote/ellipsis" publtype="informal"><title>&#8230;</title></article>' +
        '<thesis key="x/1"><title>Not in the DTD</title></thesis>',
    );
    const { records, warnings, skipped } = await parseAll(chunksOf(text));
    expect(records).toHaveLength(13);
    expect(skipped).toEqual([{ reason: 'dblpnote', element: 'article', key: 'dblpnote/ellipsis' }]);
    expect(warnings).toMatchObject([
      { code: 'unknown-record', message: 'unknown record <thesis> skipped', key: 'x/1' },
    ]);
  });
});

describe('parseDump on damaged or wrong files', () => {
  it('throws where a file is cut off inside a record, naming the record', async () => {
    const text = await readFixture('sample-2020-snehal.xml');
    const cut = text.indexOf('<author>Michael Stonebraker</author>');
    const parsing = parseAll(chunksOf(text.slice(0, cut + 20)));
    await expect(parsing).rejects.toThrow(DblpParseError);
    await expect(parsing).rejects.toThrow(
      `the XML ends inside <dblp> <article> <author>: the file is truncated or corrupt ` +
        `in the record with key "tr/gte/TR-0222-10-92-165" (at offset ${cut + 20})`,
    );
  });

  it('yields the records before the cut, then throws', async () => {
    const text = await readFixture('tiny-2019-askmrsinh.xml');
    const records: DumpRecord[] = [];
    const reading = (async () => {
      for await (const record of parseDump(chunksOf(text.slice(0, 3000), 500))) {
        records.push(record);
      }
    })();
    await expect(reading).rejects.toThrow(/truncated/);
    expect(keysOf(records).slice(0, 3)).toEqual([
      'tr/meltdown/s18',
      'tr/meltdown/m18',
      'tr/acm/CS2013',
    ]);
  });

  it('throws on a truncated .gz file, saying it is truncated', async () => {
    const gzip = gzipSync(Buffer.from(await readFixture('sample-2017-florentin.xml'), 'latin1'));
    const parsing = parseAll(chunksOf(gzip.subarray(0, gzip.length - 100), 1000));
    await expect(parsing).rejects.toThrow(/gzip data ends unexpectedly .*truncated/);
  });

  it('throws on a record opened inside another: a lost closing tag', async () => {
    const text = (await readFixture('tiny-2019-askmrsinh.xml')).replace('</book>', '');
    await expect(parseAll(chunksOf(text))).rejects.toThrow(
      /<phdthesis> starts inside another record: the file is corrupt in the record with key "tr\/acm\/CS2013" \(at offset \d+\)/,
    );
  });

  it('throws on a mismatched closing tag', async () => {
    const text = (await readFixture('tiny-2019-askmrsinh.xml')).replace(
      '<year>1992</year>',
      '<year>1992</yaer>',
    );
    await expect(parseAll(chunksOf(text))).rejects.toThrow(
      /closing tag <\/yaer> where <\/year> was expected: the file is corrupt in the record with key "phd\/Phipps92"/,
    );
  });

  it.each([
    { case: 'a per-person XML', file: 'person/95-7448-1.xml', root: 'dblpperson' },
    {
      case: 'a single web record',
      file: 'person/record-conf-acl-ChangSRM23.xml',
      root: 'inproceedings',
    },
  ])('refuses $case: not a DBLP dump', async ({ file, root }) => {
    await expect(parseAll(fixturePath(file))).rejects.toThrow(
      `not a DBLP dump: the root element is <${root}>, not <dblp>`,
    );
  });

  it('refuses an HTML error page', async () => {
    const html = '<!DOCTYPE html>\n<html lang="en"><head><title>429 Too Many Requests</title>';
    await expect(parseAll(chunksOf(html))).rejects.toThrow('root element is <html>');
  });

  it('refuses an empty file', async () => {
    await expect(parseAll(chunksOf(''))).rejects.toThrow('the document is empty');
  });
});

describe('parseDump inputs', () => {
  it('reads a gzip file by its magic bytes, whatever its name, and reports compressed bytes read', async () => {
    const text = await readFixture('dump-2021-persons-evelasquez.xml');
    const directory = await mkdtemp(join(tmpdir(), 'recuse-dblp-'));
    const path = join(directory, 'dblp.xml'); // gzip inside, no .gz in the name
    await writeFile(path, gzipSync(Buffer.from(text, 'latin1')));
    const progress: number[] = [];
    const { records } = await parseAll(path, { onProgress: (bytes) => progress.push(bytes) });
    expect(records).toHaveLength(23);
    expect(records.at(-1)).toMatchObject({ key: 'homepages/29/7763', names: ['Jin-Ping Li'] });
    expect(progress.at(-1)).toBe((await stat(path)).size);
  });

  it('reports progress in bytes of a plain file, growing to its size', async () => {
    const path = fixturePath('sample-2017-florentin.xml');
    const progress: number[] = [];
    await parseAll(chunksOf(await readFile(path), 4096), {
      onProgress: (bytes) => progress.push(bytes),
    });
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe((await stat(path)).size);
  });

  it.each([1, 2, 3, 7, 100, 4096])(
    'yields the same records whatever the chunk size (%i bytes)',
    async (chunkSize) => {
      const text = await readFixture('dump-2021-persons-evelasquez.xml');
      const whole = await parseAll(chunksOf(text));
      const chunked = await parseAll(chunksOf(text, chunkSize));
      expect(chunked.records).toEqual(whole.records);
    },
  );

  it.each([
    { case: 'plain', compress: (bytes: Buffer) => bytes },
    { case: 'gzip', compress: (bytes: Buffer) => gzipSync(bytes) },
  ])('closes a $case input when the consumer stops early', async ({ compress }) => {
    const bytes = compress(Buffer.from(await readFixture('sample-2017-florentin.xml'), 'latin1'));
    let isClosed = false;
    async function* source() {
      try {
        yield* chunksOf(bytes, 1000);
      } finally {
        isClosed = true;
      }
    }
    for await (const record of parseDump(source())) {
      expect(record.key).toBe('journals/acta/Saxena96');
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(isClosed).toBe(true);
  });

  it('yields the same records in batches', async () => {
    const path = fixturePath('sample-2020-snehal.xml');
    const { records } = await parseAll(path);
    const batches: DumpRecord[][] = [];
    for await (const batch of parseDumpBatches(chunksOf(await readFile(path), 2000))) {
      batches.push(batch);
    }
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toEqual(records);
  });

  it('ignores the DOCTYPE SYSTEM id and reads entities from an internal subset', async () => {
    const text = (await readFixture('tiny-2019-askmrsinh.xml'))
      .replace(
        '<!DOCTYPE dblp SYSTEM "dblp.dtd">',
        '<!DOCTYPE dblp SYSTEM "https://dblp.org/xml/dblp-2019-11-22.dtd" [ <!ENTITY umml "&#252;"> ]>',
      )
      .replace('Geoffrey Phipps', 'Geoffrey Ph&umml;pps &eacute;');
    const { records, warnings } = await parseAll(chunksOf(text));
    expect(records.find((record) => record.key === 'phd/Phipps92')).toMatchObject({
      authors: [{ name: 'Geoffrey Phüpps é' }],
    });
    expect(warnings).toEqual([]);
  });
});
