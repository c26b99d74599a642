// Phases 2 and 3 of the dump import, set-based over a range of publication ids so each range
// is one short transaction with its checkpoint: authors resolved to people by name, then one
// imported co-authorship relation per publication with its parties. Both only change rows
// that differ, so running them again over the same data changes nothing.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { importedRelationRow } from '../dblp-people.ts';

export interface IdRange {
  from: number;
  to: number;
}

export async function findLastPublicationId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: number | null }>(
    db,
    sql`select max(id) as id from publications`,
  );
  return Number(row?.id ?? 0);
}

/**
 * Phase 2: every author whose name is a DBLP name we know (a primary name or an alias, homonym
 * suffix included: 'Wei Wang 0001' is not 'Wei Wang') points at that person. DBLP gives each
 * name to one person, so the name is the whole key. The authors this dump staged are written
 * once, resolved; then those of earlier dumps whose names are now known are resolved.
 */
export async function resolveAuthors(db: Db, range: IdRange, staging: SQL): Promise<number> {
  const inserted = await insertStagedAuthors(db, range, staging);
  return inserted + (await resolveKnownAuthors(db, range, staging));
}

/**
 * A changed name forgets its person unless the new name is known; an unchanged one keeps a
 * person linked some other way (the demo, a merge) when the name is not a DBLP name. Rows go
 * in primary-key order; the name is looked up per row by index (a join would hash every DBLP
 * name once per range).
 */
async function insertStagedAuthors(db: Db, range: IdRange, staging: SQL): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
      with written as (
        insert into publication_authors as a (publication_id, position, name, user_id)
        select s.publication_id, s.position, s.name,
          (select n.user_id from dblp_names n where n.name = s.name)
        from ${staging} s
        where s.publication_id between ${range.from} and ${range.to}
        order by s.publication_id, s.position
        on conflict (publication_id, position) do update set
          name = excluded.name,
          user_id = case when a.name = excluded.name then coalesce(excluded.user_id, a.user_id)
                         else excluded.user_id end
        where (a.name, a.user_id) is distinct from (excluded.name,
          case when a.name = excluded.name then coalesce(excluded.user_id, a.user_id)
               else excluded.user_id end)
        returning a.user_id
      )
      select count(*)::integer as count from written where user_id is not null`,
  );
  return rows[0]?.count ?? 0;
}

/**
 * Authors of publications this dump does not list (the staged ones were just resolved): on a
 * first import there are none, and the names to look up are none.
 */
async function resolveKnownAuthors(db: Db, range: IdRange, staging: SQL): Promise<number> {
  const isStaged = (alias: string) => sql`exists (
    select 1 from ${staging} s
    where s.publication_id between ${range.from} and ${range.to}
      and s.publication_id = ${sql.raw(alias)}.publication_id)`;
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
      with resolved as (
        update publication_authors a set user_id = n.user_id
        from dblp_names n
        where a.publication_id between ${range.from} and ${range.to}
          and n.name = a.name and a.user_id is distinct from n.user_id and not ${isStaged('a')}
          -- Redundant, but it makes the planner look the range's names up by index instead
          -- of hashing every DBLP name once per range (a cost that grows with the square of
          -- the dump: 4 M names times 400 ranges for the full DBLP).
          and n.name = any(array(
            select x.name from publication_authors x
            where x.publication_id between ${range.from} and ${range.to} and not ${isStaged('x')}))
        returning 1
      )
      select count(*)::integer as count from resolved`,
  );
  return rows[0]?.count ?? 0;
}

/** The constant part of an imported relation, from the helper the crawler uses too. */
const template = importedRelationRow({ kind: 'article', title: '', year: undefined }, 0, 0);
/** A co-author on an imported relation has nothing to answer: DBLP is public record. */
const validatedParty = 1;

/**
 * Phase 3: a publication with at least two distinct known authors has one imported relation
 * (the unique index on publication_id where is_dblp_imported): its creator is the first known
 * author by position, every other distinct known author a validated party. Title, year and
 * creator follow the publication; parties who are no longer authors (or became the creator)
 * are removed; one whose publication drops below two known authors becomes inactive (0) and
 * comes back when it has them again. A relation someone deleted (2) stays deleted.
 */
export async function upsertImportedRelations(db: Db, range: IdRange): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
      with authors as (
        select publication_id, user_id, min(position) as first_position
        from publication_authors
        where publication_id between ${range.from} and ${range.to} and user_id is not null
        group by publication_id, user_id
      ), eligible as (
        select publication_id, (array_agg(user_id order by first_position))[1] as creator_user_id
        from authors
        group by publication_id
        having count(*) >= 2
      ), written as (
        insert into relations as r (type_id, creator_user_id, status, end_year, title, title_key,
          publication_id, paper_type, source, is_dblp_imported)
        select ${template.typeId}, e.creator_user_id, ${template.status}, p.year, p.title,
          p.title_key, p.id, p.paper_type, ${template.source}, true
        from eligible e join publications p on p.id = e.publication_id
        on conflict (publication_id) where is_dblp_imported do update set
          creator_user_id = excluded.creator_user_id, end_year = excluded.end_year,
          title = excluded.title, title_key = excluded.title_key,
          paper_type = excluded.paper_type,
          status = case when r.status = 0 then excluded.status else r.status end,
          updated_at = now()
        where r.status = 0
           or (r.creator_user_id, r.end_year, r.title, r.title_key, r.paper_type)
          is distinct from (excluded.creator_user_id, excluded.end_year, excluded.title,
            excluded.title_key, excluded.paper_type)
        returning (r.xmax = 0) as is_new
      )
      select count(*)::integer as count from written where is_new`,
  );
  // Fewer than two known authors left (as the crawler decides too): inactive, not deleted.
  // The publications that still have two are counted once for the whole range (one scan and
  // a hashed lookup), not once per relation: a per-relation count ran for every relation of
  // every range, ~1.5 M index scans on the 1 GB dump, though a first import changes none.
  await db.execute(sql`
    update relations r set status = 0, updated_at = now()
    where r.is_dblp_imported and r.status = 1
      and r.publication_id between ${range.from} and ${range.to}
      and r.publication_id not in (
        select a.publication_id from publication_authors a
        where a.publication_id between ${range.from} and ${range.to} and a.user_id is not null
        group by a.publication_id
        having count(distinct a.user_id) >= 2)`);
  // The first condition is redundant but lets the planner fetch the range's parties by index;
  // without it, it scanned the whole of relation_parties (millions of rows) for every range.
  await db.execute(sql`
    delete from relation_parties rp
    using relations r
    where rp.relation_id = any(array(
        select x.id from relations x
        where x.is_dblp_imported and x.publication_id between ${range.from} and ${range.to}))
      and rp.relation_id = r.id and r.is_dblp_imported
      and r.publication_id between ${range.from} and ${range.to}
      and (rp.user_id = r.creator_user_id
        or not exists (select 1 from publication_authors a
                       where a.publication_id = r.publication_id and a.user_id = rp.user_id))`);
  await db.execute(sql`
    insert into relation_parties (relation_id, user_id, status)
    select distinct r.id, a.user_id, ${validatedParty}::smallint
    from relations r
    join publication_authors a on a.publication_id = r.publication_id
    where r.is_dblp_imported and r.publication_id between ${range.from} and ${range.to}
      and a.user_id is not null and a.user_id <> r.creator_user_id
    on conflict (relation_id, user_id) do nothing`);
  return rows[0]?.count ?? 0;
}

export async function countImportedRelations(db: Db): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::integer as count from relations where is_dblp_imported`,
  );
  return row?.count ?? 0;
}
