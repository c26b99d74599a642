// Month arithmetic for conflict windows. Relations and affiliations carry a year and an
// optional month; the engine compares them as whole months counted from year 0.
import type { ConflictRule } from '@recuse/common';

/** A year with an optional month (1 to 12), as relations and affiliations store dates. */
export interface YearMonth {
  year: number;
  month: number | null;
}

/** The conference's reference date R. */
export interface ReferenceDate {
  year: number;
  month: number;
}

/**
 * A year-only date counts as the most recent month of that year, December (docs/conflicts.md,
 * "Dates and windows"): a paper known only as '2020' is as recent as any paper of 2020 can be.
 */
export function toMonthIndex(date: YearMonth): number {
  const month = date.month ?? 12;
  return date.year * 12 + (month - 1);
}

/** The span a relation or an affiliation (overlap) covers, in month indices. */
export interface MonthSpan {
  /** `null`: the start is unknown. */
  start: number | null;
  /** `null`: ongoing, no end yet. */
  end: number | null;
}

export function toMonthSpan(start: YearMonth | null, end: YearMonth | null): MonthSpan {
  return {
    start: start === null ? null : toMonthIndex(start),
    end: end === null ? null : toMonthIndex(end),
  };
}

/**
 * How many months before R a rule's window reaches. ALWAYS has no limit. WITHIN_X_YEARS is
 * 12 months per year plus any extra `numberOfMonths`; WITHIN_X_MONTHS is `numberOfMonths`.
 * A missing number is a window of zero months (only dates at or after R).
 */
export function windowInMonths(rule: ConflictRule): number {
  if (rule.operation === 'ALWAYS') return Number.POSITIVE_INFINITY;
  if (rule.operation === 'WITHIN_X_YEARS') {
    return (rule.numberOfYears ?? 0) * 12 + (rule.numberOfMonths ?? 0);
  }
  return rule.numberOfMonths ?? 0;
}

/**
 * The date a rule measures. An end-date rule measures the end; an ongoing span (no end) is
 * measured at R. A start-date rule measures the start; an unknown start falls back to the
 * end (or R), since the start can be no later than that.
 */
export function checkedMonth(rule: ConflictRule, span: MonthSpan, reference: number): number {
  const end = span.end ?? reference;
  if (rule.checkedDate === 'start') return span.start ?? end;
  return end;
}

/**
 * The window policy, in plain words: a checked date satisfies a rule when it lies no more
 * than the window before R, boundary included. With R = June 2024 and 'within 4 years', June
 * 2020 is in and May 2020 (one month over) is out. A date after R is always in: a planned or
 * future-dated relation is at least as recent as R.
 */
export function isWithinWindow(checked: number, reference: number, window: number): boolean {
  return checked >= reference - window;
}

export function satisfiesRule(rule: ConflictRule, span: MonthSpan, reference: number): boolean {
  if (rule.operation === 'ALWAYS') return true;
  return isWithinWindow(checkedMonth(rule, span, reference), reference, windowInMonths(rule));
}
