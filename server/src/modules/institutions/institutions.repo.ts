// Queries for institutions. Names are found by their search keys (institutionKey), which are
// computed in TypeScript and stored with each institution.
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { institutionStatus } from '@recuse/common';
import type { Db } from '../../db/client.ts';
import { affiliations, institutions, positions } from '../../db/schema.ts';

export type Institution = typeof institutions.$inferSelect;

/** Statuses an affiliation may name: approved, or awaiting approval. */
const usableStatuses = [institutionStatus.approved, institutionStatus.awaitingApproval];

export async function findUsableInstitutionsByIds(
  db: Db,
  ids: readonly number[],
): Promise<Array<Pick<Institution, 'id' | 'mergedIntoId'>>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: institutions.id, mergedIntoId: institutions.mergedIntoId })
    .from(institutions)
    .where(and(inArray(institutions.id, [...ids]), inArray(institutions.status, usableStatuses)));
}

/**
 * The institution a typed name means: one whose name has that key, else one with it as an
 * alias; approved before awaiting approval, oldest first.
 */
export async function findInstitutionByKey(
  db: Db,
  key: string,
): Promise<Pick<Institution, 'id' | 'mergedIntoId'> | undefined> {
  const [row] = await db
    .select({ id: institutions.id, mergedIntoId: institutions.mergedIntoId })
    .from(institutions)
    .where(
      and(
        inArray(institutions.status, usableStatuses),
        or(eq(institutions.nameKey, key), sql`${institutions.aliasKeys} @> array[${key}]::text[]`),
      ),
    )
    .orderBy(
      desc(sql`${institutions.nameKey} = ${key}`),
      asc(institutions.status),
      asc(institutions.id),
    )
    .limit(1);
  return row;
}

/**
 * Serialises proposals of new institutions until the transaction ends, so two people typing
 * the same new name at once create it once. Proposals are rare; one lock is enough.
 */
export async function lockInstitutionProposals(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${institutionProposalLockKey})`);
}
const institutionProposalLockKey = 7_310_001;

/** The institution's row, locked until the transaction ends. */
export async function lockInstitution(db: Db, id: number): Promise<Institution | undefined> {
  const [row] = await db.select().from(institutions).where(eq(institutions.id, id)).for('update');
  return row;
}

export async function setInstitutionStatus(db: Db, id: number, status: number): Promise<void> {
  await db
    .update(institutions)
    .set({ status, updatedAt: new Date() })
    .where(eq(institutions.id, id));
}

export async function insertInstitution(
  db: Db,
  institution: typeof institutions.$inferInsert,
): Promise<Institution> {
  const [row] = await db.insert(institutions).values(institution).returning();
  return row!;
}

/**
 * What a person may pick from: approved institutions, and those awaiting approval that they
 * proposed or are affiliated with. Merged institutions are left out (their target is listed).
 */
export async function listSelectableInstitutions(db: Db, userId: number) {
  const isTheirs = or(
    eq(institutions.createdByUserId, userId),
    sql`exists (select 1 from ${affiliations}
                 where ${affiliations.institutionId} = ${institutions.id}
                   and ${affiliations.userId} = ${userId})`,
  );
  return db
    .select({ id: institutions.id, name: institutions.name, status: institutions.status })
    .from(institutions)
    .where(
      and(
        isNull(institutions.mergedIntoId),
        or(
          eq(institutions.status, institutionStatus.approved),
          and(eq(institutions.status, institutionStatus.awaitingApproval), isTheirs),
        ),
      ),
    )
    .orderBy(asc(institutions.name), asc(institutions.id));
}

/** The user's affiliations with their institution and position, for per-institution summaries. */
export async function listAffiliationsWithInstitution(db: Db, userId: number) {
  return db
    .select({
      institutionId: institutions.id,
      institutionName: institutions.name,
      institutionStatus: institutions.status,
      positionName: positions.name,
      startDate: affiliations.startDate,
      endDate: affiliations.endDate,
      isCurrent: affiliations.isCurrent,
    })
    .from(affiliations)
    .innerJoin(institutions, eq(institutions.id, affiliations.institutionId))
    .leftJoin(positions, eq(positions.id, affiliations.positionId))
    .where(eq(affiliations.userId, userId))
    .orderBy(asc(institutions.name), asc(institutions.id), asc(affiliations.startDate));
}
