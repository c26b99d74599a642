// What every service needs: the configuration and a database connection (or transaction).
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';

export interface AppContext {
  config: Config;
  db: Db;
}
