// How a conflict's reasons read: their dates, the page of the relation behind them, and the
// words that explain a provisional mark.
import { relationStatus } from '@recuse/common';

type Dated = {
  start_year: number | null;
  start_month: number | null;
  end_year: number | null;
  end_month: number | null;
};

function formatMonthYear(year: number | null, month: number | null): string {
  if (!year) return '';
  return month ? `${String(month).padStart(2, '0')}/${year}` : String(year);
}

/** '03/2021 – 06/2023', '09/2021 – ongoing', '2024', or '' with no dates. */
export function formatReasonDates(reason: Dated): string {
  const start = formatMonthYear(reason.start_year, reason.start_month);
  const end = formatMonthYear(reason.end_year, reason.end_month);
  if (!start) return end;
  if (!end) return `${start} – ongoing`;
  return start === end ? start : `${start} – ${end}`;
}

/** 'Provisional: pending relations, …' naming the statuses that make it so. */
export function provisionalExplanation(statuses: readonly number[]): string {
  const words = [
    statuses.includes(relationStatus.pending) ? 'pending' : '',
    statuses.includes(relationStatus.disputed) ? 'disputed' : '',
  ].filter(Boolean);
  const what = words.length > 0 ? `${words.join(' and ')} relations` : 'relations';
  return `Provisional: every reason comes from ${what}, not yet confirmed by everyone on them.`;
}
