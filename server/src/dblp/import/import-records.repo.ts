// Phase 1 of the dump import: a batch of publications, their authors and people, written as a
// handful of set-based statements (`unnest` of one array per column) that work the same on
// PostgreSQL and PGlite. Every write is an upsert that changes a row only when the dump says
// something new, so importing the same data again changes nothing, updated_at included. A
// publication a crawl had retired is back when the dump lists it.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { CrossrefLink, RecordBatch } from './record-batch.ts';

const param = (value: unknown) => sql.param(value);

export interface BatchCounts {
  publications: number;
  people: number;
}

/** `staging`: the table of `openAuthorStaging` that holds the authorships until phase 2. */
export async function writeRecordBatch(
  db: Db,
  batch: RecordBatch,
  staging: SQL,
): Promise<BatchCounts> {
  if (batch.publications.keys.length > 0) await writePublications(db, batch, staging);
  if (batch.people.pids.length > 0) await writePeople(db, batch);
  return { publications: batch.publications.keys.length, people: batch.people.pids.length };
}

interface StoredRow {
  id: number;
  key: string;
  is_new: boolean;
}

/**
 * The row of every key of a batch: the upsert's `returning` lists the rows it created or
 * changed; the keys it left out are rows the dump did not change, looked up after (none on a
 * first import, which so makes no second round of index probes).
 */
async function rowsByKey<Row extends { key: string }>(
  keys: readonly string[],
  written: Row[],
  lookUp: (missing: string[]) => Promise<Row[]>,
): Promise<Map<string, Row>> {
  const rows = new Map(written.map((row) => [row.key, row]));
  const missing = keys.filter((key) => !rows.has(key));
  if (missing.length > 0) for (const row of await lookUp(missing)) rows.set(row.key, row);
  return rows;
}

/** The publications of a batch, with their id and whether this batch created them. */
async function writePublications(db: Db, { publications, authorships }: RecordBatch, staging: SQL) {
  const rows = await queryRows<StoredRow>(
    db,
    sql`
      insert into publications as p (dblp_key, title, title_key, year, venue, kind, paper_type)
      select * from unnest(
        ${param(publications.keys)}::text[], ${param(publications.titles)}::text[],
        ${param(publications.titleKeys)}::text[], ${param(publications.years)}::smallint[],
        ${param(publications.venues)}::text[], ${param(publications.kinds)}::text[],
        ${param(publications.paperTypes)}::smallint[])
      on conflict (dblp_key) do update set
        title = excluded.title, title_key = excluded.title_key, year = excluded.year,
        venue = coalesce(excluded.venue, p.venue), kind = excluded.kind,
        paper_type = excluded.paper_type, is_retired = false, retired_at = null,
        updated_at = now()
      where p.is_retired
         or (p.title, p.title_key, p.year, p.venue, p.kind, p.paper_type)
        is distinct from (excluded.title, excluded.title_key, excluded.year,
          coalesce(excluded.venue, p.venue), excluded.kind, excluded.paper_type)
      returning p.id, p.dblp_key as key, (p.xmax = 0) as is_new`,
  );
  const stored = await rowsByKey(publications.keys, rows, (missing) =>
    queryRows<StoredRow>(
      db,
      sql`select id, dblp_key as key, false as is_new from publications
          where dblp_key = any(${param(missing)}::text[])`,
    ),
  );
  const ids = publications.keys.map((key) => stored.get(key)!.id);
  const isNew = publications.keys.map((key) => stored.get(key)!.is_new);
  await dropRemovedAuthorPositions(db, ids, isNew, publications.authorCounts);
  await forgetStagedAuthors(db, ids, isNew, staging);
  if (authorships.names.length === 0) return;
  // Phase 2 moves them to publication_authors, resolved (see author-staging.repo.ts).
  await db.execute(sql`
    insert into ${staging} (publication_id, position, name)
    select * from unnest(
      ${param(authorships.publicationIndexes.map((index) => ids[index]))}::integer[],
      ${param(authorships.positions)}::smallint[], ${param(authorships.names)}::text[])`);
}

/**
 * A key repeated in the file: the last record wins, so the authors staged for its earlier
 * record go.
 */
async function forgetStagedAuthors(db: Db, ids: number[], isNew: boolean[], staging: SQL) {
  const existing = ids.filter((_, index) => !isNew[index]);
  if (existing.length === 0) return;
  await db.execute(sql`
    delete from ${staging}
    where publication_id = any(${param(existing)}::integer[])`);
}

/** A publication the dump now lists with fewer authors loses the positions past the last. */
async function dropRemovedAuthorPositions(
  db: Db,
  ids: number[],
  isNew: boolean[],
  authorCounts: number[],
) {
  const existing = ids.flatMap((id, index) => (isNew[index] ? [] : [index]));
  if (existing.length === 0) return;
  await db.execute(sql`
    delete from publication_authors a
    using unnest(${param(existing.map((index) => ids[index]))}::integer[],
                 ${param(existing.map((index) => authorCounts[index]))}::smallint[]) as x(id, count)
    where a.publication_id = x.id and a.position > x.count`);
}

/** A person by pid (`key`). */
type PersonRow = StoredRow;

/**
 * People by pid. A pid we already hold (a registered user who gave it, or an earlier import)
 * is updated, never duplicated; a registered user keeps their own first and last name and
 * only DBLP's name (`dblp_name`) follows the dump.
 */
async function writePeople(db: Db, { people, names }: RecordBatch) {
  const rows = await queryRows<PersonRow>(
    db,
    sql`
      insert into users as u (kind, dblp_pid, dblp_name, first_name, last_name)
      select 'dblp_only', * from unnest(
        ${param(people.pids)}::text[], ${param(people.dblpNames)}::text[],
        ${param(people.firstNames)}::text[], ${param(people.lastNames)}::text[])
      on conflict (dblp_pid) do update set
        dblp_name = excluded.dblp_name,
        first_name = case when u.kind = 'dblp_only' then excluded.first_name else u.first_name end,
        last_name = case when u.kind = 'dblp_only' then excluded.last_name else u.last_name end,
        updated_at = now()
      where u.dblp_name is distinct from excluded.dblp_name
         or (u.kind = 'dblp_only'
             and (u.first_name, u.last_name) <> (excluded.first_name, excluded.last_name))
      returning u.id, u.dblp_pid as key, (u.xmax = 0) as is_new`,
  );
  const stored = await rowsByKey(people.pids, rows, (missing) =>
    queryRows<PersonRow>(
      db,
      sql`select id, dblp_pid as key, false as is_new from users
          where dblp_pid = any(${param(missing)}::text[])`,
    ),
  );
  const userIds = people.pids.map((pid) => stored.get(pid)!.id);
  const nameUserIds = names.personIndexes.map((index) => userIds[index]!);
  const existingUserIds = people.pids.flatMap((pid) => {
    const row = stored.get(pid)!;
    return row.is_new ? [] : [row.id];
  });
  if (existingUserIds.length > 0) {
    // The person record lists all of a person's names: one it no longer lists is forgotten.
    await db.execute(sql`
      with batch as (
        select * from unnest(${param(names.names)}::text[], ${param(nameUserIds)}::integer[])
          as x(name, user_id)
      )
      delete from dblp_names d
      where d.user_id = any(${param(existingUserIds)}::integer[])
        and not exists (select 1 from batch b where b.name = d.name and b.user_id = d.user_id)`);
  }
  await db.execute(sql`
    insert into dblp_names as d (name, user_id, is_primary)
    select * from unnest(${param(names.names)}::text[], ${param(nameUserIds)}::integer[],
                         ${param(names.isPrimary)}::boolean[])
    on conflict (name) do update set user_id = excluded.user_id, is_primary = excluded.is_primary
    where (d.user_id, d.is_primary) <> (excluded.user_id, excluded.is_primary)`);
  // Notes per person vary in number, so they travel as one JSON array of arrays.
  await db.execute(sql`
    insert into dblp_people as d (user_id, affiliation_notes)
    select x.user_id, array(select jsonb_array_elements_text(n.notes))
    from unnest(${param(userIds)}::integer[]) with ordinality as x(user_id, ordinal)
    join jsonb_array_elements(${param(JSON.stringify(people.affiliationNotes))}::jsonb)
      with ordinality as n(notes, ordinal) using (ordinal)
    on conflict (user_id) do update set affiliation_notes = excluded.affiliation_notes,
      updated_at = now()
    where d.affiliation_notes <> excluded.affiliation_notes`);
}

/**
 * A publication without a venue takes its crossref parent's (an `inproceedings` its
 * `proceedings`' booktitle), once all publications are in: a parent may come after its child.
 * Applied twice, so a chain of two stubs is followed too.
 */
export async function applyCrossrefVenues(db: Db, links: readonly CrossrefLink[]) {
  if (links.length === 0) return;
  const keys = param(links.map((link) => link.key));
  const parentKeys = param(links.map((link) => link.parentKey));
  for (let round = 0; round < 2; round++) {
    await db.execute(sql`
      update publications child set venue = parent.venue, updated_at = now()
      from unnest(${keys}::text[], ${parentKeys}::text[]) as x(key, parent_key),
           publications parent
      where child.dblp_key = x.key and parent.dblp_key = x.parent_key
        and child.venue is null and parent.venue is not null`);
  }
}
