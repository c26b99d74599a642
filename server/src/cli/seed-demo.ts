// npm run db:seed: puts the demo data into the configured database, if it is empty.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { describeDemo, isDatabaseEmpty, seedDemo } from '../demo/demo-data.ts';

const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
);
await database.migrate();
if (await isDatabaseEmpty(database.db)) {
  await seedDemo(database.db);
  console.log(describeDemo());
} else {
  console.log('The database already has users; the demo was not added.');
}
await database.close();
