// How the command-line progress bars (ROR import, DBLP import, crawl) write their estimate.
// cli-progress reports an estimate it cannot make (nothing measured yet, or no progress between
// its samples, as when a small file arrives in one read) as the strings 'NULL' or 'INF', and
// its default formatter cut those to 'LLs' and 'NFs' on screen; a person reads '–' instead.
import cliProgress from 'cli-progress';
import type { Options } from 'cli-progress';

export const unknownEstimate = '–';

/** cli-progress' `formatTime`: its own format for a number of seconds, '–' for no estimate. */
export function formatEstimate(seconds: unknown, options: Options, roundTo: number): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return unknownEstimate;
  return cliProgress.Format.TimeFormat(seconds, options, roundTo);
}
