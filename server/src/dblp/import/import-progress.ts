// The import's progress on stderr: one bar per phase with records per second and an estimate
// (phase 1 measures the bytes read against the file size, so the estimate holds for .gz too),
// warnings printed above the bar, and the final summary. Off a terminal (a log file, a pipe)
// the bar becomes a line every few seconds.
import cliProgress from 'cli-progress';
import { formatEstimate } from '../../cli/progress-time.ts';
import type { DblpWarning } from '../parse-error.ts';
import type { ImportProgress, ImportSummary } from './import-dump.ts';

const maxWarningsShown = 50;

const formats = {
  records:
    '{phase} [{bar}] {percentage}% | {records} records | {rate} records/s | ETA {eta_formatted}',
  people:
    '{phase} [{bar}] {percentage}% | publications up to id {value} of {total} | ETA {eta_formatted}',
};

export class ImportProgressBar {
  private readonly bars = new cliProgress.MultiBar({
    stream: process.stderr,
    noTTYOutput: true,
    notTTYSchedule: 10_000,
    etaBuffer: 50,
    fps: 5,
    barsize: 30,
    hideCursor: null,
    formatTime: formatEstimate,
    formatValue: (value, _options, type) =>
      type === 'value' || type === 'total' ? value.toLocaleString('en-US') : String(value),
  });
  private bar: cliProgress.SingleBar | undefined;
  private phaseStarted = 0;
  private warningsShown = 0;

  startPhase(phase: 'records' | 'people' | 'relations', resumedAt: number) {
    // The finished phase keeps its line, full.
    this.bar?.update(this.bar.getTotal());
    if (resumedAt > 0) {
      const what = phase === 'records' ? 'records' : 'publication ids';
      this.log(
        `Resuming ${phase}: the first ${resumedAt.toLocaleString('en-US')} ${what} are already in.\n`,
      );
    }
    this.phaseStarted = performance.now();
    this.bar = this.bars.create(
      1,
      0,
      { phase: phase.padEnd(9), records: '0', rate: '0' },
      {
        format: phase === 'records' ? formats.records : formats.people,
      },
    );
  }

  update(progress: ImportProgress) {
    if (!this.bar) return;
    if (progress.phase !== 'records') {
      this.bar.setTotal(progress.total);
      this.bar.update(progress.done);
      return;
    }
    const seconds = Math.max((performance.now() - this.phaseStarted) / 1000, 0.001);
    this.bar.setTotal(progress.totalBytes);
    this.bar.update(progress.bytesRead, {
      records: progress.records.toLocaleString('en-US'),
      rate: Math.round(progress.records / seconds).toLocaleString('en-US'),
    });
  }

  warn(warning: DblpWarning) {
    this.warningsShown += 1;
    if (this.warningsShown > maxWarningsShown) return;
    const where = warning.key ? ` in ${warning.key}` : '';
    const more =
      this.warningsShown === maxWarningsShown ? ' (further warnings are only counted)' : '';
    this.log(`Warning${where}: ${warning.message}${more}\n`);
  }

  /**
   * A line above the bars. Off a terminal the bars only print every few seconds and a line
   * logged through them waits for that print, so a short run ended without ever showing it
   * ("Resuming …" after a kill): there, nothing is redrawn, and the line goes out at once.
   */
  private log(text: string) {
    if (process.stderr.isTTY) this.bars.log(text);
    else process.stderr.write(text);
  }

  stop() {
    this.bars.stop();
  }
}

export function describeSummary(summary: ImportSummary): string {
  if (summary.wasAlreadyImported) {
    const when = summary.finishedAt?.toISOString() ?? 'an earlier run';
    return `This dump was already imported (finished ${when}); nothing to do.`;
  }
  const count = (value: number) => value.toLocaleString('en-US');
  const records = summary.wasRecordsPhaseDone
    ? ['records      read by an earlier run']
    : [
        `publications ${count(summary.publications)}`,
        `people       ${count(summary.people)} (${count(summary.redirects)} redirect records not people)`,
        `skipped      ${count(summary.skipped)}`,
        `warnings     ${count(summary.warnings)}`,
      ];
  return [
    'DBLP import finished.',
    ...records,
    `authors      ${count(summary.authorsResolved)} resolved to people`,
    `relations    ${count(summary.relationsCreated)} created, ${count(summary.relationsTotal)} imported in all`,
    `time         ${formatSeconds(summary.seconds.records)} records, ${formatSeconds(summary.seconds.people)} people, ${formatSeconds(summary.seconds.relations)} relations`,
    ...(summary.skippedForeignKeyChecks
      ? []
      : [
          'note         foreign keys were checked row by row: this role may not set',
          '             session_replication_role; as a superuser the import runs faster',
        ]),
  ].join('\n');
}

function formatSeconds(seconds: number) {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}
