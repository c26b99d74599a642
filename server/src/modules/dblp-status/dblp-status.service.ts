// DBLP operations (docs/dblp.md, "Following DBLP operations"): what the administrators' page
// shows, "Crawl now" for one person, and a researcher's own status with "Refresh now". Both
// buttons only queue a crawl job, first in line: the crawler's worker fetches it, at the pace
// each host allows, never the request itself.
import { eq } from 'drizzle-orm';
import { dblpStatusMessages } from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { minute, spend } from '../../http/limits.ts';
import type { Limit } from '../../http/limits.ts';
import { readCounter } from '../../http/rate-limit-store.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import {
  listCrawlFailures,
  listCrawlHosts,
  listFailedCrawlJobs,
  listImportRuns,
  queueCrawlFirst,
  readCrawlQueue,
  readOwnDblpStatus,
  searchDblpPeople,
} from './dblp-status.repo.ts';

/** "Refresh now": once per account in this many minutes. */
export const refreshIntervalMinutes = 10;
export const ownRefreshLimit: Limit = {
  name: 'dblp-refresh',
  max: 1,
  windowMs: refreshIntervalMinutes * minute,
};
const refreshKey = (userId: number) => `user:${userId}`;

const listed = { imports: 20, queue: 20, failures: 20, people: 50 } as const;

export async function readDblpOperations({ db }: AppContext) {
  const [imports, queue, hosts, failures, failedJobs] = await Promise.all([
    listImportRuns(db, listed.imports),
    readCrawlQueue(db, listed.queue),
    listCrawlHosts(db),
    listCrawlFailures(db, listed.failures),
    listFailedCrawlJobs(db, listed.failures),
  ]);
  return { imports, queue, hosts, failures, failedJobs };
}

export function findDblpPeople({ db }: AppContext, search: string) {
  return searchDblpPeople(db, search, listed.people);
}

/** An administrator's "Crawl now": a registered person with a confirmed pid. */
export async function crawlPersonNow({ db }: AppContext, userId: number) {
  const [person] = await db
    .select({ id: users.id, kind: users.kind, pid: users.dblpPid })
    .from(users)
    .where(eq(users.id, userId));
  if (!person || person.kind === 'deleted') throw notFound();
  if (!person.pid) throw conflict({}, dblpStatusMessages.noPid);
  return queueCrawlFirst(db, person.id, person.pid);
}

export async function readOwnStatus({ db }: AppContext, session: SessionUser) {
  const pid = await ownPid(db, session.user.id);
  return {
    pid,
    ...(await readOwnDblpStatus(db, session.user.id)),
    refreshIntervalMinutes,
    nextRefreshAt: await nextRefreshAt(db, session.user.id),
  };
}

/**
 * A researcher's "Refresh now": refused without a confirmed pid (nothing spent), then once per
 * `refreshIntervalMinutes` (429 with Retry-After, TooManyRequests).
 */
export async function refreshOwn({ db }: AppContext, session: SessionUser) {
  const userId = session.user.id;
  const pid = await ownPid(db, userId);
  if (!pid) throw conflict({}, dblpStatusMessages.ownNoPid);
  await spend(db, ownRefreshLimit, refreshKey(userId));
  return queueCrawlFirst(db, userId, pid);
}

async function ownPid(db: AppContext['db'], userId: number) {
  const [row] = await db.select({ pid: users.dblpPid }).from(users).where(eq(users.id, userId));
  return row?.pid ?? null;
}

async function nextRefreshAt(db: AppContext['db'], userId: number) {
  const counter = await readCounter(db, `${ownRefreshLimit.name}:${refreshKey(userId)}`);
  if (counter.hits < ownRefreshLimit.max) return null;
  return new Date(Date.now() + counter.ttlMs).toISOString();
}
