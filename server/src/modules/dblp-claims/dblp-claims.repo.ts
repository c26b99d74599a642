// Queries for DBLP claims (docs/dblp.md, "Claims"). Every function takes the connection
// first, so the service runs several of them in one transaction.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { dblpClaims, dblpNames, dblpPeople, users } from '../../db/schema.ts';

export type DblpClaim = typeof dblpClaims.$inferSelect;
export type ClaimState = DblpClaim['state'];

/**
 * Serialises the claims and decisions on one pid until the transaction ends, so two accounts
 * claiming it at once see each other (and both claims are disputed).
 */
export async function lockPid(db: Db, pid: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`dblp-claim:${pid}`}, 0))`);
}

/** Provisional and disputed claims: the ones awaiting a decision. */
export const openStates: readonly ClaimState[] = ['provisional', 'disputed'];

export async function findOpenClaimOf(db: Db, userId: number): Promise<DblpClaim | undefined> {
  const [claim] = await db
    .select()
    .from(dblpClaims)
    .where(and(eq(dblpClaims.userId, userId), inArray(dblpClaims.state, [...openStates])));
  return claim;
}

/** The open claims of other accounts on the same pid. */
export async function findOtherOpenClaims(
  db: Db,
  pid: string,
  userId: number,
): Promise<DblpClaim[]> {
  return db
    .select()
    .from(dblpClaims)
    .where(
      and(
        eq(dblpClaims.pid, pid),
        ne(dblpClaims.userId, userId),
        inArray(dblpClaims.state, [...openStates]),
      ),
    )
    .orderBy(asc(dblpClaims.id));
}

export async function findClaim(db: Db, claimId: number): Promise<DblpClaim | undefined> {
  const [claim] = await db.select().from(dblpClaims).where(eq(dblpClaims.id, claimId));
  return claim;
}

/** The claim, locked until the transaction ends: one decision at a time. */
export async function lockClaim(db: Db, claimId: number): Promise<DblpClaim | undefined> {
  const [claim] = await db
    .select()
    .from(dblpClaims)
    .where(eq(dblpClaims.id, claimId))
    .for('update');
  return claim;
}

export async function insertClaim(
  db: Db,
  claim: typeof dblpClaims.$inferInsert,
): Promise<DblpClaim> {
  const [row] = await db.insert(dblpClaims).values(claim).returning();
  return row!;
}

export async function updateClaim(
  db: Db,
  claimId: number,
  changes: Partial<typeof dblpClaims.$inferInsert>,
): Promise<DblpClaim> {
  const [row] = await db
    .update(dblpClaims)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(dblpClaims.id, claimId))
    .returning();
  return row!;
}

/** The claims awaiting a decision, oldest first, with who claims, who holds and who disputes. */
export async function listOpenClaims(db: Db) {
  const claimant = alias(users, 'claimant');
  const holder = alias(users, 'holder');
  const disputer = alias(users, 'disputer');
  return db
    .select({
      claim: dblpClaims,
      claimant: {
        id: claimant.id,
        firstName: claimant.firstName,
        lastName: claimant.lastName,
        email: claimant.email,
        isEmailConfirmed: claimant.isEmailConfirmed,
      },
      holder: {
        id: holder.id,
        kind: holder.kind,
        firstName: holder.firstName,
        lastName: holder.lastName,
        dblpName: holder.dblpName,
      },
      disputer: { id: disputer.id, firstName: disputer.firstName, lastName: disputer.lastName },
    })
    .from(dblpClaims)
    .innerJoin(claimant, eq(claimant.id, dblpClaims.userId))
    .leftJoin(holder, eq(holder.dblpPid, dblpClaims.pid))
    .leftJoin(disputer, eq(disputer.id, dblpClaims.disputedByUserId))
    .where(inArray(dblpClaims.state, [...openStates]))
    .orderBy(asc(dblpClaims.createdAt), asc(dblpClaims.id));
}

/** The open claims other accounts make on a pid the user holds. */
export async function listOpenClaimsOnPid(db: Db, pid: string, holderId: number) {
  return db
    .select({
      claim: dblpClaims,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(dblpClaims)
    .innerJoin(users, eq(users.id, dblpClaims.userId))
    .where(
      and(
        eq(dblpClaims.pid, pid),
        ne(dblpClaims.userId, holderId),
        inArray(dblpClaims.state, [...openStates]),
      ),
    )
    .orderBy(asc(dblpClaims.id));
}

/**
 * Hands a DBLP person from one account to another: the names DBLP gives the person, the
 * authorships written under those names, and the pid. Answers the publications whose imported
 * relations must follow (syncImportedRelations). The earlier holder's crawl state goes; their
 * own relations, profile and everything else stay theirs.
 */
export async function transferDblpPerson(
  db: Db,
  ids: { fromUserId: number; intoUserId: number; pid: string },
): Promise<{ publicationIds: number[] }> {
  const { fromUserId, intoUserId, pid } = ids;
  const moved = await queryRows<{ publication_id: number }>(
    db,
    sql`update publication_authors set user_id = ${intoUserId}
         where user_id = ${fromUserId}
           and name in (select name from dblp_names where user_id = ${fromUserId})
        returning publication_id`,
  );
  await db.update(dblpNames).set({ userId: intoUserId }).where(eq(dblpNames.userId, fromUserId));
  await db.delete(dblpPeople).where(eq(dblpPeople.userId, fromUserId));
  await db
    .update(users)
    .set({ dblpPid: null, dblpName: null, updatedAt: new Date() })
    .where(and(eq(users.id, fromUserId), eq(users.dblpPid, pid)));
  return { publicationIds: [...new Set(moved.map((row) => row.publication_id))] };
}
