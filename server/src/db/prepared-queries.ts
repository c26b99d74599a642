// Query-builder queries built once per database handle, then only run with new values
// (docs/architecture.md, "Queries built once"; figures in docs/benchmarks.md, "Queries built
// once"). Drizzle builds a query's text from its parts every time one runs: it walks the parts,
// checks each one's kind and escapes every column name. For the statements every page sends,
// that was a third of a served call's CPU. A query written with `sql.placeholder` for what
// changes between calls is built and prepared the first time a database handle (or a
// transaction) runs it, and after that only executed. It is given no name of its own: each
// engine names a text as it names every other (statement-names.ts, through named-statements.ts
// and pglite-statements.ts), so PostgreSQL keeps one prepared statement for it per connection.
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

/**
 * Hand-written SQL built once per key and executed with new values for its placeholders: what
 * `preparedOnce` does for the query builder, for a statement whose text depends on more than its
 * values (a conference's rules decide a conflict list's conditions). `key` must name everything
 * `build` reads besides the placeholders; the text for a key is kept for the life of the process,
 * up to `maxKeys` keys, after which the oldest is built again when asked for.
 */
export class StatementsBuiltOnce {
  static readonly maxKeys = 100;
  readonly #dialect = new PgDialect();
  readonly #queries = new Map<string, Query>();

  async rows<Row>(
    db: Db,
    key: string,
    build: () => SQL,
    /** The values of its placeholders, by name. */
    values: Record<string, unknown>,
  ): Promise<Row[]> {
    let query = this.#queries.get(key);
    if (query === undefined) {
      query = this.#dialect.sqlToQuery(build());
      if (this.#queries.size >= StatementsBuiltOnce.maxKeys) {
        this.#queries.delete(this.#queries.keys().next().value!);
      }
      this.#queries.set(key, query);
    }
    // Unnamed, as preparedOnce's: each engine names the text (statement-names.ts).
    const prepared = db._.session.prepareQuery(query, undefined, '', false);
    const result = (await prepared.execute(values)) as { rows: Row[] };
    return result.rows;
  }
}
