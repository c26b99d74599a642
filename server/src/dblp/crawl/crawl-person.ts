// The 'dblp.crawl-person' job: fetch one person's DBLP XML politely and store it. What each
// answer does, in plain words:
// - a person file for the pid asked: stored (store-person.ts), next refresh in DBLP_REFRESH_DAYS;
// - 404 (or 410): DBLP has no such pid. The reason is kept in last_crawl_error and the person
//   is not asked for again before the next refresh: no retrying forever;
// - a file for another pid: DBLP merged the profile. The user follows it (takes the new pid)
//   when nobody else holds that pid; otherwise nothing is stored and last_crawl_error says
//   who holds it, so the person can claim it through the account-link panel;
// - 429, 5xx, timeouts, lost connections, malformed answers, a host closed for a while: the
//   reason is kept and the job fails, so the queue retries it with its backoff (the host's own
//   backoff is in fetch-person.ts). A job that fails for good leaves the person due a day later;
// - a job for a pid the user no longer holds (they changed their URL, or were merged): nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { DblpCrawlPersonPayload } from '../../jobs/job-kinds.ts';
import type { Job } from '../../jobs/queue.ts';
import { JobPostponed } from '../../jobs/queue.ts';
import { serverDirectory } from '../../paths.ts';
import { findDblpPidHolder } from '../../modules/accounts/accounts.service.ts';
import type { PersonFetcherOptions } from './fetch-person.ts';
import { CrawlFailure, createPersonFetcher } from './fetch-person.ts';
import { recordCrawlProblem } from './store-person.repo.ts';
import type { StoredPerson } from './store-person.ts';
import { storePersonFile } from './store-person.ts';

export type CrawlOutcome =
  | StoredPerson
  | { status: 'stale' }
  | { status: 'gone'; message: string }
  | { status: 'merged-elsewhere'; message: string };

export interface CrawlerOptions extends Pick<
  PersonFetcherOptions,
  'hostWaitLimitMs' | 'rateLimitFallbackMs' | 'random'
> {
  db: Db;
  config: Config;
}

/** A person whose crawl failed for good is tried again by the schedule this much later. */
const failedRetryDays = 1;

/**
 * The fetcher of per-person XML with the crawler's settings: its base URL, User-Agent, delay
 * and timeout. Whoever else reads DBLP (the ORCID proof of a claim) takes it from here, so
 * every request to a DBLP host shares one politeness clock (crawl-hosts.repo).
 */
export function createDblpPersonFetcher(options: CrawlerOptions) {
  const { config } = options;
  if (!config.DBLP_BASE_URL) throw new Error('reading DBLP needs DBLP_BASE_URL');
  return createPersonFetcher({
    ...options,
    baseUrl: config.DBLP_BASE_URL,
    userAgent: crawlerUserAgent(config),
    delayMs: config.DBLP_CRAWL_DELAY_MS,
    timeoutMs: config.DBLP_TIMEOUT_MS,
  });
}

export function createDblpCrawler(options: CrawlerOptions) {
  const { db, config } = options;
  const fetcher = createDblpPersonFetcher(options);

  async function crawlPerson(payload: DblpCrawlPersonPayload, isLastAttempt = false) {
    const { userId, pid } = payload;
    const holder = await findDblpPidHolder(db, pid);
    if (holder?.id !== userId || holder.kind === 'deleted') return { status: 'stale' as const };
    try {
      return await fetchAndStore(userId, pid);
    } catch (error) {
      if (!(error instanceof CrawlFailure)) throw error;
      await recordCrawlProblem(db, userId, {
        message: error.message,
        retryInDays: isLastAttempt ? failedRetryDays : undefined,
      });
      // A host that may not be asked yet is nobody's failure: the job waits for the host and
      // keeps its attempt.
      if (error.kind === 'host-busy') throw new JobPostponed(error.message, error.waitMs);
      throw error;
    }
  }

  async function fetchAndStore(userId: number, pid: string): Promise<CrawlOutcome> {
    const answer = await fetcher.fetchPerson(pid);
    const refreshDays = config.DBLP_REFRESH_DAYS;
    if (answer.status === 'gone') {
      const message = `DBLP has no person with pid ${pid} (HTTP ${answer.httpStatus})`;
      await recordCrawlProblem(db, userId, { message, retryInDays: refreshDays });
      return { status: 'gone', message };
    }
    const { file } = answer;
    if (file.pid !== pid) {
      const holder = await findDblpPidHolder(db, file.pid);
      if (holder && holder.id !== userId) {
        const message =
          `DBLP merged pid ${pid} into ${file.pid}, which belongs to another person ` +
          `(user ${holder.id}); link https://dblp.org/pid/${file.pid} to claim it`;
        await recordCrawlProblem(db, userId, { message, retryInDays: refreshDays });
        return { status: 'merged-elsewhere', message };
      }
    }
    const stored = await storePersonFile(db, { userId, requestedPid: pid, file, refreshDays });
    if (stored.status === 'stored' && file.pid !== pid) {
      await recordAudit(db, {
        actorUserId: null,
        action: 'user.follow-dblp-merge',
        entity: 'user',
        entityId: userId,
        before: { dblpPid: pid },
        after: { dblpPid: file.pid },
      });
    }
    return stored;
  }

  /** The job handler: the worker completes the job, or retries it when this throws. */
  async function handleJob(job: Job): Promise<CrawlOutcome> {
    return crawlPerson(readPayload(job.payload), job.attempts >= job.maxAttempts);
  }

  return { host: fetcher.host, crawlPerson, handleJob };
}

export type DblpCrawler = ReturnType<typeof createDblpCrawler>;

function readPayload(payload: unknown): DblpCrawlPersonPayload {
  const { userId, pid } = (payload ?? {}) as Partial<DblpCrawlPersonPayload>;
  if (typeof userId !== 'number' || typeof pid !== 'string' || !pid) {
    throw new Error(`a dblp.crawl-person job needs {userId, pid}, got ${JSON.stringify(payload)}`);
  }
  return { userId, pid };
}

const serverPackage = path.join(serverDirectory, 'package.json');
const version = (JSON.parse(readFileSync(serverPackage, 'utf8')) as { version: string }).version;

/** Who is asking, so DBLP can tell us apart and write to us: `Recuse/0.1.0 (+url; e-mail)`. */
export function crawlerUserAgent(config: Pick<Config, 'PUBLIC_URL' | 'CONTACT_EMAIL'>): string {
  return `Recuse/${version} (+${config.PUBLIC_URL}; ${config.CONTACT_EMAIL})`;
}
