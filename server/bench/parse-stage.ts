// The parse stage of `npm run bench:dblp`: Recuse's parser (parseDump, parseDumpBatches) and
// optionally lxml iterparse over the same dump, taking turns, each run in a child process.
// An import stage (`--import postgres|pglite`) is meant to sit beside this one and add its
// rows to the same report.
import { measureParsers } from './parse-benchmark.ts';
import type { ParseFigures, ParserUnderTest } from './parse-benchmark.ts';
import { findPythonWithLxml, runLxmlParse, runRecuseParse } from './parse-run.ts';
import type { ParseRunResult, PythonWithLxml } from './parse-run.ts';

export type RecuseParseApi = 'records' | 'batches';

export interface ParseStageOptions {
  runs: number;
  apis: RecuseParseApi[];
  /** Runs of each lxml variant; undefined leaves lxml out. */
  lxmlRuns?: number;
  /** The Python to use for lxml; by default python3, then /usr/bin/python3. */
  python?: string;
}

export const recuseLabels: Record<RecuseParseApi, string> = {
  records: 'Recuse parseDump',
  batches: 'Recuse parseDumpBatches',
};
export const lxmlLabels = {
  fields: 'lxml iterparse, fields read',
  clear: 'lxml iterparse, clear only',
};

/** lxml is optional, but when it is asked for, say how to get it before spending any time. */
export async function requireLxml(options: ParseStageOptions): Promise<PythonWithLxml | undefined> {
  if (options.lxmlRuns === undefined) return undefined;
  const python = await findPythonWithLxml(options.python);
  if (python) return python;
  const tried = options.python ?? 'neither python3 nor /usr/bin/python3';
  throw new Error(
    `--lxml needs Python's lxml, and ${tried} can import it. ` +
      'Install it with: apt-get install python3-lxml (or pass --python PATH)',
  );
}

export function runParseStage(
  path: string,
  options: ParseStageOptions,
  python: PythonWithLxml | undefined,
): Promise<ParseFigures[]> {
  const parsers: ParserUnderTest[] = options.apis.map((api) => ({
    label: recuseLabels[api],
    runs: options.runs,
    runOnce: () => runRecuseParse(path, api),
  }));
  if (python && options.lxmlRuns !== undefined) {
    for (const mode of ['fields', 'clear'] as const) {
      parsers.push({
        label: lxmlLabels[mode],
        runs: options.lxmlRuns,
        runOnce: () => runLxmlParse(python.command, path, mode),
      });
    }
  }
  return measureParsers(parsers, logRun);
}

function logRun(parser: ParserUnderTest, run: ParseRunResult, index: number) {
  const speed = (run.bytes / 1e6 / run.wallSeconds).toFixed(1);
  const memory = (run.peakRssBytes / 1e6).toFixed(0);
  console.error(
    `${parser.label}, run ${index + 1}/${parser.runs}: ${speed} MB/s, peak RSS ${memory} MB`,
  );
}
