// Statements prepared once per connection (docs/architecture.md, "database connection";
// figures in docs/benchmarks.md, "Statements per call"). node-postgres sends every query as an
// unnamed statement, which PostgreSQL parses, analyses and plans again on every call: for the
// application's joins that was more than half of the database's CPU per request. A query given a
// name is parsed once per pooled connection and then only bound and executed.
//
// The rule, in statement-names.ts for both engines: the name is a hash of the text, so the
// same query shape gets the same name on every connection and two different texts never share
// one. Only texts with parameters are named (those without are DDL, migrations, BEGIN and
// COMMIT), and only the first `maxNamedTexts` distinct texts a process sees: texts that differ
// per call (a list of values written out one parameter each) would otherwise hold a prepared
// statement each in every connection's memory. PostgreSQL drops a connection's statements when
// the pool closes it.
import pg from 'pg';
import { statementNameFor } from './statement-names.ts';

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/**
 * A node-postgres client that names the queries `statementNameFor` admits, and sends the
 * queries asked of it while one runs (reads started together inside a transaction) one after
 * another, in the order asked, instead of handing them to node-postgres' own queue: that queue
 * is deprecated and goes in node-postgres 9.
 */
export class NamedStatementClient extends pg.Client {
  /** Settles when the last query asked for with a promise has. */
  turn: Promise<unknown> = Promise.resolve();
}

// node-postgres' query has many overloads; this only adds a name to a config object's copy.
NamedStatementClient.prototype.query = function namedQuery(this: pg.Client, ...args: unknown[]) {
  const [config, values] = args as [QueryConfigLike | string, unknown];
  if (typeof config === 'object' && config !== null && typeof config.text === 'string') {
    const parameters = Array.isArray(values) ? values : config.values;
    const hasValues = Array.isArray(parameters) && parameters.length > 0;
    // An empty name is no name: Drizzle's prepared queries pass one (db/prepared-queries.ts).
    if (!config.name) {
      const name = statementNameFor(config.text, hasValues);
      if (name !== undefined) args[0] = { ...config, name };
    }
  }
  // Looked up at each call, so that a wrapper of node-postgres' own query (a benchmark's
  // statement counter) still sees every statement.
  const send = () =>
    (pg.Client.prototype.query as (...rest: unknown[]) => unknown).apply(this, args);
  // Callbacks (pg-pool's own use, on an idle client) and submittables (COPY streams, cursors)
  // go straight through; a promise waits for the queries asked before it.
  const isSubmittable = typeof config === 'object' && config !== null && 'submit' in config;
  if (isSubmittable || typeof args.at(-1) === 'function') return send();
  const client = this as NamedStatementClient;
  const result = client.turn.then(send, send);
  client.turn = result.catch(() => undefined);
  return result;
} as typeof pg.Client.prototype.query;
