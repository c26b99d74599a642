// One code path for both engines (docs/architecture.md, "Where each kind of thing lives"):
// PostgreSQL through node-postgres when a URL is given, embedded PGlite otherwise (in a data
// directory, or in memory for tests). Either way the caller gets the same Drizzle instance type.
// Each engine's driver is imported when that engine is opened, so a process loads only the
// one it uses (docs/benchmarks.md, "Production start").
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { serverDirectory } from '../paths.ts';
import type { ChangeFeed } from './change-feed.ts';
import { openPgliteChangeFeed, postgresChanges } from './change-feed.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** A connection or a transaction: repo functions take it first so transactions compose. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * The changes the database announces (change-feed.ts), for what keeps copies in memory; opened
   * on demand, as command-line tools have no use for it.
   */
  openChangeFeed(): Promise<ChangeFeed>;
  /** PGlite only: the whole database as one file, to start another one from (`image`). */
  dumpImage?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(serverDirectory, 'drizzle');

/**
 * Whether the database has every migration of drizzle/ already: its newest applied migration is
 * as recent as the newest in the journal. Drizzle's migrator decides the same way (it runs the
 * migrations newer than the newest applied, by the same query), but only after reading and
 * hashing every migration file and in a transaction of its own; asking first spares that at
 * every start (docs/benchmarks.md, "Production start"). Any failure (no migrations table yet)
 * leaves the decision to the migrator.
 */
export async function hasEveryMigration(db: Db, folder = migrationsFolder): Promise<boolean> {
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const [applied] = await queryRows<{ created_at: string | number | null }>(
      db,
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    return applied !== undefined && Number(applied.created_at) >= newest;
  } catch {
    return false;
  }
}

/** Runs `migrate` unless the database has every migration already. */
async function migrateWhenBehind(db: Db, migrate: () => Promise<void>): Promise<void> {
  if (!(await hasEveryMigration(db))) await migrate();
}

/**
 * Where the data lives: a PostgreSQL server (with how many connections to keep, else
 * defaultPoolSize), an embedded data directory, or memory (tests), optionally starting from a
 * `dumpImage` of another in-memory database.
 */
export type DatabaseTarget =
  | { url: string; poolSize?: number | undefined }
  | { dataDir: string }
  | { memory: true; image?: Blob };

/**
 * How many connections to PostgreSQL the server keeps when DATABASE_POOL_SIZE does not say:
 * node-postgres's own default. Each is a PostgreSQL backend process; on the two shared cores of
 * the benchmark machine, 4 instead of 10 made no difference above the noise (docs/benchmarks.md,
 * "Results, 2026-11-29").
 */
const defaultPoolSize = 10;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) return openPostgres(target.url, target.poolSize ?? defaultPoolSize);
  const files = readPgliteFiles();
  // Each query with parameters is prepared once per database (pglite-statements.ts).
  const { PreparedStatementPGlite } = await import('./pglite-statements.ts');
  const options = { pgliteWasmModule: await files.wasm, fsBundle: files.bundle };
  if ('dataDir' in target) {
    const directory = path.resolve(target.dataDir, 'pglite');
    mkdirSync(directory, { recursive: true });
    return openPglite(new PreparedStatementPGlite(directory, options));
  }
  return openPglite(
    new PreparedStatementPGlite(target.image ? { ...options, loadDataDir: target.image } : options),
  );
}

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** Node's WebAssembly, which the Node 20 types do not describe. */
const { compile: compileWasm } = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }
).WebAssembly;

let pgliteFiles: { wasm: Promise<WasmModule>; bundle: Blob } | undefined;

/**
 * PGlite's WebAssembly, compiling, and its file-system bundle, read from the files the package
 * exports, for PGlite to take instead of reading them itself. Asked for as the database starts
 * to open, before the application's modules load (main.ts), so V8 compiles on its background
 * threads while the main thread loads them; PGlite read both through the thread pool in
 * 512 KB steps once the modules had loaded, then waited for the compiler (docs/benchmarks.md,
 * "Production start"). Read and compiled once per process: every database opened after the
 * first (some test files open several) instantiates the same module and unpacks the same bundle.
 */
function readPgliteFiles(): { wasm: Promise<WasmModule>; bundle: Blob } {
  if (pgliteFiles === undefined) {
    const resolve = createRequire(import.meta.url).resolve;
    const file = (name: string) => readFileSync(resolve(`@electric-sql/pglite/${name}`));
    pgliteFiles = {
      wasm: compileWasm(file('pglite.wasm')),
      bundle: new Blob([file('pglite.data')]),
    };
  }
  return pgliteFiles;
}

async function openPglite(client: PGlite): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  const shared = db as unknown as Db;
  return {
    db: shared,
    engine: 'pglite',
    migrate: () => migrateWhenBehind(shared, () => migratePglite(db, { migrationsFolder })),
    openChangeFeed: () => openPgliteChangeFeed(client),
    dumpImage: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Each query is prepared once per connection (named-statements.ts); each connection listens
  // for the changes the database announces (change-feed.ts).
  // Without JIT compilation: on an imported DBLP the planner's cost of the chair's matrix
  // statements passes PostgreSQL's JIT thresholds, and compiling took longer than running them
  // (docs/benchmarks.md, "The chair's committee × submissions matrix").
  const [
    { default: pg },
    { drizzle: drizzlePostgres },
    { migrate: migratePostgres },
    { NamedStatementClient },
  ] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
    import('./named-statements.ts'),
  ]);
  const changes = postgresChanges(url, pg.Client);
  const pool = new pg.Pool({
    connectionString: url,
    options: '-c jit=off',
    max: poolSize,
    Client: NamedStatementClient,
    onConnect: changes.onConnect,
  });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePostgres(pool, { schema });
  const shared = db as unknown as Db;
  return {
    db: shared,
    engine: 'postgres',
    migrate: () => migrateWhenBehind(shared, () => migratePostgres(db, { migrationsFolder })),
    openChangeFeed: async () => changes.open(),
    close: () => pool.end(),
  };
}

/** Runs hand-written SQL and returns its rows; both drivers answer with a `rows` array. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
