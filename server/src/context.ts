// What every service needs: the configuration and a database connection (or transaction).
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { SessionCache } from './modules/auth/session-cache.ts';

export interface AppContext {
  config: Config;
  db: Db;
  /** Signed-in sessions kept in memory, when the database announces its changes. */
  sessions?: SessionCache;
}
