// Statements prepared once per embedded database, as db/named-statements.ts does for each
// PostgreSQL connection (docs/architecture.md, "database connection"; figures in
// docs/benchmarks.md, "Prepared statements on PGlite"). PGlite's `query` sends an unnamed Parse,
// Describe, Bind, Describe, Execute and Sync as six calls into WebAssembly, so each call parses,
// analyses and plans the text again. Here a text with parameters that `statementNameFor` admits
// is parsed once under its name (Parse, Describe, Sync, the first time), and every call after
// that is one call into WebAssembly: Bind to the name, Describe, Execute, Sync.
//
// PGlite 0.5 has no API for named statements, so this sends the protocol messages itself through
// the parts of PGlite it exports for that: `execProtocolStream` (which also delivers the
// NOTIFYs the change feed listens for), the package's own message serializer (`protocol`), its
// parameter serializers and its result parser (`parse.parseResults`, the function `query` ends
// with), so rows come back as `query` would give them. What it keeps from `query` by doing the
// same: the same locks (outside a transaction the transaction lock as well, so a statement never
// runs inside another caller's transaction), the error PGlite throws with the same fields (code,
// constraint, …, and `query`, `params`, `queryOptions` as PGlite adds them), and the file system
// synced after a statement outside a transaction. Anything unusual (a COPY's blob, explicit
// parameter types) goes to PGlite's own `query`.
//
// One more cost it spares: PGlite's result parser copies the database's whole table of type
// parsers (some 300 entries once the array types are in) into a new object for every query that
// brings parsers of its own, and Drizzle brings them with every query (dates, timestamps and
// intervals, and their arrays, left as the text PostgreSQL sent). That copy was about 150 µs a
// statement, more than binding and executing one (docs/benchmarks.md, "Type parsers copied for
// every statement"). A named statement's rows are parsed with the merged table made once, when
// the parsers it brings all leave their text as it is; others are merged as PGlite merges them.
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { PGlite, messages, parse, protocol } from '@electric-sql/pglite';
import { statementNameFor } from './statement-names.ts';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** What the first Parse and Describe of a named statement said: its parameters' types. */
interface Prepared {
  parameterTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

type ParserTable = PGlite['parsers'];

/** What a parser that leaves its text as it is gives back for this: the same string. */
const probeText = '2026-11-28 12:00:00+00';

/** PGlite with the statements `statementNameFor` admits prepared once and then only executed. */
export class PreparedStatementPGlite extends PGlite {
  /** The statements this database has prepared, by name. */
  readonly #prepared = new Map<string, Prepared>();
  /** The database's parsers with text-keeping ones laid over, by the type ids laid over. */
  readonly #textKeeping = new Map<string, ParserTable>();

  override async refreshArrayTypes(): Promise<void> {
    this.#textKeeping.clear();
    await super.refreshArrayTypes();
  }

  override async query<T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const name = this.#nameFor(text, params, options);
    if (name === undefined) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(() => this.#runNamed<T>(name, text, params!, options, false)),
    );
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => callback(this.#preparedTransaction(tx)));
  }

  /** The number of statements prepared so far (tests). */
  get preparedCount(): number {
    return this.#prepared.size;
  }

  /** PGlite's transaction, with its `query` preparing as the database's does. */
  #preparedTransaction(tx: Transaction): Transaction {
    const query = async <T>(
      text: string,
      params?: unknown[],
      options?: QueryOptions,
    ): Promise<Results<T>> => {
      const name = this.#nameFor(text, params, options);
      if (name === undefined) return tx.query<T>(text, params, options);
      // As PGlite's own transaction object refuses once committed or rolled back.
      if (tx.closed) throw new Error('Transaction is closed');
      return this._runExclusiveQuery(() => this.#runNamed<T>(name, text, params!, options, true));
    };
    return {
      query,
      sql: (strings, ...params) => tx.sql(strings, ...params),
      exec: (text, options) => tx.exec(text, options),
      rollback: () => tx.rollback(),
      listen: (channel, callback) => tx.listen(channel, callback),
      get closed() {
        return tx.closed;
      },
    };
  }

  #nameFor(text: string, params?: unknown[], options?: QueryOptions): string | undefined {
    if (options?.blob !== undefined || options?.paramTypes !== undefined) return undefined;
    return statementNameFor(text, params !== undefined && params.length > 0);
  }

  /** Runs a named statement, preparing it first when this database has not yet; under the lock. */
  async #runNamed<T>(
    name: string,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const send = (parts: Uint8Array[]) =>
      this.execProtocolStream(concat(parts), { syncToFs: false, onNotice: options?.onNotice });
    let results: BackendMessage[];
    try {
      let prepared = this.#prepared.get(name);
      if (prepared === undefined) {
        // Kept only once PostgreSQL has it: a Parse that fails (a syntax error, an aborted
        // transaction) throws here and is tried again next time. A Parse that succeeds inside a
        // transaction stays after a rollback, as PostgreSQL's prepared statements are not
        // transactional.
        const described = await send([
          protocol.serialize.parse({ name, text }),
          protocol.serialize.describe({ type: 'S', name }),
          protocol.serialize.sync(),
        ]);
        prepared = { parameterTypes: parse.parseDescribeStatementResults(described) };
        this.#prepared.set(name, prepared);
      }
      // Each value as PGlite's `query` serialises it, by the type PostgreSQL gave its parameter.
      const values = params.map((param, index) => {
        if (param === null || param === undefined) return null;
        const type = prepared.parameterTypes[index]!;
        const serialize = options?.serializers?.[type] ?? this.serializers[type];
        return serialize ? serialize(param) : String(param);
      });
      results = await send([
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]);
    } catch (error) {
      if (error instanceof messages.DatabaseError) {
        // The fields PGlite's query adds to the error it throws (makePGliteError, not exported).
        Object.assign(error, { query: text, params, queryOptions: options });
        // Gone (a DEALLOCATE or DISCARD the application never sends): prepared again next time.
        if (error.code === '26000') this.#prepared.delete(name);
      }
      throw error;
    }
    if (!inTransaction) await this.syncToFs();
    const parsing = this.#parsingOf(options);
    return parse.parseResults(results, parsing.parsers, parsing.options)[0] as Results<T>;
  }

  /**
   * The parser table and options to parse a result with: when every parser the options bring
   * leaves its text as it is (Drizzle's), the table merged once for those type ids and the options
   * without them, which parseResults would otherwise merge again; else as they came.
   */
  #parsingOf(options: QueryOptions | undefined): {
    parsers: ParserTable;
    options: QueryOptions | undefined;
  } {
    const brought = options?.parsers;
    if (brought === undefined) return { parsers: this.parsers, options };
    const types = Object.keys(brought).map(Number);
    const keepsText = types.every((type) => brought[type]!(probeText) === probeText);
    if (!keepsText) return { parsers: this.parsers, options };
    const key = types.join(',');
    let merged = this.#textKeeping.get(key);
    if (merged === undefined) {
      merged = { ...this.parsers, ...brought };
      this.#textKeeping.set(key, merged);
    }
    const { parsers: _merged, ...rest } = options!;
    return { parsers: merged, options: rest };
  }
}
