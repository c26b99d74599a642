// Job kinds that one part of the server enqueues and another handles. A kind with no handler
// registered in app.ts stays queued (the worker claims only kinds it has handlers for), so a
// producer may land before its consumer without harm.

/** Crawl one person's DBLP page now: a user saved or linked a new DBLP URL. */
export const dblpCrawlPersonJob = 'dblp.crawl-person';

export interface DblpCrawlPersonPayload {
  [key: string]: unknown;
  userId: number;
  pid: string;
}
