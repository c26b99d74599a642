// Writes a synthetic dump to a file (or stdout), gzip-compressed if asked, through a stream
// pipeline so memory stays constant. A file appears under its name only once complete: it is
// written as NAME.partial and renamed, so an interrupted run never leaves a truncated dump
// that a cache would mistake for a good one.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { createSummary, generateSyntheticDump } from './generate-dump.ts';
import type { SyntheticDumpOptions, SyntheticDumpSummary } from './generate-dump.ts';

export interface WrittenDump {
  summary: SyntheticDumpSummary;
  seconds: number;
}

/** `path` '-' writes to stdout. */
export async function writeSyntheticDumpFile(
  path: string,
  options: SyntheticDumpOptions,
  { gzip = false }: { gzip?: boolean } = {},
): Promise<WrittenDump> {
  const summary = createSummary(options.seed);
  const started = performance.now();
  const source = Readable.from(generateSyntheticDump(options, summary));
  const write = (destination: Writable) =>
    gzip ? pipeline(source, createGzip(), destination) : pipeline(source, destination);
  if (path === '-') {
    await write(process.stdout);
  } else {
    const partial = `${path}.partial`;
    try {
      await write(createWriteStream(partial));
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }
  return { summary, seconds: (performance.now() - started) / 1000 };
}
