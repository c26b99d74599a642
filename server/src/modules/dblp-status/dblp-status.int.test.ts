// DBLP operations (docs/dblp.md, "Following DBLP operations"): what the administrators' page
// reads — import runs, the crawl queue, the hosts' next allowed times, failures with their
// causes, each person's last refresh — and "Crawl now"; a researcher's own status and "Refresh
// now", limited per account and only ever queued: the crawler's worker fetches from a local
// DBLP (test/dblp-fixture-server.ts) at the host's pace, never the request.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DblpOperations, DblpPeopleReply, OwnDblpStatus } from '@recuse/common';
import { dblpStatusMessages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { diXuPid, gapsBetween, sarielPid } from '../../../test/dblp-fixture-server.ts';
import type { Tokens } from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import { get, post } from '../../../test/relation-requests.ts';
import { importFixturePath } from '../../dblp/import/import-test-support.ts';
import { importDumpRecorded } from '../../dblp/import/import-runs.ts';
import { queryRows } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import type { CrawlSetup } from '../../dblp/crawl/crawl-test-support.ts';
import {
  buildCrawlTestApp,
  closeServers,
  crawlJobs,
  startCrawl,
  testDelayMs,
} from '../../dblp/crawl/crawl-test-support.ts';

const gonePid = '00/0000';

let t: TestApp;
let crawl: CrawlSetup;
let admin: Tokens;
let member: { user: User; session: Tokens };
let diXu: { user: User; session: Tokens };
let sariel: { user: User; session: Tokens };
let gone: { user: User; session: Tokens };

beforeAll(async () => {
  t = await buildCrawlTestApp({ JOBS: 'off' });
  crawl = await startCrawl(t);
  admin = (await signedInUser(t, { role: 'admin' })).session;
  member = await signedInUser(t, { firstName: 'Nora', lastName: 'Nopid' });
  diXu = await signedInUser(t, { firstName: 'Di', lastName: 'Xu', dblpPid: diXuPid });
  sariel = await signedInUser(t, { firstName: 'Sanem', lastName: 'Sariel', dblpPid: sarielPid });
  gone = await signedInUser(t, { firstName: 'Gail', lastName: 'Gone', dblpPid: gonePid });
}, 120_000);

afterAll(async () => {
  await t.close();
  await closeServers();
});

const operations = async () => {
  const response = await get(t, '/v1/web/admin/dblp', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DblpOperations>();
};
const people = async (q: string) => {
  const response = await get(t, `/v1/web/admin/dblp/people?q=${encodeURIComponent(q)}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DblpPeopleReply>();
};
const crawlNow = (session: Tokens | null, userId: number | string) =>
  post(t, '/v1/web/admin/dblp/crawl', session, { userId });
const ownStatus = async (session: Tokens) => {
  const response = await get(t, '/v1/web/user/dblp/status', session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OwnDblpStatus>();
};
const refresh = (session: Tokens | null) => post(t, '/v1/web/user/dblp/refresh', session, {});

describe('who may call', () => {
  it('answers 401 to guests and 403 to anyone but administrators on the operations calls', async () => {
    for (const [session, status] of [
      [null, 401],
      [member.session, 403],
    ] as const) {
      expect((await get(t, '/v1/web/admin/dblp', session)).statusCode).toBe(status);
      expect((await get(t, '/v1/web/admin/dblp/people', session)).statusCode).toBe(status);
      const refused = await crawlNow(session, diXu.user.id);
      expect(refused.statusCode).toBe(status);
    }
    expect((await get(t, '/v1/web/user/dblp/status', null)).statusCode).toBe(401);
    expect((await refresh(null)).statusCode).toBe(401);
    expect(await crawlJobs(t)).toEqual([]);
  });
});

describe('the operations page', () => {
  it('lists import runs with their summaries', async () => {
    await importDumpRecorded(t.db, importFixturePath('dump-2021-persons-evelasquez.xml'));
    const { imports } = await operations();
    expect(imports).toHaveLength(1);
    expect(imports[0]).toMatchObject({
      status: 'done',
      phase: 'done',
      people: 8,
      error: null,
    });
    expect(imports[0]!.sourcePath).toMatch(/dump-2021-persons-evelasquez\.xml$/);
    expect(imports[0]!.bytesRead).toBe(imports[0]!.sourceSize);
    expect(imports[0]!.finishedAt).not.toBeNull();
  });

  it('tells an import stopped without ending (no news for minutes) from one that runs', async () => {
    const started = async (path: string, silentFor: string) => {
      const [row] = await queryRows<{ id: number }>(
        t.db,
        sql`insert into dblp_import_runs (source_path, phase, updated_at)
            values (${path}, 'people', now() - ${silentFor}::interval) returning id`,
      );
      return Number(row!.id);
    };
    const killed = await started('/dumps/killed.xml.gz', '10 minutes');
    const busy = await started('/dumps/busy.xml.gz', '20 seconds');
    const { imports } = await operations();
    const statusOf = (id: number) => imports.find((run) => run.id === id)?.status;
    expect(statusOf(killed)).toBe('interrupted');
    expect(statusOf(busy)).toBe('running');
    await t.db.execute(sql`delete from dblp_import_runs where id in (${killed}, ${busy})`);
  });

  it('puts "Crawl now" first in line, shows the queue, and lets the worker fetch at the host pace', async () => {
    // Two crawls wait already; Di Xu's is asked for after them.
    for (const person of [gone, sariel]) {
      expect((await crawlNow(admin, person.user.id)).statusCode).toBe(200);
    }
    const answer = await crawlNow(admin, diXu.user.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const { jobId } = answer.json<{ jobId: number; wasQueued: boolean }>();
    expect(answer.json()).toMatchObject({ message: 'SUCCESS', wasQueued: false });
    // Asked again: the same job, not a second one.
    expect((await crawlNow(admin, diXu.user.id)).json()).toEqual({
      message: 'SUCCESS',
      jobId,
      wasQueued: true,
    });

    const { queue } = await operations();
    expect(queue).toMatchObject({ waiting: 3, running: 0 });
    expect(queue.next.map((item) => item.person?.name)).toEqual([
      'Di Xu',
      'Sanem Sariel',
      'Gail Gone',
    ]);
    expect(queue.next[0]).toMatchObject({ jobId, status: 'queued', attempts: 0 });
    // Queued, not fetched: DBLP has not been asked.
    expect(crawl.server.requests).toEqual([]);

    await crawl.runJobs();
    expect(crawl.server.requests.map((request) => request.path)).toEqual([
      `/pid/${diXuPid}.xml`,
      `/pid/${sarielPid}.xml`,
      `/pid/${gonePid}.xml`,
    ]);
    for (const gap of gapsBetween(crawl.server.requests)) {
      expect(gap).toBeGreaterThanOrEqual(testDelayMs);
    }
  });

  it("shows the hosts' next allowed time, the failures with their causes and an empty queue", async () => {
    const { hosts, failures, queue } = await operations();
    const host = new URL(crawl.server.baseUrl).host;
    expect(hosts).toEqual([
      { host, nextAllowedAt: expect.any(String), failureCount: 0, mayAskNow: expect.any(Boolean) },
    ]);
    const last = crawl.server.requests.at(-1)!.at;
    expect(Date.parse(hosts[0]!.nextAllowedAt)).toBeGreaterThan(last);
    expect(failures).toEqual([
      {
        person: { id: gone.user.id, name: 'Gail Gone', pid: gonePid },
        cause: `DBLP has no person with pid ${gonePid} (HTTP 404)`,
        at: expect.any(String),
      },
    ]);
    expect(queue).toEqual({ waiting: 0, running: 0, next: [] });
  });

  it('finds people by name, pid or address with their last refresh', async () => {
    const byName = await people('xu');
    expect(byName.people).toEqual([
      {
        id: diXu.user.id,
        name: 'Di Xu',
        email: diXu.user.email,
        pid: diXuPid,
        crawledAt: expect.any(String),
        crawlDueAt: expect.any(String),
        lastError: null,
        crawl: null,
      },
    ]);
    expect((await people(gonePid)).people).toMatchObject([
      { id: gone.user.id, crawledAt: null, lastError: expect.stringContaining('HTTP 404') },
    ]);
    expect((await people(sariel.user.email!)).people.map((person) => person.id)).toEqual([
      sariel.user.id,
    ]);
    // Only registered people holding a pid: Nora has none; the crawled co-authors are DBLP-only.
    expect((await people('Nopid')).people).toEqual([]);
    expect((await people('')).people.map((person) => person.id).sort()).toEqual(
      [diXu.user.id, sariel.user.id, gone.user.id].sort(),
    );
    expect((await people('%')).people).toEqual([]);
  });

  it('refuses "Crawl now" for nobody, a person without a pid, and a malformed id', async () => {
    const unknown = await crawlNow(admin, 999_999);
    expect(unknown.statusCode).toBe(404);
    const withoutPid = await crawlNow(admin, member.user.id);
    expect(withoutPid.statusCode).toBe(409);
    expect(withoutPid.json()).toMatchObject({ message: dblpStatusMessages.noPid });
    const malformed = await crawlNow(admin, 'abc');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.userId).toEqual([dblpStatusMessages.pickPerson]);
  });
});

describe("a researcher's DBLP status and Refresh now", () => {
  it('tells an account without a confirmed pid that there is nothing to refresh', async () => {
    expect(await ownStatus(member.session)).toMatchObject({
      pid: null,
      crawledAt: null,
      counts: { publications: 0, coauthors: 0, importedRelations: 0 },
      crawl: null,
      nextRefreshAt: null,
    });
    const refused = await refresh(member.session);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: dblpStatusMessages.ownNoPid });
    // Nothing was spent: the refusal did not start the 10 minutes.
    expect((await ownStatus(member.session)).nextRefreshAt).toBeNull();
  });

  it('shows when the publications were last fetched and what came in', async () => {
    const status = await ownStatus(diXu.session);
    expect(status).toMatchObject({
      pid: diXuPid,
      lastError: '',
      counts: { publications: 8, coauthors: 5, importedRelations: 8 },
      crawl: null,
      refreshIntervalMinutes: 10,
      nextRefreshAt: null,
    });
    expect(Date.parse(status.crawledAt!)).toBeLessThanOrEqual(Date.now());
  });

  it('shows why the last fetch failed', async () => {
    expect(await ownStatus(gone.session)).toMatchObject({
      pid: gonePid,
      crawledAt: null,
      lastError: `DBLP has no person with pid ${gonePid} (HTTP 404)`,
    });
  });

  it('queues a crawl that the crawler then runs, once per 10 minutes', async () => {
    const before = await ownStatus(diXu.session);
    const requestsBefore = crawl.server.requests.length;
    const queued = await refresh(diXu.session);
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toMatchObject({ message: 'SUCCESS', wasQueued: false });
    // The request only queued it.
    expect(crawl.server.requests).toHaveLength(requestsBefore);
    const waiting = await ownStatus(diXu.session);
    expect(waiting.crawl).toBe('queued');
    expect(Date.parse(waiting.nextRefreshAt!)).toBeGreaterThan(Date.now() + 9 * 60_000);

    const again = await refresh(diXu.session);
    expect(again.statusCode).toBe(429);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);

    await crawl.runJobs();
    expect(crawl.server.requests.slice(requestsBefore).map((request) => request.path)).toEqual([
      `/pid/${diXuPid}.xml`,
    ]);
    const after = await ownStatus(diXu.session);
    expect(after.crawl).toBeNull();
    expect(Date.parse(after.crawledAt!)).toBeGreaterThan(Date.parse(before.crawledAt!));
    expect(after.counts).toEqual(before.counts);
    expect((await crawlJobs(t)).at(-1)).toEqual({ status: 'done', attempts: 1, lastError: null });

    // Another account's limit is its own.
    expect((await refresh(sariel.session)).statusCode).toBe(200);
  });
});
