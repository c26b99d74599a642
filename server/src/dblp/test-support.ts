// Helpers the dump parser's tests share: the fixture files, input cut into chunks as a
// network stream would cut it, and a parse that collects records, warnings and skips.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { DblpWarning } from './parse-error.ts';
import { parseDump } from './parse-dump.ts';
import type { DumpRecord, ParseDumpOptions, SkippedRecord } from './parse-dump.ts';

export const fixturePath = (name: string) =>
  fileURLToPath(new URL(`../../test/fixtures/dblp/${name}`, import.meta.url));

export const readFixture = (name: string) => readFile(fixturePath(name), 'latin1');

/** The text as bytes, in chunks of `chunkSize` bytes. */
export async function* chunksOf(text: string | Buffer, chunkSize = 64 * 1024) {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
  for (let start = 0; start < bytes.length; start += chunkSize) {
    yield bytes.subarray(start, start + chunkSize);
  }
}

export async function parseAll(
  input: Parameters<typeof parseDump>[0],
  options: ParseDumpOptions = {},
) {
  const warnings: DblpWarning[] = [];
  const skipped: SkippedRecord[] = [];
  const records: DumpRecord[] = [];
  const parsing = parseDump(input, {
    onWarning: (warning) => warnings.push(warning),
    onSkip: (record) => skipped.push(record),
    ...options,
  });
  for await (const record of parsing) records.push(record);
  return { records, warnings, skipped };
}
