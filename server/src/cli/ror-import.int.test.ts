// npm run institutions:import-ror as an operator runs it, in a child process against an
// embedded database in a data directory. On a terminal a bar shows the share of the dump read
// and the records so far, ending full, then the summary; in a pipe or a log file only the
// summary is written. Times (the estimate, the rate) are what the machine makes them and are
// not asserted; only that the estimate never shows cli-progress' placeholders.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliOnTerminal, serverDirectory } from '../../test/run-cli.ts';

// The child opens the data directory itself; PostgreSQL adds nothing to what this shows.
const isPglite = process.env.TEST_DB_ENGINE !== 'postgres';
const dumpPath = path.join(serverDirectory, 'test/fixtures/ror/ror-v2-sample.json');

/** The terminal's text without colours and cursor moves; each redraw of the bar on its own line. */
function visibleLines(screen: string): string[] {
  return (
    screen
      // eslint-disable-next-line no-control-regex -- escape sequences are what is removed
      .replace(/\u001b(\[[0-9;?]*[A-Za-z]|[78])/g, '\n')
      .split(/[\r\n]+/)
      .map((line) => line.trimEnd())
      .filter((line) => line !== '')
  );
}

const barLine = /^ROR \[[█░]{30}\] (\d+)% \| ([\d,]+) records \| ETA (.+)$/;

describe.runIf(isPglite)('npm run institutions:import-ror', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'recuse-ror-cli-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('draws a bar on a terminal that ends full with every record, then prints the summary', async () => {
    const run = await runCliOnTerminal('ror-import.ts', [dumpPath], {
      env: { DATA_DIR: dataDir },
    });
    expect(run.exitCode, run.output).toBe(0);
    const lines = visibleLines(run.output);
    const bars = lines.flatMap((line) => {
      const match = barLine.exec(line);
      return match ? [{ percent: Number(match[1]), records: match[2], estimate: match[3]! }] : [];
    });
    expect(bars.length, lines.join('\n')).toBeGreaterThanOrEqual(2);
    expect(bars[0]).toMatchObject({ percent: 0, records: '0' });
    expect(bars.at(-1)).toMatchObject({ percent: 100, records: '14' });
    for (const bar of bars) expect(bar.estimate).toMatch(/^(–|[\d ]+[hms]([\d ]+[ms])?)$/);
    // The summary follows the bar, each line whole.
    const summaryAt = lines.findIndex((line) => line.startsWith('14 records read'));
    expect(summaryAt).toBeGreaterThan(lines.findLastIndex((line) => barLine.test(line)));
    expect(lines.slice(summaryAt)).toEqual([
      '14 records read: 12 institutions added, 0 updated, 0 unchanged, 2 withdrawn records not added.',
      '1 merged into their successor, 0 withdrawn; links: 10 added, 0 removed.',
    ]);
  }, 120_000);

  it('writes only the summary to a pipe, and a second run changes nothing', async () => {
    const run = await runCli('ror-import.ts', [dumpPath], { env: { DATA_DIR: dataDir } });
    expect(run).toMatchObject({ exitCode: 0, signal: null });
    expect(run.output).toBe(
      '14 records read: 0 institutions added, 0 updated, 12 unchanged, 2 withdrawn records not added.\n' +
        '0 merged into their successor, 0 withdrawn; links: 0 added, 0 removed.\n',
    );
  }, 120_000);
});
