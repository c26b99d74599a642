// Queries for accounts and their tokens. Every function takes the connection first, so a
// service can run several of them in one transaction.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { NewUser, User } from '../../db/schema.ts';
import { tokens, users } from '../../db/schema.ts';
import type { SessionUser } from '../../http/authenticate.ts';

export type TokenKind = (typeof tokens.$inferSelect)['kind'];
export type Token = typeof tokens.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

/**
 * The account an address signs in to: the person whose primary address it is, or else the
 * newest account whose sign-up with that address still waits for its confirmation link (it
 * then hears that it must confirm first). A pending new address of a confirmed account never
 * signs in.
 */
export async function findSignInAccount(db: Db, email: string): Promise<User | undefined> {
  const user = await findUserByEmail(db, email);
  if (user?.kind === 'registered') return user;
  const [waiting] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.kind, 'registered'),
        isNull(users.email),
        sql`lower(${users.pendingEmail}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(desc(users.id))
    .limit(1);
  return waiting ?? user;
}

export async function findUserByDblpPid(db: Db, pid: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.dblpPid, pid));
  return user;
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function insertUser(db: Db, user: NewUser): Promise<User> {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

export async function updateUser(db: Db, id: number, changes: Partial<NewUser>): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/**
 * Takes over an invited or DBLP-only user row, but only while it still is of that kind: when
 * two sign-ups claim the same row at once, the later one updates nothing and gets undefined.
 */
export async function claimUser(
  db: Db,
  id: number,
  expectedKind: User['kind'],
  changes: Partial<NewUser>,
): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.kind, expectedKind)))
    .returning();
  return row;
}

/**
 * Counts one failed sign-in in a single statement (so concurrent attempts cannot lose
 * counts) and locks the account when this failure is the fifth in a row.
 */
export async function recordFailedLogin(
  db: Db,
  userId: number,
  policy: { maxFailures: number; lockMinutes: number },
): Promise<{ isLocked: boolean }> {
  const [row] = await queryRows<{ locked_until: Date | string | null }>(
    db,
    sql`
    update users
       set failed_login_count = case when failed_login_count + 1 >= ${policy.maxFailures}
                                     then 0 else failed_login_count + 1 end,
           locked_until = case when failed_login_count + 1 >= ${policy.maxFailures}
                               then now() + make_interval(mins => ${policy.lockMinutes})
                               else locked_until end
     where id = ${userId}
    returning locked_until`,
  );
  const lockedUntil = row?.locked_until;
  return { isLocked: lockedUntil != null && new Date(lockedUntil).getTime() > Date.now() };
}

/**
 * The lockout of an address that has no account, kept in the rate-limit table under `key`:
 * the same five failures in a row and fifteen minutes as an account (recordFailedLogin), so
 * a locked answer tells nothing about who has an account. `hits` counts the failures in a
 * row; the fifth sets `resets_at` to the end of the lock. A count is forgotten after
 * `memoryHours` without a failure (an account's count is not), so strangers' addresses do
 * not pile up in the table.
 */
export async function recordFailedLoginForAddress(
  db: Db,
  key: string,
  policy: { maxFailures: number; lockMinutes: number; memoryHours: number },
): Promise<{ isLocked: boolean }> {
  const [row] = await queryRows<{ hits: number }>(
    db,
    sql`
    insert into rate_limits as counter (key, hits, resets_at)
    values (${key}, 1, now() + make_interval(hours => ${policy.memoryHours}))
    on conflict (key) do update
       set hits = case when counter.resets_at <= now() then 1 else counter.hits + 1 end,
           resets_at = case
             when counter.resets_at > now() and counter.hits + 1 >= ${policy.maxFailures}
             then now() + make_interval(mins => ${policy.lockMinutes})
             else now() + make_interval(hours => ${policy.memoryHours}) end
    returning hits`,
  );
  return { isLocked: Number(row?.hits) >= policy.maxFailures };
}

/** Whether an address without an account is locked (recordFailedLoginForAddress). */
export async function isAddressLocked(
  db: Db,
  key: string,
  policy: { maxFailures: number },
): Promise<boolean> {
  const [row] = await queryRows<{ hits: number }>(
    db,
    sql`select hits from rate_limits where key = ${key} and resets_at > now()`,
  );
  return row !== undefined && Number(row.hits) >= policy.maxFailures;
}

export async function insertToken(
  db: Db,
  token: {
    userId: number | null;
    kind: TokenKind;
    tokenHash: string;
    expiresAt: Date;
    familyId?: string;
    email?: string;
  },
): Promise<Token> {
  const [row] = await db.insert(tokens).values(token).returning();
  return row!;
}

/** A token of that kind that is neither expired, revoked nor (for single-use kinds) used. */
export async function findLiveToken(
  db: Db,
  kind: TokenKind,
  tokenHash: string,
): Promise<Token | undefined> {
  const [token] = await db
    .select()
    .from(tokens)
    .where(
      and(
        eq(tokens.tokenHash, tokenHash),
        eq(tokens.kind, kind),
        isNull(tokens.revokedAt),
        gt(tokens.expiresAt, new Date()),
      ),
    );
  return token;
}

/** Marks a single-use token used; false when someone else used it first. */
export async function markTokenUsed(db: Db, tokenId: number): Promise<boolean> {
  const rows = await db
    .update(tokens)
    .set({ usedAt: new Date() })
    .where(and(eq(tokens.id, tokenId), isNull(tokens.usedAt)))
    .returning({ id: tokens.id });
  return rows.length === 1;
}

/**
 * Whether a used refresh token may be presented again (refreshSession): it was used at most
 * `graceMs` ago (read afresh: a parallel refresh may just have used it) and no refresh token
 * issued after it in its family has been used since.
 */
export async function isRetryWithinGrace(
  db: Db,
  tokenId: number,
  familyId: string,
  graceMs: number,
): Promise<boolean> {
  if (graceMs <= 0) return false;
  const [row] = await queryRows<{ is_retry: boolean }>(
    db,
    sql`
    select (used_at is not null and used_at > ${new Date(Date.now() - graceMs).toISOString()}::timestamptz
            and not exists (select 1 from tokens later
                             where later.family_id = ${familyId} and later.kind = 'refresh'
                               and later.id > ${tokenId} and later.used_at is not null)) as is_retry
      from tokens where id = ${tokenId}`,
  );
  return row?.is_retry === true;
}

export async function revokeTokenFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(tokens.familyId, familyId), isNull(tokens.revokedAt)));
}

/** Revokes a user's tokens of the given kinds, except those of one sign-in (family). */
export async function revokeUserTokens(
  db: Db,
  userId: number,
  kinds: TokenKind[],
  exceptFamilyId?: string,
): Promise<void> {
  await db.execute(sql`
    update tokens set revoked_at = now()
     where user_id = ${userId} and revoked_at is null
       and kind in (${sql.join(
         kinds.map((kind) => sql`${kind}`),
         sql`, `,
       )})
       ${exceptFamilyId ? sql`and family_id is distinct from ${exceptFamilyId}` : sql``}`);
}

export async function findUserByAccessToken(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionUser; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ user: users, familyId: tokens.familyId, expiresAt: tokens.expiresAt })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .where(
      and(
        eq(tokens.tokenHash, tokenHash),
        eq(tokens.kind, 'access'),
        isNull(tokens.revokedAt),
        gt(tokens.expiresAt, new Date()),
        eq(users.kind, 'registered'),
      ),
    );
  if (!row || !row.familyId) return undefined;
  return { session: { user: row.user, familyId: row.familyId }, expiresAt: row.expiresAt };
}
