// npm run user:admin -- EMAIL [--database-url URL]: makes the registered account with this
// e-mail address an administrator, for the first administrator of an installation (later ones
// are granted on the administration page). Running it again changes nothing. One clear line,
// and exit code 1, when no account has the address.
import { parseArgs } from 'node:util';
import { isEmail } from '@recuse/common';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { grantAdministratorByEmail } from '../modules/roles/roles.service.ts';

const usage = `Usage: npm run user:admin -- EMAIL [--database-url URL]

  EMAIL           the primary e-mail address of a registered account
  --database-url  PostgreSQL to use; default DATABASE_URL, else the embedded database in
                  DATA_DIR (the one the server uses)`;

class UsageError extends Error {}

function readArguments() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { 'database-url': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return undefined;
  if (positionals.length !== 1) throw new UsageError('Give exactly one e-mail address.');
  const email = positionals[0]!.trim();
  if (!isEmail(email)) throw new UsageError(`${email} is not an e-mail address.`);
  return { email, databaseUrl: values['database-url'] };
}

async function main() {
  const options = readArguments();
  if (!options) {
    console.log(usage);
    return;
  }
  const config = loadConfig();
  const url = options.databaseUrl ?? config.DATABASE_URL;
  const database = await openDatabase(url ? { url } : { dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const outcome = await grantAdministratorByEmail(database.db, options.email);
    if (outcome.status === 'no-account') {
      console.error(
        `No registered account has the e-mail address ${options.email}. ` +
          'Sign up with it (and open the confirmation link) first.',
      );
      process.exitCode = 1;
    } else if (outcome.status === 'unconfirmed') {
      console.error(
        `The account with the e-mail address ${options.email} has not confirmed it yet: ` +
          'open the link mailed to it first.',
      );
      process.exitCode = 1;
    } else if (outcome.status === 'already') {
      console.error(
        `${outcome.account.name} <${outcome.account.email}> is already an administrator.`,
      );
    } else {
      console.error(`${outcome.account.name} <${outcome.account.email}> is now an administrator.`);
    }
  } finally {
    await database.close();
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
  else console.error('Could not grant the administrator role:', error);
  process.exitCode = 1;
}
