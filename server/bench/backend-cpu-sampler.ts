// The CPU time PostgreSQL spends serving one database: utime + stime from /proc/PID/stat of
// its backends, listed every second. Backends come and go (a connection pool opens more as
// the import runs transactions side by side), so the last value seen per pid is kept.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { parseProcStatTicks } from './import-projection.ts';
import type { BackendTicks } from './import-projection.ts';

const sampleIntervalMs = 1_000;

/** Lists the backends from its own small connection, whose backend is counted too (~0 s). */
export class BackendCpuSampler {
  private readonly ticks = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private sampling: Promise<void> = Promise.resolve();

  private constructor(
    private readonly client: pg.Client,
    private readonly databaseName: string,
    readonly ticksPerSecond: number,
  ) {}

  /** Undefined, with the reason on stderr, when the backends' /proc entries are not ours to read. */
  static async open(url: string, databaseName: string): Promise<BackendCpuSampler | undefined> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const line = readProcStat(rows[0]!.pid);
    if (line === undefined || !line.includes('(postgres)')) {
      console.error('PostgreSQL CPU: n/a (the server is not local, or /proc cannot be read)');
      await client.end();
      return undefined;
    }
    return new BackendCpuSampler(client, databaseName, readTicksPerSecond());
  }

  start() {
    this.timer = setInterval(() => {
      // A failed sample leaves the last values; the next one tries again.
      this.sampling = this.sampling
        .then(() => this.sample())
        .then(
          () => {},
          () => {},
        );
    }, sampleIntervalMs);
  }

  /** Lists the backends and reads them all. */
  async sample(): Promise<BackendTicks> {
    const { rows } = await this.client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [this.databaseName],
    );
    for (const { pid } of rows) this.ticks.set(pid, this.ticks.get(pid) ?? 0);
    return this.readKnownBackends();
  }

  /**
   * Synchronous, for a phase boundary: the backends seen so far, read now. One that has ended
   * keeps its last value (unless its pid now belongs to another backend: rare, not handled).
   */
  readKnownBackends(): BackendTicks {
    for (const pid of this.ticks.keys()) {
      const line = readProcStat(pid);
      const ticks = line?.includes('(postgres)') ? parseProcStatTicks(line) : undefined;
      if (ticks !== undefined) this.ticks.set(pid, ticks);
    }
    return new Map(this.ticks);
  }

  async close() {
    clearInterval(this.timer);
    await this.sampling.catch(() => {});
    await this.client.end();
  }
}

function readProcStat(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
}

function readTicksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}
