// What the command-line tools (npm run dblp:import, dblp:crawl, ror:import, user:admin) share:
// their arguments read with node:util's parseArgs, --help printing the usage, the database
// they work on, and how a failure is told: one clear line (or the usage, for wrong arguments)
// and exit code 1; only a bug prints its stack.
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { databaseTargetOf, loadConfig } from '../config.ts';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import type { Database } from '../db/client.ts';

/** Wrong arguments: the message is printed above the usage. */
export class UsageError extends Error {}

/** parseArgs, its refusals (an unknown option, a missing value) as UsageErrors. */
export function readArgs<T extends ParseArgsConfig>(config: T) {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The database a tool works on, migrated, and closed when the work ends: --database-url,
 * else DATABASE_URL, else the embedded database in DATA_DIR (the one the server uses).
 */
export async function withDatabase<T>(
  config: Config,
  databaseUrl: string | undefined,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(databaseTargetOf(config, databaseUrl));
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

type Command<Options> = {
  usage: string;
  /** The options; undefined when the usage was asked for (--help). */
  readArguments: () => Options | undefined;
  run: (options: Options, config: Config) => Promise<void>;
  /** The line for an error the person running the tool can act on; undefined for a bug. */
  explain?: (error: unknown, options: Options) => string | undefined;
  /** What precedes a bug's error. */
  unexpected: string;
};

export async function runCommand<Options>(command: Command<Options>): Promise<void> {
  let options: Options | undefined;
  try {
    options = command.readArguments();
    if (options === undefined) {
      console.log(command.usage);
      return;
    }
    await command.run(options, loadConfig());
  } catch (error) {
    const known =
      error instanceof UsageError
        ? `${error.message}\n\n${command.usage}`
        : ((options && command.explain?.(error, options)) ?? explainUnreachableDatabase(error));
    if (known === undefined) console.error(command.unexpected, error);
    else console.error(known);
    process.exitCode = 1;
  }
}

/**
 * A database that cannot be reached (no server, no such database, a wrong password), in one
 * line. Drizzle wraps the driver's error in its own: the code is looked for along the causes.
 */
function explainUnreachableDatabase(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '3D000' || code === '28P01') {
      return `Cannot reach the database: ${cause.message}`;
    }
  }
  return undefined;
}
