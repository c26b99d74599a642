// Queries of the institutions' administration: the queue of proposals with what names them,
// the search over every institution, and the moves of a merge.
import { aliasedTable, and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { institutionStatus } from '@recuse/common';
import type { Db } from '../../db/client.ts';
import {
  affiliations,
  institutions,
  notifications,
  positions,
  relations,
  users,
} from '../../db/schema.ts';
import type { Institution } from './institutions.repo.ts';

const proposer = aliasedTable(users, 'proposer');

/** Type 8 relations that still count (not deleted) name their institution. */
const liveRelation = and(eq(relations.typeId, 8), isNull(relations.deletedAt));

const affiliationCount = sql<number>`(select count(*)::int from ${affiliations}
  where ${affiliations.institutionId} = ${institutions.id})`;
const relationCount = sql<number>`(select count(*)::int from ${relations}
  where ${relations.institutionId} = ${institutions.id}
    and ${relations.typeId} = 8 and ${relations.deletedAt} is null)`;

/** The institutions with the name of what they were merged into, their proposer and counts. */
function selectSummaries(db: Db) {
  return db
    .select({
      institution: institutions,
      // A subquery: Drizzle's types lose the row when a table is joined to itself.
      mergedIntoName: sql<string | null>`(select target.name from ${institutions} as target
        where target.id = ${institutions.mergedIntoId})`,
      proposer: {
        id: proposer.id,
        kind: proposer.kind,
        firstName: proposer.firstName,
        lastName: proposer.lastName,
        email: proposer.email,
        dblpName: proposer.dblpName,
      },
      affiliationCount,
      relationCount,
    })
    .from(institutions)
    .leftJoin(proposer, eq(proposer.id, institutions.createdByUserId));
}

/** Proposals awaiting approval and not merged, oldest first. */
export async function listProposals(db: Db) {
  return selectSummaries(db)
    .where(
      and(
        eq(institutions.status, institutionStatus.awaitingApproval),
        isNull(institutions.mergedIntoId),
      ),
    )
    .orderBy(asc(institutions.createdAt), asc(institutions.id));
}

export type InstitutionSummaryRow = Awaited<ReturnType<typeof listProposals>>[number];

export async function findInstitutionSummary(db: Db, id: number) {
  const [row] = await selectSummaries(db).where(eq(institutions.id, id));
  return row;
}

/**
 * Institutions whose name or an alias contains the key (institutionKey: no case, accents or
 * punctuation), by name; every institution when the key is empty. Institutions are thousands
 * at most, and only administrators search them, so this reads the table.
 */
export async function searchInstitutions(db: Db, key: string, limit: number) {
  const matches =
    key === ''
      ? sql`true`
      : or(
          sql`position(${key} in ${institutions.nameKey}) > 0`,
          sql`exists (select 1 from unnest(${institutions.aliasKeys}) as alias_key
                       where position(${key} in alias_key) > 0)`,
        );
  return selectSummaries(db)
    .where(matches)
    .orderBy(asc(sql`lower(${institutions.name})`), asc(institutions.id))
    .limit(limit);
}

/** The affiliations naming the institutions, with the person and the position, by person. */
export async function listAffiliationsAt(db: Db, institutionIds: readonly number[]) {
  if (institutionIds.length === 0) return [];
  return db
    .select({
      id: affiliations.id,
      institutionId: affiliations.institutionId,
      person: users,
      position: positions.name,
      startDate: affiliations.startDate,
      endDate: affiliations.endDate,
      isCurrent: affiliations.isCurrent,
    })
    .from(affiliations)
    .innerJoin(users, eq(users.id, affiliations.userId))
    .leftJoin(positions, eq(positions.id, affiliations.positionId))
    .where(inArray(affiliations.institutionId, [...institutionIds]))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(affiliations.id));
}

/** The type 8 relations (not deleted) naming the institutions, with their creators. */
export async function listRelationsAt(db: Db, institutionIds: readonly number[]) {
  if (institutionIds.length === 0) return [];
  return db
    .select({
      id: relations.id,
      institutionId: relations.institutionId,
      status: relations.status,
      creator: users,
    })
    .from(relations)
    .innerJoin(users, eq(users.id, relations.creatorUserId))
    .where(and(liveRelation, inArray(relations.institutionId, [...institutionIds])))
    .orderBy(asc(relations.id));
}

/** Everyone whose affiliation or live type 8 relation names the institution. */
export async function findPeopleUsing(db: Db, institutionId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: affiliations.userId })
    .from(affiliations)
    .where(eq(affiliations.institutionId, institutionId))
    .union(
      db
        .selectDistinct({ id: relations.creatorUserId })
        .from(relations)
        .where(and(liveRelation, eq(relations.institutionId, institutionId))),
    );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** The rows of several institutions, locked in id order (so two merges cannot deadlock). */
export async function lockInstitutions(db: Db, ids: readonly number[]): Promise<Institution[]> {
  return db
    .select()
    .from(institutions)
    .where(inArray(institutions.id, [...ids]))
    .orderBy(asc(institutions.id))
    .for('update');
}

export async function updateInstitution(
  db: Db,
  id: number,
  changes: Partial<typeof institutions.$inferInsert>,
): Promise<Institution> {
  const [row] = await db
    .update(institutions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(institutions.id, id))
    .returning();
  return row!;
}

/** Another institution (approved or awaiting approval, not merged) known by one of the keys. */
export async function findOtherInstitutionByKeys(db: Db, id: number, keys: readonly string[]) {
  if (keys.length === 0) return undefined;
  const keyArray = sql`array[${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`;
  const [row] = await db
    .select({
      id: institutions.id,
      name: institutions.name,
      nameKey: institutions.nameKey,
      aliasKeys: institutions.aliasKeys,
    })
    .from(institutions)
    .where(
      and(
        sql`${institutions.id} <> ${id}`,
        isNull(institutions.mergedIntoId),
        inArray(institutions.status, [
          institutionStatus.approved,
          institutionStatus.awaitingApproval,
        ]),
        or(
          sql`${institutions.nameKey} = any(${keyArray})`,
          sql`${institutions.aliasKeys} && ${keyArray}`,
        ),
      ),
    )
    .orderBy(asc(institutions.id))
    .limit(1);
  return row;
}

/** Moves the affiliations and type 8 relations of one institution to another; answers their ids. */
export async function moveInstitutionReferences(db: Db, fromId: number, toId: number) {
  const movedAffiliations = await db
    .update(affiliations)
    .set({ institutionId: toId, updatedAt: new Date() })
    .where(eq(affiliations.institutionId, fromId))
    .returning({ id: affiliations.id });
  const movedRelations = await db
    .update(relations)
    .set({ institutionId: toId, updatedAt: new Date() })
    .where(eq(relations.institutionId, fromId))
    .returning({ id: relations.id });
  return {
    affiliationIds: movedAffiliations.map((row) => row.id).sort((a, b) => a - b),
    relationIds: movedRelations.map((row) => row.id).sort((a, b) => a - b),
  };
}

export async function insertNotices(
  db: Db,
  notices: Array<{ userId: number; message: string; rejectReason?: string }>,
) {
  if (notices.length === 0) return;
  await db.insert(notifications).values(
    notices.map((notice) => ({
      userId: notice.userId,
      message: notice.message,
      rejectReason: notice.rejectReason ?? null,
    })),
  );
}
