// Phase 2 of the dump import, set-based over a range of publication ids so each range is one
// short transaction with its checkpoint: authors resolved to people by name. Phase 3 is
// syncImportedRelations (../imported-relations.repo.ts), shared with the crawler. Both only
// change rows that differ, so running them again over the same data changes nothing.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

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

export async function countImportedRelations(db: Db): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::integer as count from relations where is_dblp_imported`,
  );
  return row?.count ?? 0;
}
