// Turns a DBLP file or byte stream into XML text chunks for the scanner: gunzips when the
// first bytes are gzip's magic number (a file name may lie), counts the bytes read for a
// progress bar, and decodes the declared encoding. The dump declares ISO-8859-1 and is in
// practice ASCII, so it takes the fast latin1 path; the web XML is UTF-8.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TextDecoder } from 'node:util';
import { createGunzip } from 'node:zlib';
import { DblpParseError } from './parse-error.ts';

/** A file path, a Node Readable of bytes, or any async iterable of bytes. */
export type XmlInput = string | AsyncIterable<Uint8Array>;

/**
 * Bytes per read from a file, and per gunzipped chunk. 1 MiB reads were no faster and left
 * more spent buffers for the garbage collector: 161 MB peak RSS against 117 MB.
 */
const readChunkSize = 256 * 1024;
/**
 * Text goes to the scanner in pieces of about this many bytes, each ending after a '>'.
 * V8 puts a string over 128 KiB in its large-object space, and decoding into such strings
 * ran at 1.3 GB/s against 7.5 GB/s below that size: 8 % of the parse time at 256 KiB.
 */
const pieceSize = 64 * 1024;
/** Enough bytes to see a BOM and the whole XML declaration. */
const sniffSize = 256;
/** Past this, text without any '>' goes to the scanner as it is (which copes, more slowly). */
const maxCarry = 64 * 1024;

interface ByteCount {
  bytesRead: number;
}

export async function* readXmlText(
  input: XmlInput,
  onProgress?: (bytesRead: number) => void,
): AsyncGenerator<string> {
  const source =
    typeof input === 'string' ? createReadStream(input, { highWaterMark: readChunkSize }) : input;
  const count: ByteCount = { bytesRead: 0 };
  yield* decodeText(gunzipIfCompressed(countBytes(source, count, onProgress), count));
}

async function* countBytes(
  source: AsyncIterable<Uint8Array>,
  count: ByteCount,
  onProgress: ((bytesRead: number) => void) | undefined,
): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    count.bytesRead += bytes.length;
    onProgress?.(count.bytesRead);
    yield bytes;
  }
}

async function* gunzipIfCompressed(
  chunks: AsyncIterable<Buffer>,
  count: ByteCount,
): AsyncGenerator<Buffer> {
  const iterator = chunks[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headSize = 0;
  while (headSize < 2) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    headSize += next.value.length;
  }
  const all = replay(head, iterator);
  const first = Buffer.concat(head, Math.min(headSize, 2));
  const isGzip = first.length === 2 && first[0] === 0x1f && first[1] === 0x8b;
  yield* isGzip ? gunzip(all, count) : all;
}

async function* replay(head: Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* head;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    await rest.return?.();
  }
}

async function* gunzip(compressed: AsyncIterable<Buffer>, count: ByteCount) {
  const gunzipStream = createGunzip({ chunkSize: readChunkSize });
  // Errors reach us through the iteration below; the promise only must not go unhandled.
  pipeline(Readable.from(compressed), gunzipStream).catch(() => {});
  try {
    for await (const chunk of gunzipStream) yield chunk as Buffer;
  } catch (error) {
    throw describeGzipError(error, count.bytesRead);
  }
}

function describeGzipError(error: unknown, bytesRead: number) {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'Z_BUF_ERROR') {
    return new DblpParseError(
      `the gzip data ends unexpectedly after ${bytesRead} compressed bytes: the file is truncated`,
      undefined,
      { cause: error },
    );
  }
  if (code === 'Z_DATA_ERROR') {
    const reason = error instanceof Error ? error.message : String(error);
    return new DblpParseError(
      `corrupt gzip data near compressed byte ${bytesRead} (${reason})`,
      undefined,
      { cause: error },
    );
  }
  return error;
}

async function* decodeText(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let decode: ((bytes: Buffer) => string) | undefined;
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks) {
    if (!decode && carry.length + chunk.length < sniffSize) {
      carry = Buffer.concat([carry, chunk]);
      continue;
    }
    decode ??= chooseDecoder(carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk);
    const [bridge, body] = bridgeCarry(carry, chunk);
    const cut = endOfLastTag(body);
    carry = body.subarray(cut);
    if (bridge.length > 0) yield decode(bridge);
    for (let start = 0; start < cut;) {
      const end = endOfPiece(body, start, cut);
      yield decode(body.subarray(start, end));
      start = end;
    }
  }
  if (!decode && carry.length === 0) return;
  decode ??= chooseDecoder(carry);
  const rest = decode(carry) + decode(Buffer.alloc(0));
  if (rest !== '') yield rest;
}

/**
 * Where the piece of `bytes` that starts at `start` ends: after the last '>' within
 * pieceSize bytes, so that it too ends after a tag.
 */
function endOfPiece(bytes: Buffer, start: number, end: number) {
  if (end - start <= pieceSize) return end;
  const gt = bytes.lastIndexOf(0x3e, start + pieceSize - 1);
  if (gt >= start) return gt + 1;
  const next = bytes.indexOf(0x3e, start + pieceSize);
  return next === -1 || next >= end ? end : next + 1;
}

/**
 * Joins the bytes carried over from the last chunk with the head of this one, up to its
 * first '>', which usually completes the cut token. Copies a few bytes, not the whole chunk.
 */
function bridgeCarry(carry: Buffer, chunk: Buffer): [Buffer, Buffer] {
  if (carry.length === 0) return [carry, chunk];
  const headEnd = chunk.indexOf(0x3e) + 1;
  if (headEnd === 0) return [Buffer.alloc(0), Buffer.concat([carry, chunk])];
  return [Buffer.concat([carry, chunk.subarray(0, headEnd)]), chunk.subarray(headEnd)];
}

/**
 * Where to cut a chunk so the text ends just after a '>': the scanner then rarely carries a
 * token over, and works on flat strings, which V8 scans several times faster than the
 * concatenated ones a carried token creates. '>' is ASCII, so no UTF-8 character is split.
 */
function endOfLastTag(bytes: Buffer) {
  const cut = bytes.lastIndexOf(0x3e) + 1;
  return cut > 0 && bytes.length - cut < maxCarry ? cut : bytes.length;
}

/**
 * Decodes one whole document held in memory (the web XML of one person), choosing the
 * encoding the same way as for a stream.
 */
export function decodeXmlBytes(bytes: Uint8Array) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decode = chooseDecoder(buffer);
  return decode(buffer) + decode(Buffer.alloc(0));
}

const declaredEncoding = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/;
const singleByteEncodings = new Set(['iso-8859-1', 'iso8859-1', 'latin1', 'us-ascii', 'ascii']);

/**
 * Picks a decoder from the BOM or the XML declaration; without either, XML is UTF-8. The
 * returned function keeps multi-byte characters whole across chunks; an empty chunk flushes.
 */
function chooseDecoder(head: Buffer): (bytes: Buffer) => string {
  if ((head[0] === 0xfe && head[1] === 0xff) || (head[0] === 0xff && head[1] === 0xfe)) {
    throw new DblpParseError('the XML is UTF-16 encoded: only UTF-8 and ISO-8859-1 are supported');
  }
  const declaration = head.toString('latin1', 0, Math.min(head.length, sniffSize));
  const encoding = declaredEncoding.exec(declaration)?.[1]?.toLowerCase() ?? 'utf-8';
  if (singleByteEncodings.has(encoding)) return (bytes) => bytes.toString('latin1');
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding);
  } catch (error) {
    throw new DblpParseError(`the XML declares an unknown encoding "${encoding}"`, undefined, {
      cause: error,
    });
  }
  return (bytes) => decoder.decode(bytes, { stream: bytes.length > 0 });
}
