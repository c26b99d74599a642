// A background of unrelated people and papers at DBLP's scale, for the relations-list
// benchmark (npm run bench:api) to measure the prolific author's list among millions.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/**
 * Unrelated people and papers in DBLP's proportions (per person 0.4 imported papers and 1.2
 * party rows, three co-authors a paper), then ANALYZE as autovacuum would do after an import:
 * the query plans worth measuring are the ones PostgreSQL picks on big tables with statistics.
 * Set-based SQL, so a million people take a minute or two on PostgreSQL.
 */
export async function seedBackground(db: Db, peopleCount: number): Promise<void> {
  if (peopleCount <= 0) return;
  const paperCount = Math.round(peopleCount * 0.4);
  await db.execute(sql`
    insert into users (kind, first_name, last_name, dblp_pid, dblp_name)
    select 'dblp_only', 'Background' || g, 'Person' || (g % 1000), 'background/' || g,
           'Background' || g || ' Person' || (g % 1000)
      from generate_series(1, ${peopleCount}) g`);
  // Creators and co-authors are spread over the people by multiplying with primes.
  await db.execute(sql`
    with people as (select min(id) as first_id from users where dblp_pid like 'background/%')
    insert into relations (type_id, creator_user_id, status, end_year, title, title_key,
                           is_dblp_imported)
    select 3, people.first_id + ((g::bigint * 7919) % ${peopleCount})::int, 1, 1970 + g % 56,
           'Background paper ' || g, 'background paper ' || g, true
      from people, generate_series(1, ${paperCount}) g`);
  await db.execute(sql`
    with people as (select min(id) as first_id from users where dblp_pid like 'background/%')
    insert into relation_parties (relation_id, user_id, status)
    select r.id, people.first_id + ((r.id::bigint * k * 104729) % ${peopleCount})::int, 1
      from people, relations r, generate_series(1, 3) k
     where r.title_key like 'background paper %'
    on conflict do nothing`);
  await db.execute(sql`analyze`);
}
