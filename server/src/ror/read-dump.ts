// Reads the records of a ROR data dump one at a time: the JSON file itself, or the .zip ROR
// publishes (which holds the JSON of schema v2, and in older releases v1 and CSV files beside
// it). The JSON, a ~250 MB array, is never parsed whole: stream-json hands over one record at
// a time, so memory stays flat whatever the dump's size.
import { createReadStream } from 'node:fs';
import { open as openFile, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import streamArray from 'stream-json/streamers/stream-array.js';
import yauzl from 'yauzl';

/** The file is not a ROR dump we can read: the message says what to do. */
export class RorDumpError extends Error {}

export interface DumpProgress {
  /** Bytes of the JSON read so far, and its whole size. */
  bytesRead: number;
  totalBytes: number;
}

async function isZip(path: string): Promise<boolean> {
  const handle = await openFile(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error
        ? reject(new RorDumpError(`${path} is not a readable zip: ${error.message}`))
        : resolve(zip),
    );
  });
}

function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/**
 * The JSON of schema v2 in the zip: the one file named `…schema_v2.json`, else the only .json
 * file (ROR's releases since v2 became the default hold just that one).
 */
export function pickJsonEntry<T extends { fileName: string }>(entries: readonly T[]): T {
  const json = entries.filter(
    (entry) => entry.fileName.toLowerCase().endsWith('.json') && !entry.fileName.endsWith('/'),
  );
  const v2 = json.filter((entry) => /schema_v2\.json$/i.test(entry.fileName));
  if (v2.length === 1) return v2[0]!;
  const notV1 = json.filter((entry) => !/schema_v1\.json$/i.test(entry.fileName));
  if (v2.length === 0 && notV1.length === 1) return notV1[0]!;
  const names = json.map((entry) => entry.fileName).join(', ') || 'none';
  throw new RorDumpError(
    `Cannot tell which JSON file in the zip is the dump of schema v2 (JSON files: ${names}).`,
  );
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });
}

async function openDump(path: string): Promise<{ stream: Readable; size: number; close(): void }> {
  const info = await stat(path);
  if (!info.isFile()) throw new RorDumpError(`${path} is not a file.`);
  if (!(await isZip(path))) {
    return { stream: createReadStream(path), size: info.size, close: () => {} };
  }
  const zip = await openZip(path);
  try {
    const entry = pickJsonEntry(await listEntries(zip));
    return {
      stream: await openEntry(zip, entry),
      size: entry.uncompressedSize,
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/**
 * The records of the dump (a top-level JSON array), in file order, as parsed JSON values.
 * `onProgress` hears how much of the JSON was read. A file that is not a JSON array, or is
 * cut short, ends in a RorDumpError.
 */
export async function* readRorDump(
  path: string,
  onProgress?: (progress: DumpProgress) => void,
): AsyncGenerator<unknown> {
  const dump = await openDump(path);
  let bytesRead = 0;
  dump.stream.on('data', (chunk: Buffer) => {
    bytesRead += chunk.length;
  });
  const records = dump.stream.pipe(streamArray.withParserAsStream());
  dump.stream.on('error', (error) => records.destroy(error));
  try {
    for await (const item of records as AsyncIterable<{ key: number; value: unknown }>) {
      onProgress?.({ bytesRead, totalBytes: dump.size });
      yield item.value;
    }
    onProgress?.({ bytesRead: dump.size, totalBytes: dump.size });
  } catch (error) {
    if (error instanceof RorDumpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('E') && code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      throw error;
    }
    throw new RorDumpError(
      `${path} is not a ROR dump (a JSON array of records), or it is cut short: ` +
        (error instanceof Error ? error.message : String(error)),
    );
  } finally {
    dump.stream.destroy();
    records.destroy();
    dump.close();
  }
}
