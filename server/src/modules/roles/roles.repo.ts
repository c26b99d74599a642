// Queries for roles: the administrators, the registered accounts an administrator searches,
// and the role column itself.
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AccountRole } from '@recuse/common';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { User } from '../../db/schema.ts';

const byName = [asc(users.lastName), asc(users.firstName), asc(users.id)];

/** Every administrator, by name. */
export async function listAdministrators(db: Db): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.kind, 'registered'), eq(users.role, 'admin')))
    .orderBy(...byName);
}

/**
 * The administrators' rows, locked until the transaction ends, so role changes queue up: two
 * administrators revoking each other at once cannot leave nobody in charge.
 */
export async function lockAdministrators(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.kind, 'registered'), eq(users.role, 'admin')))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** A registered account's row, locked; undefined for any other kind of person. */
export async function lockAccount(db: Db, userId: number): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.kind, 'registered')))
    .for('update');
  return row;
}

/** The registered account with this primary address (any case). */
export async function findAccountByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.kind, 'registered')))
    .limit(1);
  return row;
}

export async function setRole(db: Db, userId: number, role: AccountRole): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/**
 * Registered accounts whose name (first last, last first, the DBLP name) starts with the text,
 * ignoring case, accents and punctuation (person_search_key, migration 0003), or whose primary
 * or secondary address contains it. Registered accounts are few beside the DBLP people, and
 * only administrators search them, so this reads them without a dedicated index.
 */
export async function searchAccounts(db: Db, text: string, limit: number): Promise<User[]> {
  const key = sql`person_search_key(${text})`;
  const startsWithKey = (name: SQL) => sql`starts_with(person_search_key(${name}), ${key})`;
  const contains = (address: SQL) =>
    sql`position(${text.toLowerCase()} in lower(coalesce(${address}, ''))) > 0`;
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.kind, 'registered'),
        or(
          and(
            sql`${key} <> ''`,
            or(
              startsWithKey(sql`${users.firstName} || ' ' || ${users.lastName}`),
              startsWithKey(sql`${users.lastName} || ' ' || ${users.firstName}`),
              startsWithKey(sql`coalesce(${users.dblpName}, '')`),
            ),
          ),
          contains(sql`${users.email}`),
          contains(sql`${users.secondaryEmail}`),
        ),
      ),
    )
    .orderBy(...byName)
    .limit(limit);
}
