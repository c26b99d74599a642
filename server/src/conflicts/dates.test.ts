import type { ConflictRule } from '@recuse/common';
import { describe, expect, it } from 'vitest';
import { checkedMonth, satisfiesRule, toMonthIndex, toMonthSpan, windowInMonths } from './dates.ts';
import { defaultRule, on } from './test-builders.ts';

const june2024 = toMonthIndex(on(2024, 6));

function rule(overrides: Partial<ConflictRule>): ConflictRule {
  return { ...defaultRule('coauthor-4y'), ...overrides };
}

describe('toMonthIndex', () => {
  it.each([
    { date: on(2024, 1), expected: 2024 * 12 },
    { date: on(2024, 12), expected: 2024 * 12 + 11 },
    { date: on(2024), expected: 2024 * 12 + 11 },
  ])('counts $date.year-$date.month as month $expected', ({ date, expected }) => {
    expect(toMonthIndex(date)).toBe(expected);
  });
});

describe('windowInMonths', () => {
  it.each([
    { operation: 'ALWAYS', years: null, months: null, expected: Number.POSITIVE_INFINITY },
    { operation: 'WITHIN_X_YEARS', years: 4, months: null, expected: 48 },
    { operation: 'WITHIN_X_YEARS', years: 1, months: 6, expected: 18 },
    { operation: 'WITHIN_X_YEARS', years: null, months: null, expected: 0 },
    { operation: 'WITHIN_X_MONTHS', years: 3, months: 6, expected: 6 },
  ] as const)('$operation with $years years and $months months is $expected months', (row) => {
    const windowRule = rule({
      operation: row.operation,
      numberOfYears: row.years,
      numberOfMonths: row.months,
    });
    expect(windowInMonths(windowRule)).toBe(row.expected);
  });
});

describe('checkedMonth', () => {
  it('measures an ongoing span at the reference date for an end-date rule', () => {
    expect(checkedMonth(rule({}), toMonthSpan(on(2001, 1), null), june2024)).toBe(june2024);
  });

  it('falls back to the end when a start-date rule finds no start', () => {
    const startRule = rule({ checkedDate: 'start' });
    expect(checkedMonth(startRule, toMonthSpan(null, on(2022, 3)), june2024)).toBe(
      toMonthIndex(on(2022, 3)),
    );
  });
});

describe('satisfiesRule at R = June 2024', () => {
  it.each([
    { label: 'June 2020, exactly 4 years', end: on(2020, 6), expected: true },
    { label: 'May 2020, one month over', end: on(2020, 5), expected: false },
    { label: 'year-only 2020 (December)', end: on(2020), expected: true },
    { label: 'year-only 2019 (December)', end: on(2019), expected: false },
    { label: 'July 2024, after R', end: on(2024, 7), expected: true },
    { label: 'ongoing', end: null, expected: true },
  ])('within 4 years of the end date: $label is $expected', ({ end, expected }) => {
    expect(satisfiesRule(rule({}), toMonthSpan(on(1990), end), june2024)).toBe(expected);
  });

  it('ALWAYS holds whatever the date', () => {
    const always = rule({ operation: 'ALWAYS', numberOfYears: null });
    expect(satisfiesRule(always, toMonthSpan(on(1970, 1), on(1971, 1)), june2024)).toBe(true);
  });
});
