// Invitations of committee addresses nobody has an account for (committee_invitations), and
// the look-up that tells which addresses are an account's.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { toTextArray } from '../../db/arrays.ts';
import { committeeInvitations, users } from '../../db/schema.ts';
import type { NamedUser } from '../relations/relation-wire.ts';

export interface InvitationRow {
  email: string;
  timesSent: number;
  firstSentAt: Date;
  lastSentAt: Date;
  /** Who sent the latest mail; null once nothing names them. */
  sender: NamedUser | null;
}

/**
 * The addresses (lower case) among `emails` that a registered account holds: its primary
 * address once confirmed, or its secondary one (stored only once confirmed).
 */
export async function findAccountAddresses(
  db: Db,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const list = toTextArray([...new Set(emails.map((email) => email.toLowerCase()))]);
  const rows = await queryRows<{ address: string }>(
    db,
    sql`select lower(u.email) as address from users u
         where u.kind = 'registered' and u.is_email_confirmed and lower(u.email) = any(${list})
        union
        select lower(u.secondary_email) from users u
         where u.kind = 'registered' and lower(u.secondary_email) = any(${list})`,
  );
  return new Set(rows.map((row) => row.address));
}

/** The conference's invitations by address, with who sent the latest. */
export async function listInvitations(
  db: Db,
  conferenceId: number,
): Promise<Map<string, InvitationRow>> {
  const rows = await db
    .select({
      email: committeeInvitations.email,
      timesSent: committeeInvitations.timesSent,
      firstSentAt: committeeInvitations.firstSentAt,
      lastSentAt: committeeInvitations.lastSentAt,
      sender: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        kind: users.kind,
        email: users.email,
        dblpName: users.dblpName,
      },
    })
    .from(committeeInvitations)
    .leftJoin(users, eq(users.id, committeeInvitations.invitedByUserId))
    .where(eq(committeeInvitations.conferenceId, conferenceId));
  return new Map(rows.map((row) => [row.email, row]));
}

/** One more mail sent to the address for the conference, by `userId`. */
export async function recordInvitation(
  db: Db,
  invitation: { conferenceId: number; email: string; userId: number },
): Promise<void> {
  const now = new Date();
  await db
    .insert(committeeInvitations)
    .values({
      conferenceId: invitation.conferenceId,
      email: invitation.email,
      invitedByUserId: invitation.userId,
      firstSentAt: now,
      lastSentAt: now,
    })
    .onConflictDoUpdate({
      target: [committeeInvitations.conferenceId, committeeInvitations.email],
      set: {
        invitedByUserId: invitation.userId,
        timesSent: sql`${committeeInvitations.timesSent} + 1`,
        lastSentAt: now,
      },
    });
}
