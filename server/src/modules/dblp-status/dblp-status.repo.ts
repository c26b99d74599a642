// Reads for the DBLP operations page and a researcher's DBLP status (docs/dblp.md, "Following
// DBLP operations"), and the one write both share: a crawl job put first in line.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { silentRunSeconds } from '../../dblp/import/run-liveness.ts';
import { dblpCrawlPersonJob } from '../../jobs/job-kinds.ts';

const crawlKind = dblpCrawlPersonJob;
const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();
const personName = (row: { first_name: string; last_name: string }) =>
  `${row.first_name} ${row.last_name}`.trim();

interface PersonColumns {
  person_id: number | null;
  first_name: string;
  last_name: string;
  person_pid: string | null;
}

const personOf = (row: PersonColumns) =>
  row.person_id === null
    ? null
    : { id: row.person_id, name: personName(row), pid: row.person_pid ?? '' };

export async function listImportRuns(db: Db, limit: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select *,
               status = 'running'
                 and updated_at < now() - make_interval(secs => ${silentRunSeconds}) as is_silent
          from dblp_import_runs order by started_at desc, id desc limit ${limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    sourcePath: String(row.source_path),
    // A run that stopped giving news without ending was stopped from outside.
    status: row.is_silent
      ? ('interrupted' as const)
      : (row.status as 'running' | 'done' | 'already-imported' | 'failed'),
    phase: row.phase as 'records' | 'people' | 'relations' | 'done',
    startedAt: iso(row.started_at as string)!,
    finishedAt: iso(row.finished_at as string | null),
    updatedAt: iso(row.updated_at as string)!,
    sourceSize: Number(row.source_size),
    bytesRead: Number(row.bytes_read),
    recordsRead: Number(row.records_read),
    phaseDone: Number(row.phase_done),
    phaseTotal: Number(row.phase_total),
    publications: Number(row.publications),
    people: Number(row.people),
    redirects: Number(row.redirects),
    skipped: Number(row.skipped),
    warnings: Number(row.warnings),
    authorsResolved: Number(row.authors_resolved),
    relationsCreated: Number(row.relations_created),
    error: (row.error as string | null) ?? null,
  }));
}

/** The crawl queue: how many wait and run, and the next jobs in the worker's order. */
export async function readCrawlQueue(db: Db, limit: number) {
  const [counts] = await queryRows<{ waiting: number | string; running: number | string }>(
    db,
    sql`select count(*) filter (where status = 'queued') as waiting,
               count(*) filter (where status = 'running') as running
          from jobs where kind = ${crawlKind} and status in ('queued', 'running')`,
  );
  const rows = await queryRows<
    PersonColumns & {
      id: number | string;
      status: 'queued' | 'running';
      run_at: string;
      attempts: number;
      max_attempts: number;
      last_error: string | null;
    }
  >(
    db,
    sql`select j.id, j.status, j.run_at, j.attempts, j.max_attempts, j.last_error,
               u.id as person_id, coalesce(u.first_name, '') as first_name,
               coalesce(u.last_name, '') as last_name, j.payload->>'pid' as person_pid
          from jobs j
          left join users u on u.id::text = j.payload->>'userId'
         where j.kind = ${crawlKind} and j.status in ('queued', 'running')
         order by j.status = 'running' desc, j.run_at, j.id
         limit ${limit}`,
  );
  return {
    waiting: Number(counts?.waiting ?? 0),
    running: Number(counts?.running ?? 0),
    next: rows.map((row) => ({
      jobId: Number(row.id),
      status: row.status,
      runAt: iso(row.run_at)!,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      lastError: row.last_error,
      person: personOf(row),
    })),
  };
}

export async function listCrawlHosts(db: Db) {
  const rows = await queryRows<{
    host: string;
    next_allowed_at: string;
    failure_count: number;
    may_ask_now: boolean;
  }>(
    db,
    sql`select host, next_allowed_at, failure_count, next_allowed_at <= now() as may_ask_now
          from crawl_hosts order by host`,
  );
  return rows.map((row) => ({
    host: row.host,
    nextAllowedAt: iso(row.next_allowed_at)!,
    failureCount: row.failure_count,
    mayAskNow: row.may_ask_now,
  }));
}

/** People whose last fetch went wrong (dblp_people.last_crawl_error), newest first. */
export async function listCrawlFailures(db: Db, limit: number) {
  const rows = await queryRows<PersonColumns & { last_crawl_error: string; updated_at: string }>(
    db,
    sql`select u.id as person_id, u.first_name, u.last_name, u.dblp_pid as person_pid,
               d.last_crawl_error, d.updated_at
          from dblp_people d join users u on u.id = d.user_id
         where d.last_crawl_error is not null and u.kind <> 'deleted'
         order by d.updated_at desc, u.id
         limit ${limit}`,
  );
  return rows.map((row) => ({
    person: personOf(row)!,
    cause: row.last_crawl_error,
    at: iso(row.updated_at)!,
  }));
}

/** Crawl jobs that failed for good, newest first. */
export async function listFailedCrawlJobs(db: Db, limit: number) {
  const rows = await queryRows<
    PersonColumns & {
      id: number | string;
      updated_at: string;
      attempts: number;
      last_error: string | null;
    }
  >(
    db,
    sql`select j.id, j.updated_at, j.attempts, j.last_error,
               u.id as person_id, coalesce(u.first_name, '') as first_name,
               coalesce(u.last_name, '') as last_name, j.payload->>'pid' as person_pid
          from jobs j
          left join users u on u.id::text = j.payload->>'userId'
         where j.kind = ${crawlKind} and j.status = 'failed'
         order by j.updated_at desc, j.id desc
         limit ${limit}`,
  );
  return rows.map((row) => ({
    jobId: Number(row.id),
    at: iso(row.updated_at)!,
    attempts: row.attempts,
    lastError: row.last_error,
    person: personOf(row),
  }));
}

/**
 * Registered people holding a DBLP pid whose name, pid or address contains `search` (all when
 * empty), with their last refresh; never-crawled people first, then the oldest refresh.
 */
export async function searchDblpPeople(db: Db, search: string, limit: number) {
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await queryRows<{
    id: number;
    first_name: string;
    last_name: string;
    email: string | null;
    dblp_pid: string;
    crawled_at: string | null;
    crawl_due_at: string | null;
    last_crawl_error: string | null;
    crawl: 'queued' | 'running' | null;
  }>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email, u.dblp_pid,
               d.crawled_at, d.crawl_due_at, d.last_crawl_error,
               (select case when bool_or(j.status = 'running') then 'running' else 'queued' end
                  from jobs j
                 where j.kind = ${crawlKind} and j.status in ('queued', 'running')
                   and j.payload->>'userId' = u.id::text
                having count(*) > 0) as crawl
          from users u
          left join dblp_people d on d.user_id = u.id
         where u.kind = 'registered' and u.dblp_pid is not null
           and (${search} = ''
             or (u.first_name || ' ' || u.last_name) ilike ${pattern}
             or u.dblp_pid ilike ${pattern}
             or coalesce(u.email, '') ilike ${pattern})
         order by d.crawled_at nulls first, u.last_name, u.first_name, u.id
         limit ${limit + 1}`,
  );
  return {
    people: rows.slice(0, limit).map((row) => ({
      id: row.id,
      name: personName(row),
      email: row.email ?? '',
      pid: row.dblp_pid,
      crawledAt: iso(row.crawled_at),
      crawlDueAt: iso(row.crawl_due_at),
      lastError: row.last_crawl_error,
      crawl: row.crawl,
    })),
    isTruncated: rows.length > limit,
  };
}

/**
 * Puts a crawl of `pid` for `userId` first in line: a crawl of it already waiting is moved
 * before every other waiting crawl (and made due now), else a new one is queued there. A crawl
 * already running is left alone. Under the schedule's advisory lock (crawl-schedule.ts), so the
 * schedule never queues the person a second time meanwhile. The worker still waits for the
 * host's next allowed time (crawl-hosts.repo.ts): first in line is not sooner than DBLP allows.
 */
export async function queueCrawlFirst(
  db: Db,
  userId: number,
  pid: string,
): Promise<{ jobId: number; wasQueued: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${crawlKind}))`);
    const front = sql`least(now(), (select min(run_at) from jobs
        where kind = ${crawlKind} and status = 'queued') - interval '1 millisecond')`;
    const [existing] = await queryRows<{ id: number | string; status: string }>(
      tx,
      sql`select id, status from jobs
           where kind = ${crawlKind} and status in ('queued', 'running')
             and payload->>'userId' = ${String(userId)} and payload->>'pid' = ${pid}
           order by status = 'running' desc, id limit 1`,
    );
    if (existing) {
      if (existing.status === 'queued') {
        await tx.execute(
          sql`update jobs set run_at = ${front}, updated_at = now() where id = ${existing.id}`,
        );
      }
      return { jobId: Number(existing.id), wasQueued: true };
    }
    const [inserted] = await queryRows<{ id: number | string }>(
      tx,
      sql`insert into jobs (kind, payload, run_at)
          values (${crawlKind}, ${JSON.stringify({ userId, pid })}::jsonb, ${front})
          returning id`,
    );
    return { jobId: Number(inserted!.id), wasQueued: false };
  });
}

/** A person's crawl state and what their DBLP refreshes brought in. */
export async function readOwnDblpStatus(db: Db, userId: number) {
  const [row] = await queryRows<{
    crawled_at: string | null;
    crawl_due_at: string | null;
    last_crawl_error: string | null;
    publications: number | string;
    coauthors: number | string;
    imported_relations: number | string;
    crawl: 'queued' | 'running' | null;
  }>(
    db,
    sql`with own as (
          select p.id from publications p
            join publication_authors pa on pa.publication_id = p.id
           where pa.user_id = ${userId} and p.dblp_key is not null and not p.is_retired
           group by p.id)
        select d.crawled_at, d.crawl_due_at, d.last_crawl_error,
               (select count(*) from own) as publications,
               (select count(distinct pa.user_id) from publication_authors pa
                 where pa.publication_id in (select id from own)
                   and pa.user_id is not null and pa.user_id <> ${userId}) as coauthors,
               (select count(*) from relations r
                 where r.is_dblp_imported and r.status = 1
                   and (r.creator_user_id = ${userId} or exists (
                     select 1 from relation_parties rp
                      where rp.relation_id = r.id and rp.user_id = ${userId}))) as imported_relations,
               (select case when bool_or(j.status = 'running') then 'running' else 'queued' end
                  from jobs j
                 where j.kind = ${crawlKind} and j.status in ('queued', 'running')
                   and j.payload->>'userId' = ${String(userId)}
                having count(*) > 0) as crawl
          from (select 1) as one
          left join dblp_people d on d.user_id = ${userId}`,
  );
  return {
    crawledAt: iso(row?.crawled_at ?? null),
    crawlDueAt: iso(row?.crawl_due_at ?? null),
    lastError: row?.last_crawl_error ?? '',
    counts: {
      publications: Number(row?.publications ?? 0),
      coauthors: Number(row?.coauthors ?? 0),
      importedRelations: Number(row?.imported_relations ?? 0),
    },
    crawl: row?.crawl ?? null,
  };
}
