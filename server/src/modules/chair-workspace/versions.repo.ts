// The matrix versions' tables (docs/data-model.md, "Matrix versions"): matrix_versions, one row
// per version, and matrix_version_pairs, each line of HotCRP's assignment file stored once for
// the run of versions that hold it. A version that changes one member's lines writes those
// lines only; what changed between two versions is read from the lines opened or closed between
// them, without reading either version whole.
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { VersionPair } from '@recuse/common';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { toBooleanArray, toIntArray, toTextArray } from '../../db/arrays.ts';
import { matrixVersionPairs, matrixVersions } from '../../db/schema.ts';

export type VersionRow = typeof matrixVersions.$inferSelect;
export type VersionCause = VersionRow['cause'];

/** The newest version, or with `exported`, the one whose file last went to HotCRP. */
export async function findLatestVersion(
  db: Db,
  conferenceId: number,
  { exported = false } = {},
): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(matrixVersions)
    .where(
      and(
        eq(matrixVersions.conferenceId, conferenceId),
        exported ? isNotNull(matrixVersions.exportedAt) : undefined,
      ),
    )
    .orderBy(...(exported ? [desc(matrixVersions.exportedAt)] : []), desc(matrixVersions.number))
    .limit(1);
  return row;
}

export async function listVersions(db: Db, conferenceId: number): Promise<VersionRow[]> {
  return db
    .select()
    .from(matrixVersions)
    .where(eq(matrixVersions.conferenceId, conferenceId))
    .orderBy(desc(matrixVersions.number));
}

export async function insertVersion(
  db: Db,
  version: Pick<VersionRow, 'conferenceId' | 'number' | 'cause' | 'pairCount' | 'createdBy'>,
): Promise<VersionRow> {
  const [row] = await db.insert(matrixVersions).values(version).returning();
  return row!;
}

export async function markExported(db: Db, versionId: number): Promise<VersionRow> {
  const [row] = await db
    .update(matrixVersions)
    .set({ exportedAt: sql`now()` })
    .where(eq(matrixVersions.id, versionId))
    .returning();
  return row!;
}

/** A stored line: its columns are named as the wire names a line's fields, and its row id. */
export interface StoredPair extends VersionPair {
  id: number;
}

const pairColumns = sql`id, paper, member_email, action, conflict, is_provisional, is_pinned`;

/** The lines version `number` holds. */
export async function listPairsOfVersion(
  db: Db,
  conferenceId: number,
  number: number,
): Promise<StoredPair[]> {
  const rows = await queryRows<StoredPair>(
    db,
    sql`select ${pairColumns} from matrix_version_pairs
         where conference_id = ${conferenceId} and from_version <= ${number}
           and (until_version is null or until_version > ${number})`,
  );
  return rows;
}

/** The lines the newest version holds; with `memberEmail`, that member's only. */
export async function listOpenPairs(
  db: Db,
  conferenceId: number,
  memberEmail?: string,
): Promise<StoredPair[]> {
  const rows = await queryRows<StoredPair>(
    db,
    sql`select ${pairColumns} from matrix_version_pairs
         where conference_id = ${conferenceId} and until_version is null
           ${memberEmail === undefined ? sql`` : sql`and member_email = ${memberEmail}`}`,
  );
  return rows;
}

/**
 * What changed from version `since` (0: before the first) to the newest: the lines the newest
 * holds that `since` did not (`opened`), and the lines `since` held that the newest does not
 * (`closed`). A line closed and opened again unchanged is in both.
 */
export async function listPairsChangedSince(
  db: Db,
  conferenceId: number,
  since: number,
): Promise<{ opened: StoredPair[]; closed: StoredPair[] }> {
  const [opened, closed] = await Promise.all([
    queryRows<StoredPair>(
      db,
      sql`select ${pairColumns} from matrix_version_pairs
           where conference_id = ${conferenceId} and from_version > ${since}
             and until_version is null`,
    ),
    queryRows<StoredPair>(
      db,
      sql`select ${pairColumns} from matrix_version_pairs
           where conference_id = ${conferenceId} and until_version > ${since}
             and from_version <= ${since}`,
    ),
  ]);
  return { opened, closed };
}

/** The newest version no longer holds these lines from version `number` on. */
export async function closePairs(db: Db, ids: readonly number[], number: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(matrixVersionPairs)
    .set({ untilVersion: number })
    .where(sql`${matrixVersionPairs.id} = any(${toIntArray(ids)})`);
}

/** Lines per INSERT: each column one array parameter, a megabyte or so at this many. */
const insertBatch = 20_000;

/**
 * These lines hold from version `number` on. One statement per batch, each column an array
 * (unnest): a matrix's first version is 40,000 lines or more at 500 members, and a row of nine
 * parameters each was 43 statements whose building cost more than their writing.
 */
export async function openPairs(
  db: Db,
  conferenceId: number,
  pairs: readonly VersionPair[],
  number: number,
): Promise<void> {
  for (let start = 0; start < pairs.length; start += insertBatch) {
    const batch = pairs.slice(start, start + insertBatch);
    await db.execute(
      sql`insert into matrix_version_pairs
            (conference_id, paper, member_email, action, conflict, is_provisional, is_pinned,
             from_version)
          select ${conferenceId}::int, l.paper, l.member_email, l.action, l.conflict,
                 l.is_provisional, l.is_pinned, ${number}::int
            from unnest(${toIntArray(batch.map((pair) => pair.paper))},
                        ${toTextArray(batch.map((pair) => pair.member_email))},
                        ${toTextArray(batch.map((pair) => pair.action))},
                        ${toTextArray(batch.map((pair) => pair.conflict))},
                        ${toBooleanArray(batch.map((pair) => pair.is_provisional))},
                        ${toBooleanArray(batch.map((pair) => pair.is_pinned))})
                 as l(paper, member_email, action, conflict, is_provisional, is_pinned)`,
    );
  }
}
