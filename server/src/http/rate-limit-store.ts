// Rate-limit counters in the database (table rate_limits), so every instance on one database
// counts against one limit: in each process's memory, two instances would double every limit.
// A counter is a fixed window that opens with its first hit; one statement creates, counts or
// restarts it (an upsert), so parallel calls in any number of processes never lose a hit.
// The database's clock decides when a window ends, so the instances' clocks need not agree.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';

export interface Counter {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** Counts one hit for `key` in a window of `windowMs`, starting a new window if it ended. */
export async function hitCounter(db: Db, key: string, windowMs: number): Promise<Counter> {
  const [row] = await queryRows<{ hits: number; ttl_ms: number | string }>(
    db,
    sql`
    insert into rate_limits as counter (key, hits, resets_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update
       set hits = case when counter.resets_at <= now() then 1 else counter.hits + 1 end,
           resets_at = case when counter.resets_at <= now() then excluded.resets_at
                            else counter.resets_at end
    returning hits, ceil(extract(epoch from (resets_at - now())) * 1000) as ttl_ms`,
  );
  return { hits: Number(row!.hits), ttlMs: Math.max(0, Number(row!.ttl_ms)) };
}

/** The hits of `key`'s current window without counting one (0 when none is open). */
export async function readCounter(db: Db, key: string): Promise<Counter> {
  const [row] = await queryRows<{ hits: number; ttl_ms: number | string }>(
    db,
    sql`
    select hits, ceil(extract(epoch from (resets_at - now())) * 1000) as ttl_ms
      from rate_limits where key = ${key} and resets_at > now()`,
  );
  return row ? { hits: Number(row.hits), ttlMs: Math.max(0, Number(row.ttl_ms)) } : noHits;
}

const noHits: Counter = { hits: 0, ttlMs: 0 };

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Deletes the counters whose window has ended; they would only be restarted at 1. */
export async function deleteEndedCounters(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where resets_at <= now()`);
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** How often one process sweeps ended counters away. */
const sweepIntervalMs = 60_000;

/**
 * A store for @fastify/rate-limit (its `store` option takes a class): each route's limit is
 * its own counter per key, named after the route as the plugin's Redis store does.
 * `continueExceeding` and `exponentialBackoff` are not supported (no limit here uses them).
 */
export function databaseRateLimitStore(db: Db) {
  let lastSweep = 0;
  const sweepNow = async () => {
    const now = Date.now();
    if (now - lastSweep < sweepIntervalMs) return;
    lastSweep = now;
    await deleteEndedCounters(db);
  };

  return class DatabaseRateLimitStore {
    constructor(
      _globalParams?: unknown,
      private readonly prefix = 'global:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      sweepNow()
        .then(() => hitCounter(db, this.prefix + key, timeWindow))
        .then(
          ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
          (error: Error) => callback(error),
        );
    }

    read(key: string, callback: Callback): void {
      readCounter(db, this.prefix + key).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    /** The store of one route; the plugin passes the route's merged options with `routeInfo`. */
    child(params: unknown): DatabaseRateLimitStore {
      const { method, url } = (params as RouteParams).routeInfo ?? {};
      const methods = Array.isArray(method) ? method.join(',') : (method ?? '');
      return new DatabaseRateLimitStore(undefined, `${methods} ${url ?? ''}:`);
    }
  };
}
