// The imported co-authorship relations of a set of publications, brought in line with their
// authors. One rule for the crawler (the publications of one person file, by id) and the dump
// import's phase 3 (a range of publication ids), so a paper ends as the same rows whichever
// saw it first:
//
// - a publication that is not retired and has at least two distinct known authors has one
//   imported relation (the unique index on publication_id where is_dblp_imported): type 3,
//   source DBLP (importedRelationRow), created by the first known author by position, every
//   other distinct known author a validated party. Title, year, creator and paper type follow
//   the publication; parties no longer authors (or now the creator) are removed;
// - only the machine's own states move by themselves: validated (1) becomes inactive (0) when
//   the publication is retired or drops below two known authors, and inactive becomes
//   validated again when both are back. A relation a person set for deletion (2) or disputed
//   keeps its status, however often the paper is crawled or imported.
import { relationStatus } from '@recuse/common';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { importedRelationRow } from './dblp-people.ts';

/** The publications to bring in line: a list of ids, or a range of them. */
export type PublicationSelection = { ids: readonly number[] } | { from: number; to: number };

/** The constant part of an imported relation (type, status, source). */
const template = importedRelationRow({ kind: 'article', title: '', year: undefined }, 0, 0);
/** A co-author on an imported relation has nothing to answer: DBLP is public record. */
const validatedParty = 1;
const { inactive, validated } = relationStatus;

/** `column` is one of the selected publication ids. */
function selected(column: string, selection: PublicationSelection): SQL {
  const target = sql.raw(column);
  return 'ids' in selection
    ? sql`${target} = any(${sql.param(selection.ids)}::integer[])`
    : sql`${target} between ${selection.from} and ${selection.to}`;
}

export async function syncImportedRelations(
  db: Db,
  selection: PublicationSelection,
): Promise<{ created: number; written: number }> {
  if ('ids' in selection && selection.ids.length === 0) return { created: 0, written: 0 };
  const [counts] = await queryRows<{ created: number; written: number }>(
    db,
    sql`
      with authors as (
        select publication_id, user_id, min(position) as first_position
        from publication_authors
        where ${selected('publication_id', selection)} and user_id is not null
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
        from eligible e join publications p on p.id = e.publication_id and not p.is_retired
        on conflict (publication_id) where is_dblp_imported do update set
          creator_user_id = excluded.creator_user_id, end_year = excluded.end_year,
          title = excluded.title, title_key = excluded.title_key,
          paper_type = excluded.paper_type,
          status = case when r.status = ${inactive} then excluded.status else r.status end,
          updated_at = now()
        where r.status = ${inactive}
           or (r.creator_user_id, r.end_year, r.title, r.title_key, r.paper_type)
          is distinct from (excluded.creator_user_id, excluded.end_year, excluded.title,
            excluded.title_key, excluded.paper_type)
        returning (r.xmax = 0) as is_new
      )
      select (count(*) filter (where is_new))::integer as created, count(*)::integer as written
      from written`,
  );
  // The publications that still qualify are counted once for the whole selection (one scan
  // and a hashed lookup), not once per relation: ~1.5 M index scans on the 1 GB dump.
  await db.execute(sql`
    update relations r set status = ${inactive}, updated_at = now()
    where r.is_dblp_imported and r.status = ${validated}
      and ${selected('r.publication_id', selection)}
      and (r.publication_id not in (
            select a.publication_id from publication_authors a
            where ${selected('a.publication_id', selection)} and a.user_id is not null
            group by a.publication_id
            having count(distinct a.user_id) >= 2)
        or r.publication_id in (
            select p.id from publications p
            where ${selected('p.id', selection)} and p.is_retired))`);
  // The first condition is redundant but lets the planner fetch the selection's parties by
  // index; without it, it scanned the whole of relation_parties for every range.
  await db.execute(sql`
    delete from relation_parties rp
    using relations r
    where rp.relation_id = any(array(
        select x.id from relations x
        where x.is_dblp_imported and ${selected('x.publication_id', selection)}))
      and rp.relation_id = r.id and r.is_dblp_imported
      and ${selected('r.publication_id', selection)}
      and (rp.user_id = r.creator_user_id
        or not exists (select 1 from publication_authors a
                       where a.publication_id = r.publication_id and a.user_id = rp.user_id))`);
  await db.execute(sql`
    insert into relation_parties (relation_id, user_id, status)
    select distinct r.id, a.user_id, ${validatedParty}::smallint
    from relations r
    join publication_authors a on a.publication_id = r.publication_id
    where r.is_dblp_imported and ${selected('r.publication_id', selection)}
      and a.user_id is not null and a.user_id <> r.creator_user_id
    on conflict (relation_id, user_id) do nothing`);
  return counts ?? { created: 0, written: 0 };
}
