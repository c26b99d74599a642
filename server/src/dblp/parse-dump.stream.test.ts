// parseDump as a stream: the same records wherever the bytes are cut (the scanner reads
// most fields in one step when a whole field is in hand, and must fall back cleanly when
// it is not), text in pieces larger than one read, and the record iterator behaving as an
// async generator does (order, early stop, errors).
import { describe, expect, it } from 'vitest';
import type { DblpWarning } from './parse-error.ts';
import { parseDump } from './parse-dump.ts';
import type { DumpRecord } from './parse-dump.ts';
import { chunksOf, parseAll } from './test-support.ts';

/** One of each thing a cut can land in: attributes, entities, markup, glued records. */
const document =
  '<?xml version="1.0" encoding="ISO-8859-1"?>\n<!DOCTYPE dblp SYSTEM "dblp.dtd">\n<dblp>\n' +
  '<article mdate="2020-01-01" key="journals/x/M&uuml;ller20" publtype="informal">\n' +
  '<author orcid="0000-0001-2345-6789">J&ouml;rg M&uuml;ller 0001</author>\n' +
  '<author>A &bogus; Name</author>\n' +
  '<title>The <i>G/G/1/N</i> Queue &#8211; a <sub>x<sup>2</sup></sub> Study.</title>\n' +
  '<journal>Acta Inf.</journal>\n<year>2020</year>\n<ee>https://doi.org/10.1/x&amp;y</ee>\n' +
  '</article><www mdate="2021-02-02" key="homepages/12/3456">' +
  '<author>Jörg Müller 0001</author><note type="affiliation" label="former">Uni &Uuml;lm</note>' +
  '</www>\n</dblp>\n';

function describeWarnings(warnings: DblpWarning[]) {
  return warnings.map((warning) => `${warning.message} @${warning.position.offset}`);
}

describe('parseDump across chunk boundaries', () => {
  it('reads the sample as expected', async () => {
    const { records, warnings } = await parseAll(chunksOf(document));
    expect(records).toMatchObject([
      {
        key: 'journals/x/Müller20',
        publtype: 'informal',
        authors: [
          { name: 'Jörg Müller 0001', orcid: '0000-0001-2345-6789' },
          { name: 'A &bogus; Name' },
        ],
        title: 'The G/G/1/N Queue – a x2 Study.',
        journal: 'Acta Inf.',
        year: 2020,
        ee: ['https://doi.org/10.1/x&y'],
      },
      {
        key: 'homepages/12/3456',
        names: ['Jörg Müller 0001'],
        affiliations: [{ text: 'Uni Ülm', label: 'former' }],
      },
    ]);
    expect(describeWarnings(warnings)).toEqual([
      `unknown entity &bogus;, kept as written @${document.indexOf('&bogus;')}`,
    ]);
  });

  it('yields the same records and warnings wherever the bytes are cut in two', async () => {
    const whole = await parseAll(chunksOf(document));
    const bytes = Buffer.from(document, 'latin1');
    for (let cut = 1; cut < bytes.length; cut++) {
      const { records, warnings } = await parseAll(
        (async function* () {
          yield bytes.subarray(0, cut);
          yield bytes.subarray(cut);
        })(),
      );
      expect(records, `cut at ${cut}`).toEqual(whole.records);
      expect(describeWarnings(warnings), `cut at ${cut}`).toEqual(describeWarnings(whole.warnings));
    }
  });

  it('reads a chunk far larger than one piece of text, and a text run longer than a piece', async () => {
    const longTitle = 'Long '.repeat(30_000); // 150 000 characters without a '>'
    const records = Array.from(
      { length: 5000 },
      (_, index) =>
        `<article key="journals/x/A${index}"><author>Author ${index}</author>` +
        `<title>${index === 2500 ? longTitle : `Title ${index}`}</title></article>\n`,
    );
    const text = `<dblp>\n${records.join('')}</dblp>\n`;
    const { records: read } = await parseAll(chunksOf(text, 4 * 1024 * 1024));
    expect(read).toHaveLength(5000);
    expect(read[2500]).toMatchObject({ key: 'journals/x/A2500', title: longTitle.trim() });
    expect(read[4999]).toMatchObject({ authors: [{ name: 'Author 4999' }], title: 'Title 4999' });
  });
});

describe('the records parseDump yields', () => {
  const manyRecords =
    '<dblp>' +
    Array.from(
      { length: 300 },
      (_, index) => `<book key="b/${index}"><title>T${index}</title></book>`,
    ).join('\n') +
    '</dblp>';
  const keysOf = (records: DumpRecord[]) => records.map((record) => record.key);
  const expectedKeys = Array.from({ length: 300 }, (_, index) => `b/${index}`);

  it('answers calls to next() made without waiting, in order', async () => {
    const parsing = parseDump(chunksOf(manyRecords, 1000));
    const results = await Promise.all(Array.from({ length: 302 }, () => parsing.next()));
    expect(keysOf(results.filter((result) => !result.done).map((result) => result.value))).toEqual(
      expectedKeys,
    );
    expect(results.slice(300).every((result) => result.done)).toBe(true);
  });

  it('closes the input on return(), and is then done', async () => {
    let isClosed = false;
    async function* source() {
      try {
        yield* chunksOf(manyRecords, 1000);
      } finally {
        isClosed = true;
      }
    }
    const parsing = parseDump(source());
    expect((await parsing.next()).value).toMatchObject({ key: 'b/0' });
    expect(await parsing.return(undefined)).toEqual({ value: undefined, done: true });
    expect(isClosed).toBe(true);
    expect(await parsing.next()).toEqual({ value: undefined, done: true });
  });

  it('takes next() and return() in the order they were called, as an async generator does', async () => {
    const parsing = parseDump(chunksOf(manyRecords, 1000));
    const first = parsing.next();
    const closing = parsing.return(undefined);
    const after = parsing.next();
    expect(await first).toMatchObject({ value: { key: 'b/0' }, done: false });
    expect(await closing).toEqual({ value: undefined, done: true });
    expect(await after).toEqual({ value: undefined, done: true });
  });

  it('rejects with the error given to throw(), closing the input', async () => {
    let isClosed = false;
    async function* source() {
      try {
        yield* chunksOf(manyRecords, 1000);
      } finally {
        isClosed = true;
      }
    }
    const parsing = parseDump(source());
    await parsing.next();
    await expect(parsing.throw(new Error('stop'))).rejects.toThrow('stop');
    expect(isClosed).toBe(true);
    expect(await parsing.next()).toEqual({ value: undefined, done: true });
  });

  it('is done after an error in the input, having yielded the records before it', async () => {
    const keys: string[] = [];
    const parsing = parseDump(chunksOf(manyRecords.slice(0, 2000), 500));
    await expect(
      (async () => {
        for await (const record of parsing) keys.push(record.key);
      })(),
    ).rejects.toThrow(/the XML ends inside/);
    expect(keys.length).toBeGreaterThan(10);
    expect(keys).toEqual(expectedKeys.slice(0, keys.length));
    expect(await parsing.next()).toEqual({ value: undefined, done: true });
  });
});
