// Queries of the relation decisions (relation-decisions.service.ts): whether someone chairs a
// conference, the committee rows of the conferences they chair, and the relations a search
// finds.
import { eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { committeeMembers, conferenceChairs, relations } from '../../db/schema.ts';
import { toIntArray } from '../../db/arrays.ts';

export async function chairsAnyConference(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ conferenceId: conferenceChairs.conferenceId })
    .from(conferenceChairs)
    .where(eq(conferenceChairs.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** The committee rows of every conference this user chairs, as their files gave them. */
export async function listChairedCommitteeRows(db: Db, userId: number) {
  return db
    .select({
      line: committeeMembers.line,
      email: committeeMembers.email,
      dblpPid: committeeMembers.dblpPid,
      givenName: committeeMembers.givenName,
      familyName: committeeMembers.familyName,
      affiliation: committeeMembers.affiliation,
    })
    .from(committeeMembers)
    .innerJoin(conferenceChairs, eq(conferenceChairs.conferenceId, committeeMembers.conferenceId))
    .where(eq(conferenceChairs.userId, userId));
}

/**
 * People (any kind) whose name (first last, last first, the DBLP name) starts with the text,
 * ignoring case, accents and punctuation (person_search_key, migration 0003), or whose primary
 * or secondary address contains it. At most `limit`.
 */
export async function searchPeopleIds(db: Db, text: string, limit: number): Promise<number[]> {
  const key = sql`person_search_key(${text})`;
  const startsWithKey = (name: SQL) => sql`starts_with(person_search_key(${name}), ${key})`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from users
         where (${key} <> '' and (
                  ${startsWithKey(sql`first_name || ' ' || last_name`)}
               or ${startsWithKey(sql`last_name || ' ' || first_name`)}
               or ${startsWithKey(sql`coalesce(dblp_name, '')`)}))
            or position(${text.toLowerCase()} in lower(coalesce(email, ''))) > 0
            or position(${text.toLowerCase()} in lower(coalesce(secondary_email, ''))) > 0
         order by id
         limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

/**
 * The relations these people created or are named on (removed or not), newest first; with no
 * people given (`null`), the newest relations of all.
 */
export async function listRelationIdsOf(
  db: Db,
  people: readonly number[] | null,
  limit: number,
): Promise<number[]> {
  if (people === null) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select id from relations order by id desc limit ${limit}`,
    );
    return rows.map((row) => row.id);
  }
  if (people.length === 0) return [];
  const list = toIntArray(people);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from relations where creator_user_id = any(${list})
        union
        select relation_id as id from relation_parties where user_id = any(${list})
        order by id desc
        limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

export async function findRelationsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(relations)
    .where(inArray(relations.id, [...new Set(ids)]));
}
