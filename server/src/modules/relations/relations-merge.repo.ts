// Queries for merging two person records (accounts' mergeDblpPerson): removing what would
// become a relation of a person with themselves. The rule is in relations-merge.service.ts.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

/**
 * Before two person records become one (accounts' mergeDblpPerson), removes what would turn
 * into a relation of the person with themselves; see relations-merge.service.ts for the rule.
 * Answers how many rows each step removed.
 */
export async function removeSelfRelations(
  db: Db,
  fromUserId: number,
  intoUserId: number,
): Promise<Record<string, number>> {
  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(db, query))[0]?.n ?? 0;
  const pair = sql`array[${fromUserId}::int, ${intoUserId}::int]`;
  const personRelations = await count(sql`
    with removed as (
      delete from relations r
       where r.type_id in (select id from relation_types where kind = 'person')
         and r.creator_user_id = any (${pair})
         and exists (select 1 from relation_parties p
                      where p.relation_id = r.id and p.user_id = any (${pair})
                        and p.user_id <> r.creator_user_id)
      returning 1)
    select count(*)::int as n from removed`);
  // On a publication-like relation naming both, one of the two rows goes: `from`'s party row,
  // or, when `from` is the creator, `into`'s party row (the creator's side then moves to `into`).
  const fromParties = await count(sql`
    with removed as (
      delete from relation_parties p
       using relations r
       where p.relation_id = r.id and p.user_id = ${fromUserId}
         and (r.creator_user_id = ${intoUserId}
              or exists (select 1 from relation_parties q
                          where q.relation_id = r.id and q.user_id = ${intoUserId}))
      returning 1)
    select count(*)::int as n from removed`);
  const intoParties = await count(sql`
    with removed as (
      delete from relation_parties p
       using relations r
       where p.relation_id = r.id and p.user_id = ${intoUserId}
         and r.creator_user_id = ${fromUserId}
      returning 1)
    select count(*)::int as n from removed`);
  const emptied = await count(sql`
    with removed as (
      delete from relations r
       where r.creator_user_id = any (${pair})
         and r.type_id in (select id from relation_types where kind <> 'institution')
         and not exists (select 1 from relation_parties p where p.relation_id = r.id)
      returning 1)
    select count(*)::int as n from removed`);
  const authorships = await count(sql`
    with removed as (
      delete from publication_authors a
       where a.user_id = ${fromUserId}
         and exists (select 1 from publication_authors b
                      where b.publication_id = a.publication_id and b.user_id = ${intoUserId})
      returning 1)
    select count(*)::int as n from removed`);
  return {
    'relations.self': personRelations + emptied,
    'relation_parties.self': fromParties + intoParties,
    'publication_authors.self': authorships,
  };
}
