// Query-builder queries built once per database handle, then only run with new values
// (docs/architecture.md, "Queries built once"; figures in docs/benchmarks.md, "Queries built
// once"). Drizzle builds a query's text from its parts every time one runs: it walks the parts,
// checks each one's kind and escapes every column name. For the statements every page sends,
// that was a third of a served call's CPU. A query written with `sql.placeholder` for what
// changes between calls is built and prepared the first time a database handle (or a
// transaction) runs it, and after that only executed. It is given no name of its own: each
// engine names a text as it names every other (statement-names.ts, through named-statements.ts
// and pglite-statements.ts), so PostgreSQL keeps one prepared statement for it per connection.
import type { Db } from './client.ts';

interface Preparable<Prepared> {
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
      prepared = build(db).prepare('');
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
