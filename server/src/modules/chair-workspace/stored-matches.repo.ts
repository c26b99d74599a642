// The stored matches of uploaded rows (docs/data-model.md, "Stored matches"): the people
// generation they were worked out at, per conference and file, and the bulk update of the rows
// whose match changed when they are worked out again.
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { toIntArray } from '../../db/arrays.ts';
import { committeeMembers, conferenceWorkspaces, submissionAuthors } from '../../db/schema.ts';
import type { CommitteeMemberRow, SubmissionAuthorRow } from './chair-workspace.repo.ts';

/** The uploaded files whose rows are matched to our people. */
export type WorkspaceFile = 'committee' | 'submissions';

/** The stored match columns of a row, as the table gives them. */
export interface StoredMatchColumns {
  matchedUserId: number | null;
  matchedBy: 'email' | 'dblp' | null;
  candidateIds: number[];
  placedInstitutions: unknown;
}

/**
 * The people generation now, and the ones the conference's committee and submissions were
 * matched at (null: not stored). A sequence's value is read outside transactions: a change
 * committed after this read moves it on again.
 */
export async function readMatchGenerations(
  db: Db,
  conferenceId: number,
): Promise<{ current: number } & Record<WorkspaceFile, number | null>> {
  const [row] = await queryRows<{
    current: string;
    committee: string | null;
    submissions: string | null;
  }>(
    db,
    sql`select (case when g.is_called then g.last_value else 0 end)::text as current,
               w.committee_match_generation::text as committee,
               w.submissions_match_generation::text as submissions
          from people_match_generation g
          left join conference_workspaces w on w.conference_id = ${conferenceId}`,
  );
  const number = (value: string | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return {
    current: Number(row!.current),
    committee: number(row!.committee),
    submissions: number(row!.submissions),
  };
}

export async function setMatchGeneration(
  db: Db,
  conferenceId: number,
  file: WorkspaceFile,
  generation: number,
): Promise<void> {
  const column =
    file === 'committee' ? 'committeeMatchGeneration' : ('submissionsMatchGeneration' as const);
  await db
    .insert(conferenceWorkspaces)
    .values({ conferenceId, [column]: generation })
    .onConflictDoUpdate({
      target: conferenceWorkspaces.conferenceId,
      set: { [column]: generation },
    });
}

/** Rows per statement: one JSON parameter each, a few hundred kilobytes. */
const updateBatch = 5000;

/** Writes the matches of these rows (by row id) of the file's table. */
export async function storeRowMatches(
  db: Db,
  file: WorkspaceFile,
  rows: ReadonlyArray<{ id: number } & StoredMatchColumns>,
): Promise<void> {
  const table = file === 'committee' ? committeeMembers : submissionAuthors;
  for (let start = 0; start < rows.length; start += updateBatch) {
    const batch = rows.slice(start, start + updateBatch).map((row) => ({
      id: row.id,
      matched_user_id: row.matchedUserId,
      matched_by: row.matchedBy,
      candidate_ids: row.candidateIds,
      placed_institutions: row.placedInstitutions,
    }));
    // One JSON parameter for the batch: arrays and JSON per row do not unnest column-wise.
    await db.execute(
      sql`update ${table} set matched_user_id = v.matched_user_id, matched_by = v.matched_by,
                 candidate_ids = v.candidate_ids, placed_institutions = v.placed_institutions
            from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
                 as v(id integer, matched_user_id integer, matched_by text,
                      candidate_ids integer[], placed_institutions jsonb)
           where ${table.id} = v.id`,
    );
  }
}

/**
 * The people changed after generation `since` up to `until` (people_match_changes), or
 * undefined when anything may have changed: a step that names no people (an institution, many
 * people at once), or a step with no row (its statement rolled back, or not committed yet: it
 * is not known what it changes).
 */
export async function readChangedPeople(
  db: Db,
  since: number,
  until: number,
): Promise<number[] | undefined> {
  if (until <= since) return [];
  const [row] = await queryRows<{ steps: number; anything: boolean; ids: number[] | null }>(
    db,
    sql`select count(*)::int as steps, coalesce(bool_or(c.user_ids is null), false) as anything,
               (select array_agg(distinct id)
                  from people_match_changes d cross join unnest(d.user_ids) id
                 where d.generation > ${since} and d.generation <= ${until}) as ids
          from people_match_changes c
         where c.generation > ${since} and c.generation <= ${until}`,
  );
  if (!row || row.anything || row.steps !== until - since) return undefined;
  return row.ids ?? [];
}

/**
 * What JavaScript's String.prototype.trim removes (fullName trims the row's name so), for
 * btrim: person_search_key keeps the non-ASCII ones.
 */
const jsWhitespace =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009' +
  '\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/**
 * The rows of the conference's `file` whose match the people `userIds` can change, as they are
 * now or were before: rows matched to one of them or listing one among their candidates, and
 * rows with an address, DBLP pid or name (as findNamesakes compares names) one of them has now;
 * and rows with no stored match. A row matched by someone's old address or pid is matched to
 * them, so their present ones are enough. Ordered as the file lists them.
 */
export async function listRowsTouchedBy(
  db: Db,
  conferenceId: number,
  file: WorkspaceFile,
  userIds: readonly number[],
): Promise<Array<CommitteeMemberRow | SubmissionAuthorRow>> {
  const ids = toIntArray(userIds);
  const table = file === 'committee' ? committeeMembers : submissionAuthors;
  const ofConference =
    file === 'committee'
      ? sql`r.conference_id = ${conferenceId}`
      : sql`r.submission_id in (select id from submissions where conference_id = ${conferenceId})`;
  // The ids the conditions above pick, as a subquery: one statement reads the rows whole.
  const touched = sql`with people as materialized (
          select lower(email) as email, lower(secondary_email) as secondary_email, dblp_pid,
                 first_name, last_name, other_name_1, other_name_2
            from users where id = any(${ids})
        ), names as materialized (
          select person_search_key(first_name || ' ' || last_name) collate "C" as key from people
          union select person_search_key(last_name || ' ' || first_name) collate "C" from people
          union select person_search_key(other_name_1) collate "C" from people
          union select person_search_key(other_name_2) collate "C" from people
        )
        select r.id from ${table} r
         where ${ofConference}
           and (r.placed_institutions is null
                or r.matched_user_id = any(${ids}) or r.candidate_ids && ${ids}
                or lower(r.email) in (select email from people
                                      union select secondary_email from people)
                or r.dblp_pid in (select dblp_pid from people)
                or (person_search_key(btrim(r.given_name || ' ' || r.family_name,
                                            ${jsWhitespace})) collate "C")
                   in (select key from names where key <> ''))`;
  return db
    .select()
    .from(table)
    .where(sql`${table.id} in (${touched})`)
    .orderBy(asc(table.line), asc(table.id));
}
