// npm run user:admin -- EMAIL [--database-url URL]: makes the registered account with this
// e-mail address an administrator, for the first administrator of an installation (later ones
// are granted on the administration page). Running it again changes nothing. One clear line,
// and exit code 1, when no account has the address.
import { isEmail } from '@recuse/common';
import { grantAdministratorByEmail } from '../modules/roles/roles.service.ts';
import { readArgs, runCommand, UsageError, withDatabase } from './command.ts';

const usage = `Usage: npm run user:admin -- EMAIL [--database-url URL]

  EMAIL           the primary e-mail address of a registered account
  --database-url  PostgreSQL to use; default DATABASE_URL, else the embedded database in
                  DATA_DIR (the one the server uses)`;

function readArguments() {
  const { values, positionals } = readArgs({
    allowPositionals: true,
    options: { 'database-url': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return undefined;
  if (positionals.length !== 1) throw new UsageError('Give exactly one e-mail address.');
  const email = positionals[0]!.trim();
  if (!isEmail(email)) throw new UsageError(`${email} is not an e-mail address.`);
  return { email, databaseUrl: values['database-url'] };
}

await runCommand({
  usage,
  readArguments,
  run: (options, config) =>
    withDatabase(config, options.databaseUrl, async (database) => {
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
        console.error(
          `${outcome.account.name} <${outcome.account.email}> is now an administrator.`,
        );
      }
    }),
  unexpected: 'Could not grant the administrator role:',
});
