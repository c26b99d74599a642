// The chair's picks for rows only a name matches (match_picks; docs/data-model.md).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { matchPicks } from '../../db/schema.ts';
import type { WorkspaceFile } from './stored-matches.repo.ts';

export type MatchPickRow = typeof matchPicks.$inferSelect;

/** The conference's picks for one file, by row key. */
export async function listPicks(
  db: Db,
  conferenceId: number,
  file: WorkspaceFile,
): Promise<Map<string, MatchPickRow>> {
  const rows = await db
    .select()
    .from(matchPicks)
    .where(and(eq(matchPicks.conferenceId, conferenceId), eq(matchPicks.file, file)));
  return new Map(rows.map((row) => [row.rowKey, row]));
}

/** Sets (or replaces) the pick of one row; answers the pick before, if any, and after. */
export async function savePick(
  db: Db,
  pick: Pick<
    MatchPickRow,
    'conferenceId' | 'file' | 'rowKey' | 'userId' | 'offeredIds' | 'pickedBy'
  >,
): Promise<{ before: MatchPickRow | undefined; after: MatchPickRow }> {
  const where = and(
    eq(matchPicks.conferenceId, pick.conferenceId),
    eq(matchPicks.file, pick.file),
    eq(matchPicks.rowKey, pick.rowKey),
  );
  const [before] = await db.select().from(matchPicks).where(where).for('update');
  const values = {
    userId: pick.userId,
    offeredIds: pick.offeredIds,
    pickedBy: pick.pickedBy,
    updatedAt: new Date(),
  };
  const [after] = before
    ? await db.update(matchPicks).set(values).where(where).returning()
    : await db
        .insert(matchPicks)
        .values({ ...pick, ...values })
        .returning();
  return { before, after: after! };
}
