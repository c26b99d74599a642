// Bytes in, XML text out: encodings, gzip by magic number, progress, and broken input.
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DblpParseError } from './parse-error.ts';
import { decodeXmlBytes, readXmlText } from './xml-input.ts';

async function* chunksOf(bytes: Uint8Array, chunkSize: number) {
  for (let start = 0; start < bytes.length; start += chunkSize) {
    yield bytes.subarray(start, start + chunkSize);
  }
}

async function readAll(input: Parameters<typeof readXmlText>[0]) {
  let text = '';
  for await (const chunk of readXmlText(input)) text += chunk;
  return text;
}

const latin1Document = Buffer.concat([
  Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>\n<dblp><author>Fr'),
  Buffer.from([0xe9]),
  Buffer.from('d&eacute;ric</author></dblp>\n'),
]);

describe('readXmlText', () => {
  it.each([1, 2, 5, 64, 100_000])(
    'decodes ISO-8859-1 as declared, in chunks of %i bytes',
    async (size) => {
      expect(await readAll(chunksOf(latin1Document, size))).toBe(
        '<?xml version="1.0" encoding="ISO-8859-1"?>\n<dblp><author>Fréd&eacute;ric</author></dblp>\n',
      );
    },
  );

  it.each([1, 2, 3, 7])(
    'decodes UTF-8 by default, characters split across %i-byte chunks',
    async (size) => {
      const text = '<dblpperson name="森嶋厚行 Gödel 😀"/>';
      expect(await readAll(chunksOf(Buffer.from(text, 'utf8'), size))).toBe(text);
    },
  );

  it('drops a UTF-8 byte order mark', async () => {
    const bytes = Buffer.from('\ufeff<a>é</a>', 'utf8');
    expect(await readAll(chunksOf(bytes, 2))).toBe('<a>é</a>');
  });

  it.each([1, 3, 4096])(
    'gunzips when the bytes start with gzip’s magic number (%i-byte chunks)',
    async (size) => {
      const compressed = gzipSync(latin1Document);
      expect(await readAll(chunksOf(compressed, size))).toBe(
        await readAll(chunksOf(latin1Document, 64)),
      );
    },
  );

  it('reads a Node Readable', async () => {
    const text = await readAll(Readable.from([gzipSync(Buffer.from('<a>x</a>'))]));
    expect(text).toBe('<a>x</a>');
  });

  it('counts the bytes read from the input, compressed bytes for gzip', async () => {
    const compressed = gzipSync(Buffer.from('<a>' + 'x'.repeat(100_000) + '</a>'));
    const progress: number[] = [];
    for await (const _ of readXmlText(chunksOf(compressed, 50), (bytes) => progress.push(bytes))) {
      // draining
    }
    expect(progress.at(-1)).toBe(compressed.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('ends each chunk but the last after a ">", so tokens rarely straddle two chunks', async () => {
    const document = Buffer.from('<dblp>' + '<a>text</a>\n'.repeat(50_000) + '</dblp>');
    const chunks: string[] = [];
    for await (const chunk of readXmlText(chunksOf(document, 1000))) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.slice(0, -1).every((chunk) => chunk.endsWith('>'))).toBe(true);
    expect(chunks.join('')).toBe(document.toString('latin1'));
  });

  it('hands a large read on in pieces of at most 64 KiB, each ending after a ">"', async () => {
    const document = Buffer.from('<dblp>' + '<a>text</a>\n'.repeat(200_000) + '</dblp>');
    const chunks: string[] = [];
    for await (const chunk of readXmlText(chunksOf(document, 1024 * 1024))) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(document.length / (64 * 1024));
    expect(chunks.every((chunk) => chunk.length <= 64 * 1024)).toBe(true);
    expect(chunks.slice(0, -1).every((chunk) => chunk.endsWith('>'))).toBe(true);
    expect(chunks.join('')).toBe(document.toString('latin1'));
  });

  it('keeps a text run longer than a piece whole', async () => {
    const text = '<dblp><a>' + 'x'.repeat(200_000) + '</a><b>y</b></dblp>';
    const chunks: string[] = [];
    for await (const chunk of readXmlText(chunksOf(Buffer.from(text), 1024 * 1024))) {
      chunks.push(chunk);
    }
    expect(chunks.join('')).toBe(text);
    expect(chunks.some((chunk) => chunk.includes('x'.repeat(200_000) + '</a>'))).toBe(true);
  });

  it.each([
    {
      case: 'truncated gzip',
      bytes: gzipSync(latin1Document).subarray(0, 40),
      message: /^the gzip data ends unexpectedly after 40 compressed bytes: the file is truncated$/,
    },
    {
      case: 'corrupt gzip',
      bytes: Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xff, 0xff]),
      message: /^corrupt gzip data near compressed byte 13/,
    },
    { case: 'UTF-16', bytes: Buffer.from([0xff, 0xfe, 0x3c, 0x00]), message: /UTF-16 encoded/ },
    {
      case: 'an unknown encoding',
      bytes: Buffer.from('<?xml version="1.0" encoding="x-klingon"?><a/>'),
      message: /unknown encoding "x-klingon"/,
    },
  ])('throws a DblpParseError on $case', async ({ bytes, message }) => {
    const reading = readAll(chunksOf(bytes, 16));
    await expect(reading).rejects.toThrow(DblpParseError);
    await expect(readAll(chunksOf(bytes, 16))).rejects.toThrow(message);
  });

  it('passes on the error of a failing input stream', async () => {
    async function* failing() {
      yield Buffer.from([0x1f, 0x8b]);
      throw new Error('disk on fire');
    }
    await expect(readAll(failing())).rejects.toThrow('disk on fire');
  });
});

describe('decodeXmlBytes', () => {
  it.each([
    {
      case: 'UTF-8 without a declaration',
      bytes: Buffer.from('<a>Gödel</a>'),
      text: '<a>Gödel</a>',
    },
    {
      case: 'ISO-8859-1 as declared',
      bytes: Buffer.concat([
        Buffer.from("<?xml version='1.0' encoding='iso-8859-1'?><a>G"),
        Buffer.from([0xf6]),
        Buffer.from('del</a>'),
      ]),
      text: "<?xml version='1.0' encoding='iso-8859-1'?><a>Gödel</a>",
    },
  ])('decodes $case', ({ bytes, text }) => {
    expect(decodeXmlBytes(bytes)).toBe(text);
  });
});
