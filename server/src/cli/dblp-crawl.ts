// npm run dblp:crawl -- [--all] [--pid PID] [--database-url URL]: runs the DBLP crawl queue
// from the command line, politely (one request at a time, DBLP_CRAWL_DELAY_MS apart, the
// host's clock shared with the server through the database), with a progress bar and a
// summary. --all first queues everyone whose refresh is due; --pid crawls one person now.
// Errors a person can act on are one clear line and exit code 1.
import cliProgress from 'cli-progress';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createDblpCrawler } from '../dblp/crawl/crawl-person.ts';
import { runCrawlQueue } from '../dblp/crawl/crawl-run.ts';
import type { CrawlRunSummary } from '../dblp/crawl/crawl-run.ts';
import { queueDueCrawls } from '../dblp/crawl/crawl-schedule.ts';
import { CrawlFailure } from '../dblp/crawl/fetch-person.ts';
import { JobPostponed } from '../jobs/queue.ts';
import { findDblpPidHolder } from '../modules/accounts/accounts.service.ts';
import { readArgs, runCommand, UsageError, withDatabase } from './command.ts';
import { formatEstimate } from './progress-time.ts';

const usage = `Usage: npm run dblp:crawl -- [--all] [--pid PID] [--database-url URL]

  (no option)     run the crawl jobs that are queued and ready
  --all           first queue every registered user whose refresh is due (or who was never
                  crawled), then run the queue
  --pid PID       crawl the person with this DBLP pid now (e.g. 95/7448-1), outside the queue
  --database-url  PostgreSQL to use; default DATABASE_URL, else the embedded database in
                  DATA_DIR (the one the server uses)`;

/** A problem the person running the command can fix: one line, exit code 1. */
class CliError extends Error {}

function readArguments() {
  const { values } = readArgs({
    options: {
      all: { type: 'boolean', default: false },
      pid: { type: 'string' },
      'database-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return undefined;
  if (values.all && values.pid !== undefined)
    throw new UsageError('Give --all or --pid, not both.');
  if (values.pid !== undefined && !values.pid.trim()) throw new UsageError('--pid needs a pid.');
  return { isAll: values.all, pid: values.pid?.trim(), databaseUrl: values['database-url'] };
}

async function crawlOnePid(db: Db, config: Config, pid: string) {
  const holder = await findDblpPidHolder(db, pid);
  if (!holder) {
    throw new CliError(
      `Nobody holds the DBLP pid ${pid}. Link it to a profile first, or crawl a co-author of theirs.`,
    );
  }
  const crawler = createDblpCrawler({ db, config, hostWaitLimitMs: 300_000 });
  const outcome = await crawler.crawlPerson({ userId: holder.id, pid });
  if (outcome.status === 'stored') {
    console.error(
      `Crawled ${pid}: ${outcome.publications} publications, ${outcome.newPeople} new people, ` +
        `${outcome.relationsWritten} relations written, ${outcome.retired} retired.`,
    );
  } else if (outcome.status === 'stale') {
    console.error(`${pid} changed hands while crawling; nothing stored.`);
  } else {
    console.error(outcome.message);
    process.exitCode = 1;
  }
}

async function crawlQueue(db: Db, config: Config, isAll: boolean) {
  if (isAll) console.error(`Queued ${await queueDueCrawls(db)} people whose refresh is due.`);
  const bar = new cliProgress.SingleBar({
    stream: process.stderr,
    format:
      'crawl [{bar}] {value}/{total} people | {stored} stored, {failed} failed | ETA {eta_formatted}',
    noTTYOutput: true,
    notTTYSchedule: 10_000,
    hideCursor: null,
    formatTime: formatEstimate,
  });
  const counts = { stored: 0, failed: 0 };
  const summary = await runCrawlQueue({
    db,
    config,
    onStart(ready) {
      if (ready > 0) bar.start(ready, 0, counts);
      else console.error('No crawl job is ready.');
    },
    onJob(result, detail) {
      if (bar.getTotal() === 0) bar.start(1, 0, counts);
      if (result === 'stored') counts.stored += 1;
      if (result === 'failed') {
        counts.failed += 1;
        console.error(`\n${detail}`);
      }
      // Jobs queued while running make the total grow rather than overflow.
      if (bar.getProgress() >= 1) bar.setTotal(bar.getTotal() + 1);
      bar.increment(1, counts);
    },
  });
  if (bar.getTotal() > 0) bar.stop();
  console.error(describeSummary(summary));
}

function describeSummary({ results, waiting, nextRunAt }: CrawlRunSummary): string {
  const lines = [
    'DBLP crawl finished.',
    `stored           ${results.stored}`,
    `not on DBLP      ${results.gone} (404: kept in last_crawl_error, tried at the next refresh)`,
    `merged elsewhere ${results['merged-elsewhere']} (the new pid belongs to someone else)`,
    `failed           ${results.failed} (retried with backoff)`,
    `postponed        ${results.postponed} (DBLP may not be asked yet: tried again when it may)`,
    `skipped          ${results.stale} (the user no longer holds the pid)`,
  ];
  if (waiting > 0) {
    lines.push(
      `waiting          ${waiting} jobs, the next at ${nextRunAt?.toISOString()}: run this again ` +
        'then, or let the server (JOBS=on) take them',
    );
  }
  return lines.join('\n');
}

await runCommand({
  usage,
  readArguments,
  async run(options, config) {
    if (!config.DBLP_BASE_URL)
      throw new CliError('Set DBLP_BASE_URL: the crawler has nowhere to go.');
    await withDatabase(config, options.databaseUrl, async (database) => {
      if (options.pid) await crawlOnePid(database.db, config, options.pid);
      else await crawlQueue(database.db, config, options.isAll);
    });
  },
  explain(error) {
    if (error instanceof CliError) return error.message;
    if (error instanceof CrawlFailure || error instanceof JobPostponed)
      return `The crawl failed: ${error.message}`;
    return undefined;
  },
  unexpected: 'The crawl failed unexpectedly:',
});
