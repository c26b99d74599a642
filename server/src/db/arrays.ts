// Lists sent to PostgreSQL as one typed array parameter, so a statement is the same whatever
// the list's length (one prepared plan, no parameter limit): `x = any(${toIntArray(ids)})`.
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

export function toIntArray(values: readonly number[]): SQL {
  return sql`${`{${values.join(',')}}`}::int[]`;
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
