// Shared by the crawler's integration tests: a fresh app and database per test, a local DBLP
// (test/dblp-fixture-server.ts) per crawler, a worker that runs only crawl jobs, and readers of
// the end state a person would see.
import { asc, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { DblpFixtureServer } from '../../../test/dblp-fixture-server.ts';
import { startDblpFixtureServer } from '../../../test/dblp-fixture-server.ts';
import { queryRows } from '../../db/client.ts';
import {
  dblpPeople,
  jobs,
  publicationAuthors,
  publications,
  relationParties,
  relations,
  users,
} from '../../db/schema.ts';
import type { DblpCrawlPersonPayload } from '../../jobs/job-kinds.ts';
import { dblpCrawlPersonJob } from '../../jobs/job-kinds.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { createWorker } from '../../jobs/worker.ts';
import type { CrawlerOptions } from './crawl-person.ts';
import { createDblpCrawler } from './crawl-person.ts';

/** Small, so tests are quick; spacing is asserted against these. */
export const testDelayMs = 200;
export const testTimeoutMs = 400;
export const testRateLimitFallbackMs = 300;

export function buildCrawlTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  return buildTestApp({
    DBLP_CRAWL_DELAY_MS: String(testDelayMs),
    DBLP_TIMEOUT_MS: String(testTimeoutMs),
    ...env,
  });
}

/**
 * Empties what crawls write, so each test of a file starts from the same clean database
 * without paying for a new one (a fresh migrated PGlite takes seconds).
 */
export async function resetCrawlTables(t: TestApp) {
  await t.db.execute(sql`
    truncate jobs, crawl_hosts, audit_log, relation_parties, relations, publication_authors,
      publications, dblp_names, dblp_people, dblp_imports, tokens, outbox cascade`);
  await t.db.execute(sql`delete from users`);
}

export interface CrawlSetup {
  server: DblpFixtureServer;
  crawler: ReturnType<typeof createDblpCrawler>;
  /** Runs the crawl jobs that are ready now, through the real queue (retries and all). */
  runJobs(): Promise<number>;
}

const servers: DblpFixtureServer[] = [];

export async function startCrawl(
  t: TestApp,
  options: Partial<CrawlerOptions> & { server?: DblpFixtureServer } = {},
): Promise<CrawlSetup> {
  const server = options.server ?? (await startDblpFixtureServer());
  servers.push(server);
  const crawler = createDblpCrawler({
    db: t.db,
    config: { ...t.config, DBLP_BASE_URL: server.baseUrl },
    rateLimitFallbackMs: testRateLimitFallbackMs,
    ...options,
  });
  const worker = createWorker({
    db: t.db,
    log: t.app.log,
    handlers: { [dblpCrawlPersonJob]: async (job) => void (await crawler.handleJob(job)) },
  });
  return { server, crawler, runJobs: () => worker.runUntilIdle() };
}

export async function closeServers() {
  await Promise.all(servers.splice(0).map((server) => server.close()));
}

export function queueCrawl(t: TestApp, payload: DblpCrawlPersonPayload, maxAttempts?: number) {
  return enqueueJob(t.db, { kind: dblpCrawlPersonJob, payload, maxAttempts });
}

/** The queue's backoff is 30 s and up; tests skip the wait, not the retry. */
export async function makeRetriesDue(t: TestApp) {
  await t.db.execute(sql`update jobs set run_at = now() where status = 'queued'`);
}

export async function crawlJobs(t: TestApp) {
  return t.db
    .select({ status: jobs.status, attempts: jobs.attempts, lastError: jobs.lastError })
    .from(jobs)
    .where(eq(jobs.kind, dblpCrawlPersonJob))
    .orderBy(asc(jobs.id));
}

export async function crawlState(t: TestApp, userId: number) {
  const [row] = await t.db.select().from(dblpPeople).where(eq(dblpPeople.userId, userId));
  return row;
}

export async function findUserByPid(t: TestApp, pid: string) {
  const [user] = await t.db.select().from(users).where(eq(users.dblpPid, pid));
  return user;
}

/** Every imported publication with its authors, relation and parties, by DBLP key. */
export async function importedPublications(t: TestApp) {
  const rows = await t.db.select().from(publications).orderBy(asc(publications.dblpKey));
  const result = [];
  for (const publication of rows) {
    const authors = await t.db
      .select({ position: publicationAuthors.position, userId: publicationAuthors.userId })
      .from(publicationAuthors)
      .where(eq(publicationAuthors.publicationId, publication.id))
      .orderBy(asc(publicationAuthors.position));
    const [relation] = await t.db
      .select()
      .from(relations)
      .where(eq(relations.publicationId, publication.id));
    const parties = relation
      ? await t.db
          .select({ userId: relationParties.userId, status: relationParties.status })
          .from(relationParties)
          .where(eq(relationParties.relationId, relation.id))
          .orderBy(asc(relationParties.userId))
      : [];
    result.push({ publication, authors, relation, parties });
  }
  return result;
}

/** Rows of the tables a crawl writes, without the timestamps a crawl refreshes. */
export async function snapshotCrawlTables(t: TestApp) {
  const read = (table: string, order: string) =>
    queryRows(t.db, sql.raw(`select * from ${table} order by ${order}`));
  const withoutTimes = (rows: unknown[]) =>
    rows.map((row) => {
      const {
        updated_at: _updated,
        crawled_at: _crawled,
        crawl_due_at: _due,
        ...rest
      } = row as Record<string, unknown>;
      return rest;
    });
  return {
    users: withoutTimes(await read('users', 'id')),
    dblpNames: await read('dblp_names', 'name'),
    dblpPeople: withoutTimes(await read('dblp_people', 'user_id')),
    publications: withoutTimes(await read('publications', 'id')),
    publicationAuthors: await read('publication_authors', 'publication_id, position'),
    relations: withoutTimes(await read('relations', 'id')),
    relationParties: withoutTimes(await read('relation_parties', 'id')),
  };
}
