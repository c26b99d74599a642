// The arithmetic of `npm run bench:import`, kept apart from the database and the clock: the
// CPU time of a PostgreSQL backend read from /proc/PID/stat, the CPU of a phase summed over
// backends that come and go, and the projection from a synthetic dump to the full DBLP.

/** About the full DBLP: publications and people (docs/scaling.md). */
export const fullDblp = { publications: 8_000_000, people: 4_000_000 };

/**
 * The target for importing the full DBLP, in seconds of wall time (docs/benchmarks.md, "DBLP
 * import").
 */
export const fullDblpTargetSeconds = 15 * 60;

/**
 * utime + stime (fields 14 and 15, in clock ticks) of a `/proc/PID/stat` line. The second
 * field, the command name in parentheses, may itself hold spaces and parentheses, so the
 * fields are counted from the last `)`. Undefined when the line is not one.
 */
export function parseProcStatTicks(line: string): number | undefined {
  const end = line.lastIndexOf(')');
  if (end < 0) return undefined;
  // After the name: field 3 (state) is the first, so field N is at index N - 3.
  const fields = line
    .slice(end + 1)
    .trim()
    .split(/\s+/);
  const userTicks = Number(fields[14 - 3]);
  const systemTicks = Number(fields[15 - 3]);
  if (!Number.isInteger(userTicks) || !Number.isInteger(systemTicks)) return undefined;
  return userTicks + systemTicks;
}

/** The last CPU ticks seen per backend pid; a backend that has ended keeps its last value. */
export type BackendTicks = ReadonlyMap<number, number>;

/**
 * The CPU ticks spent between two snapshots of the same running record: each backend's
 * growth, a backend first seen after `start` counting from 0.
 */
export function ticksBetween(start: BackendTicks, end: BackendTicks): number {
  let total = 0;
  for (const [pid, ticks] of end) total += Math.max(0, ticks - (start.get(pid) ?? 0));
  return total;
}

export interface ImportTotals {
  publications: number;
  people: number;
  wallSeconds: number;
  nodeCpuSeconds: number;
  /** Undefined when the PostgreSQL backends could not be read. */
  postgresCpuSeconds?: number;
}

export interface FullDblpProjection {
  /** How many times larger the full DBLP is, by whichever count is the larger ratio. */
  scaleFactor: number;
  wallSeconds: number;
  /** (PostgreSQL CPU + Node CPU) / 2 scaled: two cores kept busy the whole time. */
  idealTwoCoreSeconds?: number;
  isTargetMet: boolean;
}

export function projectToFullDblp(totals: ImportTotals): FullDblpProjection {
  const scaleFactor = Math.max(
    fullDblp.publications / Math.max(1, totals.publications),
    fullDblp.people / Math.max(1, totals.people),
  );
  const wallSeconds = totals.wallSeconds * scaleFactor;
  const cpu = totals.postgresCpuSeconds;
  return {
    scaleFactor,
    wallSeconds,
    idealTwoCoreSeconds:
      cpu === undefined ? undefined : ((cpu + totals.nodeCpuSeconds) / 2) * scaleFactor,
    isTargetMet: wallSeconds <= fullDblpTargetSeconds,
  };
}

/** `8 min 28 s`, `41.3 s`: durations as docs/benchmarks.md writes them. */
export function formatDuration(seconds: number): string {
  // Below 59.95 s, one decimal does not round up to a minute.
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
  const rounded = Math.round(seconds);
  return `${Math.floor(rounded / 60)} min ${rounded % 60} s`;
}
