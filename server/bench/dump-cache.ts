// The synthetic dumps benchmarks run on, generated once per size and seed and kept in a
// directory (./data/bench by default, git-ignored with the rest of ./data). A sidecar JSON
// records the generator version and the summary; a dump whose version or size does not
// match is generated again. dblp.dtd is copied beside the dumps, where lxml looks for it.
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatByteSize } from './synthetic/byte-size.ts';
import { syntheticDumpVersion } from './synthetic/generate-dump.ts';
import type { SyntheticDumpSummary } from './synthetic/generate-dump.ts';
import { writeSyntheticDumpFile } from './synthetic/write-dump-file.ts';

export const defaultBenchDirectory = fileURLToPath(new URL('../../data/bench/', import.meta.url));

export interface DumpRequest {
  directory: string;
  seed: number;
  targetBytes?: number;
  publications?: number;
}

export interface CachedDump {
  path: string;
  summary: SyntheticDumpSummary;
  /** Set when this run generated the file. */
  generatedInSeconds?: number;
}

interface Sidecar {
  version: number;
  summary: SyntheticDumpSummary;
  generatedInSeconds: number;
}

export async function ensureSyntheticDump(request: DumpRequest): Promise<CachedDump> {
  const { directory, seed, targetBytes, publications } = request;
  const size =
    targetBytes === undefined ? `${publications ?? 0}publications` : formatByteSize(targetBytes);
  const path = join(directory, `dblp-synthetic-${size}-seed${seed}-v${syntheticDumpVersion}.xml`);
  await mkdir(directory, { recursive: true });
  await copyDtd(directory);
  const cached = await readSidecar(path);
  if (cached) return { path, summary: cached.summary };
  const { summary, seconds } = await writeSyntheticDumpFile(path, {
    seed,
    targetBytes,
    publications,
  });
  const sidecar: Sidecar = { version: syntheticDumpVersion, summary, generatedInSeconds: seconds };
  await writeFile(`${path}.json`, `${JSON.stringify(sidecar, null, 2)}\n`);
  return { path, summary, generatedInSeconds: seconds };
}

/** The sidecar of a complete dump of the current generator version, else undefined. */
async function readSidecar(path: string): Promise<Sidecar | undefined> {
  try {
    const sidecar = JSON.parse(await readFile(`${path}.json`, 'utf8')) as Sidecar;
    const { size } = await stat(path);
    const isCurrent = sidecar.version === syntheticDumpVersion && size === sidecar.summary.bytes;
    return isCurrent ? sidecar : undefined;
  } catch {
    return undefined;
  }
}

/** The bundled DTD, replaced each time: it may be newer, and the copy keeps its read-only mode. */
async function copyDtd(directory: string) {
  const target = join(directory, 'dblp.dtd');
  await rm(target, { force: true });
  await copyFile(new URL('../src/dblp/dblp.dtd', import.meta.url), target);
}

/** ensureSyntheticDump, saying on stderr what it does; `size` describes the dump asked for. */
export async function prepareSyntheticDump(request: DumpRequest, size: string) {
  console.error(
    `Synthetic dump of ${size}, seed ${request.seed}: generating unless cached in ${request.directory}`,
  );
  const dump = await ensureSyntheticDump(request);
  const seconds = dump.generatedInSeconds;
  console.error(
    seconds === undefined
      ? `Reusing ${dump.path}`
      : `Generated ${dump.path} in ${seconds.toFixed(1)} s`,
  );
  return dump;
}
