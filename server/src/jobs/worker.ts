// Runs jobs from the queue with the handler registered for their kind. `start` polls in the
// background; `runUntilIdle` drains what is ready now (tests and command-line tools use it).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Job } from './queue.ts';
import { JobPostponed, claimNextJob, completeJob, failJob, postponeJob } from './queue.ts';

export type JobHandler = (job: Job) => Promise<void>;

export interface Worker {
  start(): void;
  stop(): Promise<void>;
  /** Runs every job that is ready now; returns how many ran. */
  runUntilIdle(): Promise<number>;
}

export function createWorker(options: {
  db: Db;
  handlers: Record<string, JobHandler>;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
}): Worker {
  const { db, handlers, log } = options;
  const kinds = Object.keys(handlers);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let isStopped = true;

  async function runOne(): Promise<boolean> {
    const job = await claimNextJob(db, kinds);
    if (!job) return false;
    try {
      await handlers[job.kind]!(job);
      await completeJob(db, job.id);
    } catch (error) {
      if (error instanceof JobPostponed) {
        await postponeJob(db, job, error);
        log.info({ jobId: job.id, kind: job.kind, delayMs: error.delayMs }, 'job postponed');
        return true;
      }
      const outcome = await failJob(db, job, error);
      log.warn({ err: error, jobId: job.id, kind: job.kind, outcome }, 'job failed');
    }
    return true;
  }

  async function runUntilIdle(): Promise<number> {
    let count = 0;
    while (await runOne()) count += 1;
    return count;
  }

  function schedule() {
    if (isStopped) return;
    timer = setTimeout(() => {
      running = runUntilIdle()
        .catch((error: unknown) => log.error({ err: error }, 'job worker poll failed'))
        .finally(schedule);
    }, pollIntervalMs);
    timer.unref();
  }

  return {
    start() {
      if (!isStopped) return;
      isStopped = false;
      schedule();
    },
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    runUntilIdle,
  };
}
