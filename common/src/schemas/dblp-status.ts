// DBLP operations (docs/dblp.md, "Following DBLP operations"): the administrators' page of dump
// imports, the crawl queue, the hosts' clocks, recent failures and each person's last refresh,
// with "Crawl now"; and a researcher's own DBLP status with "Refresh now". Shared by the
// server's routes and the web app.
import { z } from 'zod';
import { idField, searchText } from './fields.ts';

export const dblpStatusMessages = {
  onlyAdministrators: 'Only administrators may see and run DBLP operations.',
  pickPerson: 'Please select the person.',
  personGone: 'This person does not exist (any more).',
  noPid: 'This account has no confirmed DBLP profile to crawl.',
  ownNoPid: 'Your account has no confirmed DBLP profile yet: nothing to refresh.',
} as const;

const importRunSchema = z.object({
  id: z.number(),
  sourcePath: z.string(),
  /** `interrupted`: still `running` in the table, but silent for minutes: the command was stopped. */
  status: z.enum(['running', 'done', 'already-imported', 'failed', 'interrupted']),
  phase: z.enum(['records', 'people', 'relations', 'done']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the command last wrote progress or said it was alive (every 30 s). */
  updatedAt: z.string(),
  sourceSize: z.number(),
  bytesRead: z.number(),
  recordsRead: z.number(),
  /** Phases 2 and 3: publication ids covered, of `phaseTotal`. */
  phaseDone: z.number(),
  phaseTotal: z.number(),
  publications: z.number(),
  people: z.number(),
  redirects: z.number(),
  skipped: z.number(),
  warnings: z.number(),
  authorsResolved: z.number(),
  relationsCreated: z.number(),
  error: z.string().nullable(),
});
export type DblpImportRun = z.infer<typeof importRunSchema>;

const personRefSchema = z.object({ id: z.number(), name: z.string(), pid: z.string() });

/** GET /v1/web/admin/dblp: everything of the page but the people list. */
export const dblpOperationsSchema = z.object({
  imports: z.array(importRunSchema),
  queue: z.object({
    /** Crawl jobs waiting (queued, whether due now or retrying later). */
    waiting: z.number(),
    running: z.number(),
    /** The next crawl jobs in the order the worker takes them. */
    next: z.array(
      z.object({
        jobId: z.number(),
        status: z.enum(['queued', 'running']),
        runAt: z.string(),
        attempts: z.number(),
        maxAttempts: z.number(),
        /** The previous attempt's error, when this is a retry. */
        lastError: z.string().nullable(),
        person: personRefSchema.nullable(),
      }),
    ),
  }),
  hosts: z.array(
    z.object({
      host: z.string(),
      nextAllowedAt: z.string(),
      failureCount: z.number(),
      /** The next allowed time has passed (by the database's clock). */
      mayAskNow: z.boolean(),
    }),
  ),
  /** People whose last fetch went wrong, newest first, with why. */
  failures: z.array(
    z.object({
      person: personRefSchema,
      cause: z.string(),
      at: z.string(),
    }),
  ),
  /** Crawl jobs that gave up after their last attempt, newest first. */
  failedJobs: z.array(
    z.object({
      jobId: z.number(),
      at: z.string(),
      attempts: z.number(),
      lastError: z.string().nullable(),
      person: personRefSchema.nullable(),
    }),
  ),
});
export type DblpOperations = z.infer<typeof dblpOperationsSchema>;

/** GET /v1/web/admin/dblp/people?q= */
export const dblpPeopleSearchSchema = z.object({ q: searchText });

/** The registered people with a DBLP pid, by name, pid or address; at most `limit` of them. */
export const dblpPeopleReplySchema = z.object({
  people: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      email: z.string(),
      pid: z.string(),
      crawledAt: z.string().nullable(),
      crawlDueAt: z.string().nullable(),
      lastError: z.string().nullable(),
      crawl: z.enum(['queued', 'running']).nullable(),
    }),
  ),
  /** More people match than are listed: narrow the search. */
  isTruncated: z.boolean(),
});
export type DblpPeopleReply = z.infer<typeof dblpPeopleReplySchema>;

/** POST /v1/web/admin/dblp/crawl */
export const dblpCrawlNowSchema = z.object({ userId: idField(dblpStatusMessages.pickPerson) });

/** The reply of "Crawl now" and "Refresh now": the crawl job that will run, first in line. */
export const dblpCrawlQueuedSchema = z.object({
  message: z.literal('SUCCESS'),
  jobId: z.number(),
  /** A crawl of this person was already waiting: it was moved up instead of adding another. */
  wasQueued: z.boolean(),
});

/** GET /v1/web/user/dblp/status: what the account's DBLP refreshes brought, and when. */
export const ownDblpStatusSchema = z.object({
  /** The confirmed DBLP pid (null: no DBLP profile, or a claim awaiting a decision). */
  pid: z.string().nullable(),
  crawledAt: z.string().nullable(),
  crawlDueAt: z.string().nullable(),
  /** Why the last fetch failed ('' after a good one). */
  lastError: z.string(),
  /** What came in: the person's DBLP publications, co-authors and imported relations. */
  counts: z.object({
    publications: z.number(),
    coauthors: z.number(),
    importedRelations: z.number(),
  }),
  crawl: z.enum(['queued', 'running']).nullable(),
  /** Minutes between two "Refresh now" of one account. */
  refreshIntervalMinutes: z.number(),
  /** When "Refresh now" may be used again (null: now). */
  nextRefreshAt: z.string().nullable(),
});
export type OwnDblpStatus = z.infer<typeof ownDblpStatusSchema>;
