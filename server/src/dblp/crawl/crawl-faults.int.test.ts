// The crawler against a local DBLP that misbehaves: spacing between requests, 429 with and
// without Retry-After, 500, a hung connection, an HTML page, a truncated file, a 404, a job
// that fails for good, and the host's clock surviving a new worker. Spacing is asserted on
// the times the server saw the requests, against the delays these tests configure.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { diXuPid, diXuXml, gapsBetween } from '../../../test/dblp-fixture-server.ts';
import { buildUser } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { dblpCrawlPersonJob } from '../../jobs/job-kinds.ts';
import { findHostState } from './crawl-hosts.repo.ts';
import type { JobResult } from './crawl-run.ts';
import { runCrawlQueue } from './crawl-run.ts';
import { queueDueCrawls } from './crawl-schedule.ts';
import {
  buildCrawlTestApp,
  closeServers,
  crawlJobs,
  crawlState,
  importedPublications,
  makeRetriesDue,
  queueCrawl,
  resetCrawlTables,
  startCrawl,
  testDelayMs,
  testRateLimitFallbackMs,
  testTimeoutMs,
} from './crawl-test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildCrawlTestApp();
});
afterEach(async () => {
  await closeServers();
  await resetCrawlTables(t);
});
afterAll(() => t.close());

async function diXuQueued(maxAttempts?: number) {
  const diXu = await buildUser(t.db, { dblpPid: diXuPid });
  await queueCrawl(t, { userId: diXu.id, pid: diXuPid }, maxAttempts);
  return diXu;
}

/** Runs the job, makes its retry due at once, and runs it again, `times` times in all. */
async function runWithRetries(runJobs: () => Promise<number>, times: number) {
  for (let run = 0; run < times; run++) {
    await makeRetriesDue(t);
    await runJobs();
  }
}

describe('spacing', () => {
  it('sends one request at a time, at least the configured delay apart', async () => {
    const diXu = await diXuQueued();
    await queueCrawl(t, { userId: diXu.id, pid: diXuPid });
    await queueCrawl(t, { userId: diXu.id, pid: diXuPid });
    const { server, runJobs } = await startCrawl(t);

    expect(await runJobs()).toBe(3);

    expect(server.requests).toHaveLength(3);
    for (const gap of gapsBetween(server.requests)) expect(gap).toBeGreaterThanOrEqual(testDelayMs);
  });

  it('keeps the spacing when two workers crawl the same host at once', async () => {
    const diXu = await diXuQueued();
    for (let job = 0; job < 3; job++) await queueCrawl(t, { userId: diXu.id, pid: diXuPid });
    const first = await startCrawl(t);
    const second = await startCrawl(t, { server: first.server });

    const [ranByFirst, ranBySecond] = await Promise.all([first.runJobs(), second.runJobs()]);

    expect(ranByFirst + ranBySecond).toBe(4);
    expect(first.server.requests).toHaveLength(4);
    for (const gap of gapsBetween(first.server.requests)) {
      expect(gap).toBeGreaterThanOrEqual(testDelayMs);
    }
  });

  it('keeps the next allowed time in the database, so a new worker waits too', async () => {
    const diXu = await diXuQueued();
    const before = await startCrawl(t);
    before.server.script(diXuPid, { status: 429, headers: { 'retry-after': '1' } });
    await before.runJobs();
    const state = await findHostState(t.db, before.crawler.host);
    expect(state).toMatchObject({ failureCount: 1 });
    expect(state!.nextAllowedAt.getTime()).toBeGreaterThan(Date.now());

    // A restart: a new crawler and worker, nothing shared in memory with the first.
    const after = await startCrawl(t, { server: before.server });
    await makeRetriesDue(t);
    await after.runJobs();

    const [rateLimited, retried] = before.server.requests;
    expect(retried!.at - rateLimited!.at).toBeGreaterThanOrEqual(1000);
    expect(await crawlJobs(t)).toEqual([
      { status: 'done', attempts: 2, lastError: expect.any(String) },
    ]);
    expect((await crawlState(t, diXu.id))?.lastCrawlError).toBeNull();
  });
});

describe('429 Too Many Requests', () => {
  const inTwoSeconds = () => new Date(Date.now() + 2000).toUTCString();
  it.each([
    ['Retry-After in seconds', () => '1', 1000],
    ['Retry-After as an HTTP date', inTwoSeconds, 1000],
  ])('waits as long as %s says, then retries', async (_case, retryAfter, atLeastMs) => {
    const diXu = await diXuQueued();
    const { server, crawler, runJobs } = await startCrawl(t);
    server.script(diXuPid, {
      status: 429,
      headers: { 'retry-after': retryAfter(), 'content-type': 'text/html' },
      body: '<html><head><title>429 Too Many Requests</title></head></html>',
    });

    await runJobs();

    const [job] = await crawlJobs(t);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.lastError).toMatch(/^DBLP answered 429 Too Many Requests \(Retry-After \d+ ms\)$/);
    expect((await crawlState(t, diXu.id))?.lastCrawlError).toBe(job!.lastError);
    expect(await findHostState(t.db, crawler.host)).toMatchObject({ failureCount: 1 });

    await runWithRetries(runJobs, 1);

    expect(server.requests).toHaveLength(2);
    expect(gapsBetween(server.requests)[0]).toBeGreaterThanOrEqual(atLeastMs);
    expect(await importedPublications(t)).toHaveLength(8);
    expect(await findHostState(t.db, crawler.host)).toMatchObject({ failureCount: 0 });
  });

  it('backs off without Retry-After', async () => {
    await diXuQueued();
    const { server, runJobs } = await startCrawl(t);
    server.script(diXuPid, { status: 429 }, { status: 429 });

    await runWithRetries(runJobs, 3);

    expect(server.requests).toHaveLength(3);
    const [firstGap, secondGap] = gapsBetween(server.requests);
    expect(firstGap).toBeGreaterThanOrEqual(Math.max(testRateLimitFallbackMs, testDelayMs * 2));
    expect(secondGap).toBeGreaterThanOrEqual(testDelayMs * 4);
    expect(await crawlJobs(t)).toEqual([
      { status: 'done', attempts: 3, lastError: expect.any(String) },
    ]);
  });

  it('gives the job back at once, asking nothing, while the host is closed for long, and keeps its attempt', async () => {
    await diXuQueued();
    const { server, runJobs } = await startCrawl(t);
    server.script(diXuPid, { status: 429, headers: { 'retry-after': '3600' } });
    await runJobs();
    await makeRetriesDue(t);

    await runJobs();

    expect(server.requests).toHaveLength(1);
    const [job] = await crawlJobs(t);
    // The 429 cost the first attempt; the closed host costs none, and the job waits for it.
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.lastError).toMatch(/^127\.0\.0\.1:\d+ may not be asked again for 3\d{3} s$/);
    const [wait] = await queryRows<{ waitSeconds: number }>(
      t.db,
      sql`select extract(epoch from run_at - now())::int as "waitSeconds" from jobs
           where kind = ${dblpCrawlPersonJob}`,
    );
    expect(Number(wait?.waitSeconds)).toBeGreaterThan(3000);
  });

  it("counts a job given back for a closed host as postponed in the crawl command's summary, not as failed", async () => {
    await diXuQueued();
    const { server, runJobs } = await startCrawl(t);
    server.script(diXuPid, { status: 429, headers: { 'retry-after': '3600' } });
    await runJobs();
    await makeRetriesDue(t);

    const seen: JobResult[] = [];
    const summary = await runCrawlQueue({
      db: t.db,
      config: { ...t.config, DBLP_BASE_URL: server.baseUrl },
      hostWaitLimitMs: 1_000,
      onJob: (result) => seen.push(result),
    });

    expect(seen).toEqual(['postponed']);
    expect(summary.results).toMatchObject({ postponed: 1, failed: 0, stored: 0 });
    expect(summary.waiting).toBe(1);
    expect(server.requests).toHaveLength(1);
  });
});

describe('server errors, timeouts and malformed answers', () => {
  it('backs off exponentially after 500s and stores the file once DBLP recovers', async () => {
    const diXu = await diXuQueued();
    const { server, crawler, runJobs } = await startCrawl(t);
    server.script(diXuPid, { status: 500 }, { status: 503 });

    await runJobs();
    expect(await crawlJobs(t)).toEqual([
      { status: 'queued', attempts: 1, lastError: 'DBLP answered HTTP 500' },
    ]);
    await runWithRetries(runJobs, 2);

    const [firstGap, secondGap] = gapsBetween(server.requests);
    expect(firstGap).toBeGreaterThanOrEqual(testDelayMs * 2);
    expect(secondGap).toBeGreaterThanOrEqual(testDelayMs * 4);
    expect(await crawlJobs(t)).toEqual([
      { status: 'done', attempts: 3, lastError: 'DBLP answered HTTP 503' },
    ]);
    expect(await importedPublications(t)).toHaveLength(8);
    expect(await crawlState(t, diXu.id)).toMatchObject({ lastCrawlError: null });
    expect(await findHostState(t.db, crawler.host)).toMatchObject({ failureCount: 0 });
  });

  it('gives up on a hung connection after the timeout and retries', async () => {
    await diXuQueued();
    const { server, runJobs } = await startCrawl(t);
    server.script(diXuPid, 'hang');

    await runJobs();
    const [job] = await crawlJobs(t);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.lastError).toBe(
      `DBLP did not answer ${server.baseUrl}/pid/95/7448-1.xml within ${testTimeoutMs} ms`,
    );
    await runWithRetries(runJobs, 1);

    expect(server.requests).toHaveLength(2);
    expect(await importedPublications(t)).toHaveLength(8);
  });

  it.each([
    [
      'an HTML page where XML was expected',
      '<!DOCTYPE html><html><head><title>dblp: Di Xu</title></head><body></body></html>',
      "DBLP's answer is not a person XML: not a DBLP person XML: the root element is <html>, not <dblpperson>",
    ],
    [
      'a truncated XML file',
      diXuXml.slice(0, 3000),
      "DBLP's answer is not a person XML: the XML ends inside <dblpperson> <r> <inproceedings> <title>",
    ],
  ])('counts %s as a failure, stores nothing, and retries', async (_case, body, message) => {
    const diXu = await diXuQueued();
    const { server, crawler, runJobs } = await startCrawl(t);
    server.script(diXuPid, { body });

    await runJobs();

    const [job] = await crawlJobs(t);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.lastError).toContain(message);
    expect((await crawlState(t, diXu.id))?.lastCrawlError).toContain(message);
    expect(await importedPublications(t)).toEqual([]);
    expect(await findHostState(t.db, crawler.host)).toMatchObject({ failureCount: 1 });

    await runWithRetries(runJobs, 1);
    expect(server.requests).toHaveLength(2);
    expect(gapsBetween(server.requests)[0]).toBeGreaterThanOrEqual(testDelayMs * 2);
    expect(await importedPublications(t)).toHaveLength(8);
  });
});

describe('answers that end the job', () => {
  it('records a pid DBLP does not know (404) and does not ask again before the refresh', async () => {
    const gonePid = '00/0000';
    const user = await buildUser(t.db, { dblpPid: gonePid });
    await queueCrawl(t, { userId: user.id, pid: gonePid });
    const { server, crawler, runJobs } = await startCrawl(t);

    await runJobs();
    await makeRetriesDue(t);
    await runJobs();

    expect(server.requests).toHaveLength(1);
    expect(await crawlJobs(t)).toEqual([{ status: 'done', attempts: 1, lastError: null }]);
    const state = await crawlState(t, user.id);
    expect(state).toMatchObject({
      crawledAt: null,
      lastCrawlError: 'DBLP has no person with pid 00/0000 (HTTP 404)',
    });
    expect(state!.crawlDueAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(await queueDueCrawls(t.db)).toBe(0);
    expect(await findHostState(t.db, crawler.host)).toMatchObject({ failureCount: 0 });
  });

  it('leaves a person whose crawl failed for good due again a day later', async () => {
    const diXu = await diXuQueued(1);
    const { server, runJobs } = await startCrawl(t);
    server.script(diXuPid, { status: 502 });

    await runJobs();

    expect(await crawlJobs(t)).toEqual([
      { status: 'failed', attempts: 1, lastError: 'DBLP answered HTTP 502' },
    ]);
    const state = await crawlState(t, diXu.id);
    expect(state).toMatchObject({ crawledAt: null, lastCrawlError: 'DBLP answered HTTP 502' });
    const dueInHours = (state!.crawlDueAt!.getTime() - Date.now()) / 3_600_000;
    expect(dueInHours).toBeGreaterThan(23);
    expect(dueInHours).toBeLessThanOrEqual(24);
  });
});
