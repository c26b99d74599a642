// The stored matches of uploaded rows (docs/data-model.md, "Stored matches"): the people
// generation they were worked out at, per conference and file, and the bulk update of the rows
// whose match changed when they are worked out again.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { committeeMembers, conferenceWorkspaces, submissionAuthors } from '../../db/schema.ts';

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
