// `npm run dblp:crawl` without the terminal: runs the crawl jobs that are ready now, one at a
// time at the host's pace, telling the caller about each, and sums up. Jobs that fail go back
// to the queue with its backoff, for a later run or the server's worker.
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { dblpCrawlPersonJob } from '../../jobs/job-kinds.ts';
import { JobPostponed } from '../../jobs/queue.ts';
import { createWorker } from '../../jobs/worker.ts';
import type { CrawlOutcome } from './crawl-person.ts';
import { createDblpCrawler } from './crawl-person.ts';

export type JobResult = CrawlOutcome['status'] | 'failed' | 'postponed';

export interface CrawlRunSummary {
  results: Record<JobResult, number>;
  /** Crawl jobs still queued (retries and anything queued meanwhile), and the next one's time. */
  waiting: number;
  nextRunAt?: Date;
}

export interface CrawlRunOptions {
  db: Db;
  config: Config;
  /** How long to wait for a host DBLP closed for a while (a command line can afford minutes). */
  hostWaitLimitMs?: number;
  onStart?(readyJobs: number): void;
  onJob?(result: JobResult, detail: string): void;
}

export async function runCrawlQueue(options: CrawlRunOptions): Promise<CrawlRunSummary> {
  const { db, config } = options;
  const crawler = createDblpCrawler({
    db,
    config,
    hostWaitLimitMs: options.hostWaitLimitMs ?? 300_000,
  });
  const results: Record<JobResult, number> = {
    stored: 0,
    gone: 0,
    'merged-elsewhere': 0,
    stale: 0,
    failed: 0,
    postponed: 0,
  };
  const report = (result: JobResult, detail: string) => {
    results[result] += 1;
    options.onJob?.(result, detail);
  };
  const worker = createWorker({
    db,
    // Failures are reported through onJob; the worker's own log would break the progress bar.
    log: pino({ level: 'silent' }),
    handlers: {
      async [dblpCrawlPersonJob](job) {
        try {
          const outcome = await crawler.handleJob(job);
          report(outcome.status, describeOutcome(outcome));
        } catch (error) {
          if (error instanceof JobPostponed) report('postponed', error.message);
          else report('failed', error instanceof Error ? error.message : String(error));
          throw error;
        }
      },
    },
  });
  options.onStart?.(await countReadyJobs(db));
  await worker.runUntilIdle();
  return { results, ...(await findWaitingJobs(db)) };
}

function describeOutcome(outcome: CrawlOutcome): string {
  switch (outcome.status) {
    case 'stored':
      return `${outcome.publications} publications, ${outcome.newPeople} new people, ${outcome.retired} retired`;
    case 'stale':
      return 'the user no longer holds this pid';
    default:
      return outcome.message;
  }
}

async function countReadyJobs(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from jobs
        where kind = ${dblpCrawlPersonJob} and status = 'queued' and run_at <= now()`,
  );
  return row?.n ?? 0;
}

async function findWaitingJobs(db: Db): Promise<{ waiting: number; nextRunAt?: Date }> {
  const [row] = await queryRows<{ n: number; next_run_at: Date | string | null }>(
    db,
    sql`select count(*)::int as n, min(run_at) as next_run_at from jobs
        where kind = ${dblpCrawlPersonJob} and status = 'queued'`,
  );
  const nextRunAt = row?.next_run_at ? new Date(row.next_run_at) : undefined;
  return { waiting: row?.n ?? 0, nextRunAt };
}
