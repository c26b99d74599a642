// npm run db:migrate: applies the committed migrations to the configured database.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
);
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.engine}).`);
