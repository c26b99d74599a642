// The SQL conditions that say which relations and parties still count, named once so every
// query (the relations list, the duplicate checks, the people a user knows, the conflict
// lists) reads the same rule (docs/product.md, "Status codes").
import { sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { relationStatus } from '@recuse/common';

// Literals rather than bound parameters: each condition is the same fixed text in every
// statement, as it was when written by hand.
const literal = (status: number) => sql.raw(String(status));
const inactive = literal(relationStatus.inactive);
const validated = literal(relationStatus.validated);
const setForDeletion = literal(relationStatus.setForDeletion);
const pending = literal(relationStatus.pending);
const disputed = literal(relationStatus.disputed);

/**
 * A live relation: neither inactive (0) nor set for deletion (2). `status` is the relation's
 * status column, a Drizzle column or raw SQL such as sql`r.status`.
 */
export function isLiveRelation(status: SQLWrapper): SQL {
  return sql`${status} not in (${inactive}, ${setForDeletion})`;
}

/** A party still on its relation: not removed (2). */
export function isPartyNotRemoved(status: SQLWrapper): SQL {
  return sql`${status} <> ${setForDeletion}`;
}

/**
 * A party that counts towards conflicts: pending, accepted or disputed (neither inactive nor
 * removed), spelled as the list of statuses so the party index serves it.
 */
export function isCountingParty(status: SQLWrapper): SQL {
  return sql`${status} in (${validated}, ${pending}, ${disputed})`;
}
