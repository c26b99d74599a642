// The set-based writes of one crawled person file (store-person.ts runs them in one
// transaction). They follow the dump import's rules (dblp/import/*.repo.ts, dblp-people.ts),
// so a publication ends as the same rows whichever of the two saw it first.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

const param = (value: unknown) => sql.param(value);

export interface LockedPerson {
  id: number;
  kind: string;
  dblpPid: string | null;
}

export async function lockPerson(db: Db, userId: number): Promise<LockedPerson | undefined> {
  const [row] = await queryRows<{ id: number; kind: string; dblp_pid: string | null }>(
    db,
    sql`select id, kind, dblp_pid from users where id = ${userId} for update`,
  );
  return row && { id: row.id, kind: row.kind, dblpPid: row.dblp_pid };
}

/** The person's DBLP name (and, for a DBLP-only person, the names derived from it) and pid. */
export async function updatePersonIdentity(
  db: Db,
  userId: number,
  identity: { pid: string; dblpName: string; firstName: string; lastName: string },
) {
  await db.execute(sql`
    update users set dblp_pid = ${identity.pid}, dblp_name = ${identity.dblpName},
      first_name = case when kind = 'dblp_only' then ${identity.firstName} else first_name end,
      last_name = case when kind = 'dblp_only' then ${identity.lastName} else last_name end,
      updated_at = now()
    where id = ${userId}`);
}

/** The person's own names, as their file lists them: the only ones that lead to them. */
export async function replaceOwnNames(db: Db, userId: number, names: readonly string[]) {
  await db.execute(sql`
    delete from dblp_names
    where user_id = ${userId} and not (name = any(${param(names)}::text[]))`);
  await db.execute(sql`
    insert into dblp_names as d (name, user_id, is_primary)
    select name, ${userId}::integer, ordinal = 1
    from unnest(${param(names)}::text[]) with ordinality as x(name, ordinal)
    on conflict (name) do update set user_id = excluded.user_id, is_primary = excluded.is_primary
    where (d.user_id, d.is_primary) <> (excluded.user_id, excluded.is_primary)`);
}

export interface CoauthorInput {
  pid: string;
  /** DBLP's primary name when the co-author list gives it, else the name on a paper. */
  dblpName: string;
  firstName: string;
  lastName: string;
}

/**
 * Co-authors by pid: a person we hold keeps their row; a name we know from the dump import
 * without a pid adopts the pid; anyone else becomes a DBLP-only person. Answers pid → user id
 * and how many people were new.
 */
export async function resolveCoauthors(
  db: Db,
  coauthors: readonly CoauthorInput[],
): Promise<{ userIds: Map<string, number>; created: number }> {
  if (coauthors.length === 0) return { userIds: new Map(), created: 0 };
  const pids = param(coauthors.map((person) => person.pid));
  const dblpNames = param(coauthors.map((person) => person.dblpName));
  await db.execute(sql`
    update users u set dblp_pid = x.pid, updated_at = now()
    from unnest(${pids}::text[], ${dblpNames}::text[]) as x(pid, name)
    join dblp_names n on n.name = x.name
    where u.id = n.user_id and u.dblp_pid is null
      and not exists (select 1 from users held where held.dblp_pid = x.pid)`);
  const created = await queryRows<{ id: number }>(
    db,
    sql`
    insert into users (kind, dblp_pid, dblp_name, first_name, last_name)
    select 'dblp_only', * from unnest(${pids}::text[], ${dblpNames}::text[],
      ${param(coauthors.map((person) => person.firstName))}::text[],
      ${param(coauthors.map((person) => person.lastName))}::text[])
    on conflict (dblp_pid) do nothing
    returning id`,
  );
  const rows = await queryRows<{ id: number; dblp_pid: string }>(
    db,
    sql`select id, dblp_pid from users where dblp_pid = any(${pids}::text[])`,
  );
  return {
    userIds: new Map(rows.map((row) => [row.dblp_pid, row.id])),
    created: created.length,
  };
}

/** Names as papers write them, for the dump import's resolution by name; never taken from anyone. */
export async function addCoauthorNames(
  db: Db,
  names: ReadonlyArray<{ name: string; userId: number; isPrimary: boolean }>,
) {
  if (names.length === 0) return;
  await db.execute(sql`
    insert into dblp_names (name, user_id, is_primary)
    select * from unnest(${param(names.map((row) => row.name))}::text[],
      ${param(names.map((row) => row.userId))}::integer[],
      ${param(names.map((row) => row.isPrimary))}::boolean[])
    on conflict (name) do nothing`);
}

export interface PublicationInput {
  key: string;
  title: string;
  titleKey: string;
  year: number | null;
  venue: string | null;
  kind: string;
  paperType: number;
}

/** Upserts by DBLP key; a retired publication DBLP lists again comes back. Answers key → id. */
export async function upsertPublications(
  db: Db,
  publications: readonly PublicationInput[],
): Promise<Map<string, number>> {
  if (publications.length === 0) return new Map();
  const column = <K extends keyof PublicationInput>(name: K) =>
    param(publications.map((publication) => publication[name]));
  const rows = await queryRows<{ id: number; dblp_key: string }>(
    db,
    sql`
    insert into publications as p (dblp_key, title, title_key, year, venue, kind, paper_type)
    select * from unnest(${column('key')}::text[], ${column('title')}::text[],
      ${column('titleKey')}::text[], ${column('year')}::smallint[], ${column('venue')}::text[],
      ${column('kind')}::text[], ${column('paperType')}::smallint[])
    on conflict (dblp_key) do update set
      title = excluded.title, title_key = excluded.title_key, year = excluded.year,
      venue = coalesce(excluded.venue, p.venue), kind = excluded.kind,
      paper_type = excluded.paper_type, is_retired = false, retired_at = null, updated_at = now()
    where (p.title, p.title_key, p.year, p.venue, p.kind, p.paper_type, p.is_retired)
      is distinct from (excluded.title, excluded.title_key, excluded.year,
        coalesce(excluded.venue, p.venue), excluded.kind, excluded.paper_type, false)
    returning p.id, p.dblp_key`,
  );
  const unchanged = await queryRows<{ id: number; dblp_key: string }>(
    db,
    sql`select id, dblp_key from publications where dblp_key = any(${column('key')}::text[])`,
  );
  return new Map([...unchanged, ...rows].map((row) => [row.dblp_key, row.id]));
}

export interface AuthorshipInput {
  publicationId: number;
  position: number;
  userId: number | null;
  name: string;
}

/** The author lists of these publications become exactly the given ones. */
export async function replaceAuthorships(
  db: Db,
  publicationIds: readonly number[],
  authorships: readonly AuthorshipInput[],
) {
  if (publicationIds.length === 0) return;
  await db.execute(sql`
    delete from publication_authors a
    where a.publication_id = any(${param(publicationIds)}::integer[])
      and not exists (
        select 1 from unnest(${param(authorships.map((row) => row.publicationId))}::integer[],
          ${param(authorships.map((row) => row.position))}::smallint[]) as x(publication_id, position)
        where x.publication_id = a.publication_id and x.position = a.position)`);
  if (authorships.length === 0) return;
  await db.execute(sql`
    insert into publication_authors as a (publication_id, position, user_id, name)
    select * from unnest(${param(authorships.map((row) => row.publicationId))}::integer[],
      ${param(authorships.map((row) => row.position))}::smallint[],
      ${param(authorships.map((row) => row.userId))}::integer[],
      ${param(authorships.map((row) => row.name))}::text[])
    on conflict (publication_id, position) do update
      set user_id = excluded.user_id, name = excluded.name
    where (a.user_id, a.name) is distinct from (excluded.user_id, excluded.name)`);
}

/**
 * Publications we hold as this person's that DBLP no longer lists for them are retired, not
 * silently kept (syncImportedRelations then makes their imported relation inactive, so
 * conflicts ignore it). The authorship stays, so the paper comes back as it was if DBLP lists
 * it again. Answers their ids.
 */
export async function retireUnlistedPublications(
  db: Db,
  userId: number,
  listedIds: readonly number[],
): Promise<number[]> {
  const retired = await queryRows<{ id: number }>(
    db,
    sql`
    update publications p set is_retired = true, retired_at = now(), updated_at = now()
    where not p.is_retired and p.dblp_key is not null
      and not (p.id = any(${param(listedIds)}::integer[]))
      and exists (select 1 from publication_authors a
                  where a.publication_id = p.id and a.user_id = ${userId})
    returning p.id`,
  );
  return retired.map((row) => row.id);
}

/** The crawl succeeded: the person's DBLP notes, when it happened, and when to come back. */
export async function markCrawled(
  db: Db,
  userId: number,
  affiliationNotes: readonly string[],
  refreshDays: number,
) {
  await db.execute(sql`
    insert into dblp_people as d (user_id, affiliation_notes, crawled_at, crawl_due_at,
      last_crawl_error)
    values (${userId}, ${param(affiliationNotes)}::text[], now(),
      now() + make_interval(secs => ${refreshDays * 86_400}), null)
    on conflict (user_id) do update set affiliation_notes = excluded.affiliation_notes,
      crawled_at = excluded.crawled_at, crawl_due_at = excluded.crawl_due_at,
      last_crawl_error = null, updated_at = now()`);
}

/**
 * A crawl that did not store anything: the reason, kept for the administrator, and, when
 * given, the next time the schedule should try (otherwise the due time stays as it was).
 */
export async function recordCrawlProblem(
  db: Db,
  userId: number,
  problem: { message: string; retryInDays?: number },
) {
  const due =
    problem.retryInDays === undefined
      ? sql`null`
      : sql`now() + make_interval(secs => ${problem.retryInDays * 86_400})`;
  await db.execute(sql`
    insert into dblp_people as d (user_id, crawl_due_at, last_crawl_error)
    select ${userId}, ${due}, ${problem.message.slice(0, 2000)}
    where exists (select 1 from users where id = ${userId})
    on conflict (user_id) do update set last_crawl_error = excluded.last_crawl_error,
      crawl_due_at = coalesce(excluded.crawl_due_at, d.crawl_due_at), updated_at = now()`);
}
