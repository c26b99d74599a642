// Fetches one person's XML from DBLP politely (docs/dblp.md, "Crawling politely"): one request at a
// time per host, at least the configured delay apart, the host's clock in the database
// (crawl-hosts.repo), an identifying User-Agent, a timeout over the whole answer, and the answer
// parsed before the host is released, so a malformed one counts as the host's failure like a 5xx.
// One call makes one request: retrying is the job queue's business.
import type { Db } from '../../db/client.ts';
import { DblpParseError } from '../parse-error.ts';
import { parsePerson } from '../parse-person.ts';
import type { PersonFile } from '../parse-person.ts';
import { claimHost, releaseHost } from './crawl-hosts.repo.ts';
import { backoffMs, parseRetryAfter, rateLimitedMs, spacingMs } from './crawl-policy.ts';

export interface PersonFetcherOptions {
  db: Db;
  baseUrl: string;
  userAgent: string;
  delayMs: number;
  timeoutMs: number;
  /** How long a caller waits for a busy host before giving the job back to the queue. */
  hostWaitLimitMs?: number;
  /** The pause after a 429 without Retry-After (DBLP's page says nothing; others use 60 s). */
  rateLimitFallbackMs?: number;
  /** Person pages above 2 MB exist; nothing near this is a real one. */
  maxBytes?: number;
  random?: () => number;
}

export type FetchedPerson =
  { status: 'found'; file: PersonFile } | { status: 'gone'; httpStatus: number };

export type CrawlFailureKind =
  | 'rate-limited'
  | 'server-error'
  | 'http-error'
  | 'timeout'
  | 'network'
  | 'malformed'
  | 'host-busy';

/** A request that did not give a usable answer; the job is retried later. */
export class CrawlFailure extends Error {
  constructor(
    readonly kind: CrawlFailureKind,
    message: string,
    /** For `host-busy`: how long until the host may be asked. */
    readonly waitMs = 0,
  ) {
    super(message);
    this.name = 'CrawlFailure';
  }
}

type Answer =
  | { status: 'found'; file: PersonFile }
  | { status: 'gone'; httpStatus: number }
  | { status: 'failed'; failure: CrawlFailure; retryAfterMs?: number };

export function createPersonFetcher(options: PersonFetcherOptions) {
  const { db, baseUrl, userAgent, delayMs, timeoutMs } = options;
  const host = new URL(baseUrl).host;
  const hostWaitLimitMs = options.hostWaitLimitMs ?? 30_000;
  const rateLimitFallbackMs = options.rateLimitFallbackMs ?? 60_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const random = options.random ?? Math.random;
  // The lease outlasts the longest a request may take, so a crashed worker frees the host.
  const leaseMs = timeoutMs + delayMs + 5000;

  async function takeHost(): Promise<number> {
    const deadline = Date.now() + hostWaitLimitMs;
    for (;;) {
      const claim = await claimHost(db, host, leaseMs);
      if (claim.isClaimed) return claim.failureCount;
      // Longer than any lease: a Retry-After or a backoff; the job comes back later instead.
      const isClosed = claim.waitMs > hostWaitLimitMs + leaseMs;
      if (isClosed || Date.now() > deadline) {
        throw new CrawlFailure(
          'host-busy',
          `${host} may not be asked again for ${Math.ceil(claim.waitMs / 1000)} s`,
          claim.waitMs,
        );
      }
      await sleep(Math.min(claim.waitMs, Math.max(delayMs, 50), 1000) + 2);
    }
  }

  async function fetchPerson(pid: string): Promise<FetchedPerson> {
    const failureCount = await takeHost();
    let answer: Answer | undefined;
    try {
      answer = await request(pid);
    } finally {
      await releaseHost(db, host, nextPause(answer, failureCount));
    }
    if (answer.status === 'failed') throw answer.failure;
    return answer;
  }

  function nextPause(answer: Answer | undefined, failureCount: number) {
    if (answer && answer.status !== 'failed') {
      return { waitMs: spacingMs(delayMs, random()), failureCount: 0 };
    }
    const failures = failureCount + 1;
    const backoff = backoffMs(delayMs, failures, random());
    if (answer?.failure.kind !== 'rate-limited') return { waitMs: backoff, failureCount: failures };
    const waitMs = rateLimitedMs(answer.retryAfterMs, rateLimitFallbackMs, backoff);
    return { waitMs, failureCount: failures };
  }

  async function request(pid: string): Promise<Answer> {
    const url = personXmlUrl(baseUrl, pid);
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(url, {
        headers: { 'user-agent': userAgent, accept: 'application/xml, text/xml;q=0.9' },
        redirect: 'follow',
        signal,
      });
      if (response.status === 404 || response.status === 410) {
        await response.body?.cancel();
        return { status: 'gone', httpStatus: response.status };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return failedStatus(response);
      }
      const body = await readBody(response, maxBytes);
      return { status: 'found', file: parsePerson(body) };
    } catch (error) {
      return { status: 'failed', failure: describeError(error, signal, url) };
    }
  }

  function failedStatus(response: Response): Answer {
    const status = response.status;
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());
      const wait = retryAfterMs === undefined ? 'no Retry-After' : `Retry-After ${retryAfterMs} ms`;
      const failure = new CrawlFailure(
        'rate-limited',
        `DBLP answered 429 Too Many Requests (${wait})`,
      );
      return { status: 'failed', failure, retryAfterMs };
    }
    const kind = status >= 500 ? 'server-error' : 'http-error';
    return { status: 'failed', failure: new CrawlFailure(kind, `DBLP answered HTTP ${status}`) };
  }

  function describeError(error: unknown, signal: AbortSignal, url: string): CrawlFailure {
    if (error instanceof CrawlFailure) return error;
    if (error instanceof DblpParseError) {
      return new CrawlFailure('malformed', `DBLP's answer is not a person XML: ${error.message}`);
    }
    if (signal.aborted) {
      return new CrawlFailure('timeout', `DBLP did not answer ${url} within ${timeoutMs} ms`);
    }
    const cause = error instanceof Error ? (error.cause ?? error) : error;
    const detail = cause instanceof Error ? cause.message : String(cause);
    return new CrawlFailure('network', `could not reach DBLP at ${url}: ${detail}`);
  }

  return { host, fetchPerson };
}

export type PersonFetcher = ReturnType<typeof createPersonFetcher>;

/** https://dblp.org/pid/95/7448-1.xml: each part of the pid escaped, its slashes kept. */
export function personXmlUrl(baseUrl: string, pid: string): string {
  return `${baseUrl}/pid/${pid.split('/').map(encodeURIComponent).join('/')}.xml`;
}

async function readBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return new Uint8Array();
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      throw new CrawlFailure('malformed', `DBLP's answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
