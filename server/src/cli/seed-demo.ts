// npm run db:seed [-- --prolific-author N]: puts the demo data into the configured database, if
// it is empty; with --prolific-author, also prolific@example.org, an author of N papers imported
// from DBLP of whom 25 more wait for an answer (server/src/demo/prolific-author.ts), to page
// through a long relations list (the browser tests' server starts this way).
import type { Config } from '../config.ts';
import { describeDemo, isDatabaseEmpty, seedDemo } from '../demo/demo-data.ts';
import { prolificAuthor, seedProlificAuthor } from '../demo/prolific-author.ts';
import { readArgs, runCommand, UsageError, withDatabase } from './command.ts';

const usage = `Usage: npm run db:seed [-- --prolific-author N]

  --prolific-author N  also add ${prolificAuthor.email} (password ${prolificAuthor.password}),
                       an author of N papers imported from DBLP, 1 to 100000`;

function readArguments() {
  const { values } = readArgs({
    options: {
      'prolific-author': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return undefined;
  const papers = values['prolific-author'];
  if (papers === undefined) return { prolificPapers: 0 };
  const count = Number(papers);
  if (!/^\d+$/.test(papers) || count < 1 || count > 100_000) {
    throw new UsageError('--prolific-author takes a number of papers from 1 to 100000.');
  }
  return { prolificPapers: count };
}

async function run(options: { prolificPapers: number }, config: Config) {
  await withDatabase(config, undefined, async ({ db }) => {
    if (!(await isDatabaseEmpty(db))) {
      console.log('The database already has users; the demo was not added.');
      return;
    }
    await seedDemo(db);
    console.log(describeDemo());
    if (options.prolificPapers > 0) {
      await seedProlificAuthor(db, { publicationCount: options.prolificPapers, pendingCount: 25 });
      console.log(
        `${prolificAuthor.email} (password ${prolificAuthor.password}): ` +
          `${options.prolificPapers} papers imported from DBLP, 25 waiting for an answer.`,
      );
    }
  });
}

await runCommand({ usage, readArguments, run, unexpected: 'The demo could not be added:' });
