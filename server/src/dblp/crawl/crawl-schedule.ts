// The refresh schedule: every registered user with a DBLP pid is crawled when they never were
// or when their crawl_due_at has passed (DBLP_REFRESH_DAYS after the last crawl). A periodic
// step beside the job worker queues them; the worker then crawls them one by one, at the
// host's pace. DBLP-only people are not refreshed on their own: they come with the crawls of
// the registered people they wrote with.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { dblpCrawlPersonJob } from '../../jobs/job-kinds.ts';
import type { Worker } from '../../jobs/worker.ts';

/**
 * Queues a crawl for every registered user who is due, unless one is already queued or running
 * for them. Two instances running this at once queue each person once: the advisory lock makes
 * the second wait for the first and then see its jobs. Answers how many were queued.
 */
export async function queueDueCrawls(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${dblpCrawlPersonJob}))`);
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`
      insert into jobs (kind, payload)
      select ${dblpCrawlPersonJob}, jsonb_build_object('userId', u.id, 'pid', u.dblp_pid)
      from users u
      left join dblp_people d on d.user_id = u.id
      where u.kind = 'registered' and u.dblp_pid is not null
        and (d.crawl_due_at is null or d.crawl_due_at <= now())
        and not exists (
          select 1 from jobs j
          where j.kind = ${dblpCrawlPersonJob} and j.status in ('queued', 'running')
            and j.payload->>'userId' = u.id::text)
      order by d.crawl_due_at nulls first, u.id
      returning id`,
    );
    return rows.length;
  });
}

export interface CrawlScheduleOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How often the schedule looks for people due (default hourly). */
  intervalMs?: number;
  /** The first look after start (default 10 s, once the server is up). */
  firstRunMs?: number;
}

/** The worker, with the schedule started and stopped alongside it. */
export function withCrawlSchedule(worker: Worker, options: CrawlScheduleOptions): Worker {
  const { db, log } = options;
  const intervalMs = options.intervalMs ?? 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  function plan(delayMs: number) {
    timer = setTimeout(() => {
      running = queueDueCrawls(db)
        .then((queued) => {
          if (queued > 0) log.info({ queued }, 'DBLP crawls queued for people due');
        })
        .catch((error: unknown) => log.error({ err: error }, 'DBLP crawl schedule failed'))
        .finally(() => {
          if (timer) plan(intervalMs);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    ...worker,
    start() {
      worker.start();
      if (!timer) plan(options.firstRunMs ?? 10_000);
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
      await worker.stop();
    },
  };
}
