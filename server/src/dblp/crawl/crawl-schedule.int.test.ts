// The refresh schedule: who gets queued (registered users with a pid, never crawled or due),
// who does not (DBLP-only people, people not due, people with a crawl already queued), and the
// schedule running beside the worker.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildDblpPerson, buildUser } from '../../../test/factories.ts';
import { dblpPeople, jobs } from '../../db/schema.ts';
import { dblpCrawlPersonJob } from '../../jobs/job-kinds.ts';
import { createWorker } from '../../jobs/worker.ts';
import { queueDueCrawls, withCrawlSchedule } from './crawl-schedule.ts';
import { buildCrawlTestApp, queueCrawl, resetCrawlTables } from './crawl-test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildCrawlTestApp();
});
afterEach(() => resetCrawlTables(t));
afterAll(() => t.close());

const day = 86_400_000;

async function queuedPayloads() {
  const rows = await t.db.select({ payload: jobs.payload, kind: jobs.kind }).from(jobs);
  return rows
    .filter((row) => row.kind === dblpCrawlPersonJob)
    .map((row) => row.payload as { userId: number; pid: string })
    .sort((a, b) => a.userId - b.userId);
}

async function crawledAgo(userId: number, dueAt: Date) {
  await t.db.insert(dblpPeople).values({ userId, crawledAt: new Date(), crawlDueAt: dueAt });
}

describe('queueDueCrawls', () => {
  it('queues registered users with a pid who were never crawled or are due, once', async () => {
    const never = await buildUser(t.db, { dblpPid: '10/1' });
    const due = await buildUser(t.db, { dblpPid: '10/2' });
    await crawledAgo(due.id, new Date(Date.now() - day));
    const fresh = await buildUser(t.db, { dblpPid: '10/3' });
    await crawledAgo(fresh.id, new Date(Date.now() + 10 * day));
    await buildUser(t.db, { dblpPid: null });
    await buildDblpPerson(t.db, { dblpPid: '10/4' });
    const alreadyQueued = await buildUser(t.db, { dblpPid: '10/5' });
    await queueCrawl(t, { userId: alreadyQueued.id, pid: '10/5' });

    expect(await queueDueCrawls(t.db)).toBe(2);

    expect(await queuedPayloads()).toEqual([
      { userId: never.id, pid: '10/1' },
      { userId: due.id, pid: '10/2' },
      { userId: alreadyQueued.id, pid: '10/5' },
    ]);
    expect(await queueDueCrawls(t.db)).toBe(0);
  });

  it('queues a person again once their earlier job has finished', async () => {
    await buildUser(t.db, { dblpPid: '11/1' });
    await queueDueCrawls(t.db);
    await t.db.execute(sql`update jobs set status = 'failed'`);

    expect(await queueDueCrawls(t.db)).toBe(1);
  });

  it('queues each person once when two instances run it at the same time', async () => {
    for (let index = 0; index < 5; index++) await buildUser(t.db, { dblpPid: `12/${index}` });

    const counts = await Promise.all([queueDueCrawls(t.db), queueDueCrawls(t.db)]);

    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(5);
    expect(await queuedPayloads()).toHaveLength(5);
  });
});

describe('withCrawlSchedule', () => {
  it('looks for people due when the worker starts, and stops with it', async () => {
    const user = await buildUser(t.db, { dblpPid: '13/1' });
    const worker = createWorker({ db: t.db, log: t.app.log, handlers: {} });
    const scheduled = withCrawlSchedule(worker, {
      db: t.db,
      log: t.app.log,
      firstRunMs: 10,
      intervalMs: 50,
    });

    scheduled.start();
    await vi.waitFor(async () => expect(await queuedPayloads()).toHaveLength(1));
    await scheduled.stop();

    expect(await queuedPayloads()).toEqual([{ userId: user.id, pid: '13/1' }]);
  });
});
