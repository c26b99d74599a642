// Job kinds that one part of the server enqueues and another handles. A kind with no handler
// registered in app.ts stays queued (the worker claims only kinds it has handlers for), so a
// producer may land before its consumer without harm.
import type { Db } from '../db/client.ts';
import { enqueueJob } from './queue.ts';

/**
 * Crawl one person's DBLP page: a user saved or linked a new DBLP URL, or the refresh schedule
 * found them due. Handled by dblp/crawl/crawl-person.ts when JOBS=on and DBLP_BASE_URL is set.
 */
export const dblpCrawlPersonJob = 'dblp.crawl-person';

export interface DblpCrawlPersonPayload {
  [key: string]: unknown;
  userId: number;
  pid: string;
}

/** Queues a crawl of the person with this pid for this user, in the caller's transaction. */
export async function enqueueDblpCrawl(db: Db, userId: number, pid: string): Promise<void> {
  const payload: DblpCrawlPersonPayload = { userId, pid };
  await enqueueJob(db, { kind: dblpCrawlPersonJob, payload });
}
