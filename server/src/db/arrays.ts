// Lists sent to PostgreSQL as one typed array parameter, so a statement is the same whatever
// the list's length (one prepared plan, no parameter limit): `x = any(${toIntArray(ids)})`.
import type { SQL } from 'drizzle-orm';
import { Placeholder, sql } from 'drizzle-orm';

export function toIntArray(values: readonly number[]): SQL {
  return sql`${`{${values.join(',')}}`}::int[]`;
}

/**
 * Ids as `isAmongIds` takes them: a list, or one id left to a placeholder, for a statement built
 * once and run for one user after another (prepared-queries.ts, `StatementsBuiltOnce`).
 */
export type Ids = readonly number[] | Placeholder;

/** The ids without repeats; a placeholder as it is. */
export function distinctIds(ids: Ids): Ids {
  return ids instanceof Placeholder ? ids : [...new Set(ids)];
}

/**
 * `column = any(ids)`, spelled `column = id` when there is one id (or a placeholder for one).
 * PostgreSQL plans an array parameter of a prepared statement as if it held ten values and a
 * constant one by its length; with one id (a researcher's own conflict list) the plans for the
 * actual value always looked cheaper than the shared plan, so it planned the statement anew on
 * every call, which cost more than running it (docs/benchmarks.md, "Plans that read whole
 * tables").
 */
export function isAmongIds(column: SQL, ids: Ids): SQL {
  if (ids instanceof Placeholder) return sql`${column} = ${ids}::int`;
  return ids.length === 1
    ? sql`${column} = ${ids[0]}::int`
    : sql`${column} = any(${toIntArray(ids)})`;
}

/**
 * Each value quoted as an array literal's element (quotes and backslashes escaped); null as
 * NULL.
 */
export function toTextArray(values: ReadonlyArray<string | null>): SQL {
  const quoted = values.map((value) =>
    value === null ? 'NULL' : `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
  );
  return sql`${`{${quoted.join(',')}}`}::text[]`;
}

export function toBooleanArray(values: readonly boolean[]): SQL {
  return sql`${`{${values.map((value) => (value ? 't' : 'f')).join(',')}}`}::boolean[]`;
}
