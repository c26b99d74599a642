import { and, asc, desc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { affiliationsShownOrder } from '../../db/affiliation-order.ts';
import { preparedOnce } from '../../db/prepared-queries.ts';
import {
  affiliations,
  conferenceChairs,
  institutions,
  notifications,
  positions,
  users,
} from '../../db/schema.ts';
import type { User } from '../../db/schema.ts';

export type Notification = typeof notifications.$inferSelect;
export type Position = typeof positions.$inferSelect;
export type AffiliationRow = typeof affiliations.$inferSelect;
export type NewAffiliation = typeof affiliations.$inferInsert;

export async function insertNotification(db: Db, row: typeof notifications.$inferInsert) {
  await db.insert(notifications).values(row);
}

/** Marks one of the user's own notifications read; false when it is not theirs. */
export async function markNotificationRead(
  db: Db,
  userId: number,
  notificationId: number,
): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

/** Marks every unread notification of a user read; answers how many were unread. */
export async function markAllNotificationsRead(db: Db, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function setShowHelpNotification(
  db: Db,
  userId: number,
  isShown: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ showHelpNotification: isShown, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export interface ProfileSummary {
  /** Newest first. */
  unread: Notification[];
  hasAffiliations: boolean;
  isChair: boolean;
}

/**
 * What the dashboard and the navigation need beside the session's user, in one statement: the
 * unread notifications, newest first, and whether the user has an affiliation (the profile is
 * complete) and chairs a conference (the navigation's Workspace). One row per unread
 * notification, or one row without one; the flags are uncorrelated sub-queries, run once.
 */
export async function findProfileSummary(db: Db, userId: number): Promise<ProfileSummary> {
  const rows = await profileSummary(db).execute({ userId });
  const [first] = rows;
  return {
    unread: rows.flatMap((row) => (row.notification ? [row.notification] : [])),
    hasAffiliations: first?.hasAffiliations === true,
    isChair: first?.isChair === true,
  };
}

const profileSummary = preparedOnce((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      notification: notifications,
      hasAffiliations: sql<boolean>`exists (select 1 from ${affiliations} where ${affiliations.userId} = ${userId})`,
      isChair: sql<boolean>`exists (select 1 from ${conferenceChairs} where ${conferenceChairs.userId} = ${userId})`,
    })
    .from(sql`(select 1) as profile`)
    .leftJoin(notifications, and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
});

/** The user's row, locked until the transaction ends: one profile save at a time. */
export async function lockUser(db: Db, userId: number): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return user!;
}

/** Someone other than the user whose primary or secondary e-mail is this one. */
export async function findOtherUserWithEmail(
  db: Db,
  email: string,
  userId: number,
): Promise<Pick<User, 'id'> | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        or(
          sql`lower(${users.email}) = ${email.toLowerCase()}`,
          sql`lower(${users.secondaryEmail}) = ${email.toLowerCase()}`,
        ),
      ),
    )
    .limit(1);
  return row;
}

export async function updateProfileFields(
  db: Db,
  userId: number,
  fields: Pick<
    User,
    | 'firstName'
    | 'lastName'
    | 'otherName1'
    | 'otherName2'
    | 'email'
    | 'secondaryEmail'
    | 'pendingEmail'
    | 'pendingSecondaryEmail'
    | 'dblpPid'
  >,
): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function setDblpPid(db: Db, userId: number, pid: string | null): Promise<void> {
  await db.update(users).set({ dblpPid: pid, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function listPositions(db: Db): Promise<Position[]> {
  return db.select().from(positions).orderBy(asc(positions.sortOrder), asc(positions.id));
}

export async function findPositionIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: positions.id })
    .from(positions)
    .where(inArray(positions.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** The user's affiliations with institution and position, in affiliationsShownOrder. */
export async function listAffiliations(db: Db, userId: number) {
  return affiliationsOf(db).execute({ userId });
}

const affiliationsOf = preparedOnce((db) =>
  db
    .select({
      affiliation: affiliations,
      institutionName: institutions.name,
      institutionStatus: institutions.status,
      positionName: positions.name,
      isIntern: positions.isIntern,
    })
    .from(affiliations)
    .innerJoin(institutions, eq(institutions.id, affiliations.institutionId))
    .leftJoin(positions, eq(positions.id, affiliations.positionId))
    .where(eq(affiliations.userId, sql.placeholder('userId')))
    .orderBy(affiliationsShownOrder(sql`${affiliations}`)),
);

export async function listAffiliationRows(db: Db, userId: number): Promise<AffiliationRow[]> {
  return db
    .select()
    .from(affiliations)
    .where(eq(affiliations.userId, userId))
    .orderBy(asc(affiliations.id));
}

export async function deleteAffiliationsExcept(
  db: Db,
  userId: number,
  keptIds: readonly number[],
): Promise<void> {
  await db
    .delete(affiliations)
    .where(
      keptIds.length === 0
        ? eq(affiliations.userId, userId)
        : and(eq(affiliations.userId, userId), notInArray(affiliations.id, [...keptIds])),
    );
}

export async function updateAffiliation(
  db: Db,
  userId: number,
  id: number,
  changes: Omit<NewAffiliation, 'id' | 'userId' | 'source'>,
): Promise<void> {
  await db
    .update(affiliations)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(affiliations.id, id), eq(affiliations.userId, userId)));
}

export async function insertAffiliations(db: Db, rows: NewAffiliation[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(affiliations).values(rows);
}
