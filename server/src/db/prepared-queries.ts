// Query-builder queries built once per database handle, then only run with new values
// (docs/architecture.md, "Queries built once"; figures in docs/benchmarks.md, "Queries built
// once"). Drizzle builds a query's text from its parts every time one runs: it walks the parts,
// checks each one's kind and escapes every column name. For the statements every page sends,
// that was a third of a served call's CPU. A query written with `sql.placeholder` for what
// changes between calls is built and prepared the first time a database handle (or a
// transaction) runs it, and after that only executed. Its name is the one statementNameFor gives
// its text, so each PostgreSQL connection keeps one prepared statement for it however it is
// reached, and PGlite prepares it as it prepares the rest (pglite-statements.ts).
import type { Db } from './client.ts';
import { statementNameFor } from './statement-names.ts';

interface Preparable<Prepared> {
  toSQL(): { sql: string };
  prepare(name: string): Prepared;
}

/**
 * The query `build` writes, prepared once for each database handle it is asked for. `build` must
 * give the same text every time: what varies goes in placeholders.
 */
export function preparedOnce<Prepared>(
  build: (db: Db) => Preparable<Prepared>,
): (db: Db) => Prepared {
  const byHandle = new WeakMap<Db, Prepared>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (prepared === undefined) {
      const query = build(db);
      // Past statementNameFor's cap a text goes unnamed, as any other would.
      prepared = query.prepare(statementNameFor(query.toSQL().sql, true) ?? '');
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
