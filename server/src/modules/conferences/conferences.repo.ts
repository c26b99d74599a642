// Conferences, their chairs and their rules (docs/conflicts.md, "Rules"). Rules are kept in the
// conference's order (`sort_order`), which decides which rule explains a relation first.
import type { ConflictRule } from '@recuse/common';
import { defaultConflictRules } from '@recuse/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conferenceChairs, conferenceRules, conferences, users } from '../../db/schema.ts';

export type Conference = typeof conferences.$inferSelect;
export type ConferenceRuleRow = typeof conferenceRules.$inferSelect;

export const defaultConferenceName = 'DEFAULT';

export function toConflictRule(row: ConferenceRuleRow): ConflictRule {
  return {
    value: row.value,
    title: row.title,
    relationTypeId: row.relationTypeId,
    checkedDate: row.checkedDate,
    isReadonly: row.isReadonly,
    operation: row.operation,
    numberOfYears: row.numberOfYears,
    numberOfMonths: row.numberOfMonths,
  };
}

/** How a conference is named in a call: its id, or its name (DEFAULT) without regard to case. */
export type ConferenceKey = { id: number } | { name: string };

const conferenceNamed = (key: ConferenceKey) =>
  'id' in key ? eq(conferences.id, key.id) : sql`lower(${conferences.name}) = lower(${key.name})`;

export async function findConference(db: Db, key: ConferenceKey): Promise<Conference | undefined> {
  const [row] = await db.select().from(conferences).where(conferenceNamed(key));
  return row;
}

/**
 * A conference with its rules in its order, in one statement (the conflict list asks for both on
 * every call); undefined when there is no such conference.
 */
export async function findConferenceWithRules(
  db: Db,
  key: ConferenceKey,
): Promise<{ conference: Conference; rules: ConferenceRuleRow[] } | undefined> {
  const rows = await db
    .select({ conference: conferences, rule: conferenceRules })
    .from(conferences)
    .leftJoin(conferenceRules, eq(conferenceRules.conferenceId, conferences.id))
    .where(conferenceNamed(key))
    .orderBy(asc(conferenceRules.sortOrder), asc(conferenceRules.id));
  const [first] = rows;
  if (!first) return undefined;
  return {
    conference: first.conference,
    rules: rows.flatMap((row) => (row.rule ? [row.rule] : [])),
  };
}

/** Every conference, DEFAULT first, then by label. */
export async function listConferences(db: Db): Promise<Conference[]> {
  return db
    .select()
    .from(conferences)
    .orderBy(
      sql`${conferences.name} <> ${defaultConferenceName}`,
      asc(sql`lower(${conferences.label})`),
      asc(conferences.id),
    );
}

/** The rules of some conferences, each conference's in its order. */
export async function listRules(
  db: Db,
  conferenceIds: readonly number[],
): Promise<ConferenceRuleRow[]> {
  if (conferenceIds.length === 0) return [];
  return db
    .select()
    .from(conferenceRules)
    .where(inArray(conferenceRules.conferenceId, [...conferenceIds]))
    .orderBy(
      asc(conferenceRules.conferenceId),
      asc(conferenceRules.sortOrder),
      asc(conferenceRules.id),
    );
}

export async function isChair(db: Db, conferenceId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: conferenceChairs.userId })
    .from(conferenceChairs)
    .where(
      and(eq(conferenceChairs.conferenceId, conferenceId), eq(conferenceChairs.userId, userId)),
    );
  return row !== undefined;
}

/** The ids of the conferences the user chairs. */
export async function listChairedConferenceIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ conferenceId: conferenceChairs.conferenceId })
    .from(conferenceChairs)
    .where(eq(conferenceChairs.userId, userId));
  return new Set(rows.map((row) => row.conferenceId));
}

export async function countConferencesCreatedBy(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(conferences)
    .where(eq(conferences.createdByUserId, userId));
  return row?.count ?? 0;
}

export async function insertConference(
  db: Db,
  values: typeof conferences.$inferInsert,
): Promise<Conference> {
  const [row] = await db.insert(conferences).values(values).returning();
  return row!;
}

export async function addChair(db: Db, conferenceId: number, userId: number): Promise<void> {
  await db.insert(conferenceChairs).values({ conferenceId, userId }).onConflictDoNothing();
}

/** The conference's chairs as accounts, by last and first name. */
export async function listChairs(db: Db, conferenceId: number) {
  return db
    .select({
      id: users.id,
      kind: users.kind,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      dblpName: users.dblpName,
    })
    .from(conferenceChairs)
    .innerJoin(users, eq(users.id, conferenceChairs.userId))
    .where(eq(conferenceChairs.conferenceId, conferenceId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export async function removeChair(db: Db, conferenceId: number, userId: number): Promise<void> {
  await db
    .delete(conferenceChairs)
    .where(
      and(eq(conferenceChairs.conferenceId, conferenceId), eq(conferenceChairs.userId, userId)),
    );
}

export async function updateConference(
  db: Db,
  id: number,
  changes: Pick<typeof conferences.$inferInsert, 'label' | 'referenceDate'>,
): Promise<Conference> {
  const [row] = await db
    .update(conferences)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(conferences.id, id))
    .returning();
  return row!;
}

export async function deleteConference(db: Db, id: number): Promise<void> {
  await db.delete(conferences).where(eq(conferences.id, id));
}

/** The conference's row, locked until the transaction ends: rule changes queue up behind it. */
export async function lockConference(db: Db, id: number): Promise<Conference | undefined> {
  const [row] = await db.select().from(conferences).where(eq(conferences.id, id)).for('update');
  return row;
}

export async function nextRuleOrder(db: Db, conferenceId: number): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${conferenceRules.sortOrder}) + 1, 0)::int` })
    .from(conferenceRules)
    .where(eq(conferenceRules.conferenceId, conferenceId));
  return row?.next ?? 0;
}

/** DEFAULT's rules, in its order, as the rules of a conference (the demo's, and tests'). */
export async function insertDefaultRules(db: Db, conferenceId: number): Promise<void> {
  await db.insert(conferenceRules).values(
    defaultConflictRules.map((rule, index) => ({
      conferenceId,
      value: rule.value,
      title: rule.title,
      relationTypeId: rule.relationTypeId,
      checkedDate: rule.checkedDate,
      isReadonly: rule.isReadonly,
      operation: rule.operation,
      numberOfYears: rule.numberOfYears,
      numberOfMonths: rule.numberOfMonths,
      sortOrder: index,
    })),
  );
}

export async function insertRule(
  db: Db,
  values: typeof conferenceRules.$inferInsert,
): Promise<ConferenceRuleRow> {
  const [row] = await db.insert(conferenceRules).values(values).returning();
  return row!;
}

export async function updateRule(
  db: Db,
  id: number,
  changes: Partial<typeof conferenceRules.$inferInsert>,
): Promise<ConferenceRuleRow> {
  const [row] = await db
    .update(conferenceRules)
    .set(changes)
    .where(eq(conferenceRules.id, id))
    .returning();
  return row!;
}

export async function deleteRule(db: Db, id: number): Promise<void> {
  await db.delete(conferenceRules).where(eq(conferenceRules.id, id));
}
