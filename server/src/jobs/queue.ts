// The durable job table (docs/data-model.md, "Messages, audit, background work"). A job is claimed
// with FOR UPDATE SKIP LOCKED, so any number of workers in any number of processes share the queue
// without taking the same job twice; a worker that dies leaves its claim to expire and the job runs
// again.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { jobs } from '../db/schema.ts';

export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  maxAttempts?: number;
}

export async function enqueueJob(db: Db, job: NewJob): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      runAt: job.runAt ?? new Date(),
      maxAttempts: job.maxAttempts ?? 8,
    })
    .returning({ id: jobs.id });
  return row!.id;
}

/** Takes the oldest ready job of the given kinds, or a running one whose claim expired. */
export async function claimNextJob(
  db: Db,
  kinds: readonly string[],
  claimSeconds = 300,
): Promise<Job | undefined> {
  if (kinds.length === 0) return undefined;
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const [row] = await queryRows<{
    id: string | number;
    kind: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
  }>(
    db,
    sql`
    update jobs
       set status = 'running', attempts = attempts + 1, updated_at = now(),
           locked_until = now() + make_interval(secs => ${claimSeconds})
     where id = (
       select id from jobs
        where kind in (${kindList})
          and ((status = 'queued' and run_at <= now())
            or (status = 'running' and locked_until < now()))
        order by run_at, id
        for update skip locked
        limit 1)
    returning id, kind, payload, attempts, max_attempts`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    kind: row.kind,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
  };
}

export async function completeJob(db: Db, jobId: number): Promise<void> {
  await db.execute(
    sql`update jobs set status = 'done', locked_until = null, updated_at = now() where id = ${jobId}`,
  );
}

/**
 * Thrown by a handler that could not start for a reason outside the job (a host that may not be
 * asked yet): the job waits `delayMs` and keeps its attempt (`postponeJob`).
 */
export class JobPostponed extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
    this.name = 'JobPostponed';
  }
}

/** Back to the queue for `delayMs`, the attempt its claim counted given back. */
export async function postponeJob(db: Db, job: Job, postponed: JobPostponed): Promise<void> {
  await db.execute(sql`
    update jobs
       set status = 'queued', attempts = greatest(attempts - 1, 0),
           last_error = ${postponed.message.slice(0, 2000)},
           run_at = now() + make_interval(secs => ${Math.max(postponed.delayMs, 0) / 1000}),
           locked_until = null, updated_at = now()
     where id = ${job.id}`);
}

/** Retry with exponential backoff (30 s, 1 min, 2 min … at most 1 h), or give up for good. */
export async function failJob(db: Db, job: Job, error: unknown): Promise<'retry' | 'failed'> {
  const message = error instanceof Error ? error.message : String(error);
  const isFinal = job.attempts >= job.maxAttempts;
  const delaySeconds = Math.min(30 * 2 ** (job.attempts - 1), 3600);
  await db.execute(sql`
    update jobs
       set status = ${isFinal ? 'failed' : 'queued'}, last_error = ${message.slice(0, 2000)},
           run_at = now() + make_interval(secs => ${delaySeconds}), locked_until = null,
           updated_at = now()
     where id = ${job.id}`);
  return isFinal ? 'failed' : 'retry';
}
