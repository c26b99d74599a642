import { describe, expect, it } from 'vitest';
import { latestAffiliationMonth, parseMonthDate } from './month-date.ts';

describe('parseMonthDate', () => {
  it.each([
    ['2021-09', '2021-09-01'],
    ['2021-9', '2021-09-01'],
    ['2021-09-01', '2021-09-01'],
    ['2020-02-29', '2020-02-01'],
    ['09/2021', '2021-09-01'],
    ['9/2021', '2021-09-01'],
    [' 12/1900 ', '1900-12-01'],
  ])('reads %j as %j', (text, date) => {
    expect(parseMonthDate(text)).toBe(date);
  });

  it.each([
    ['an empty text', ''],
    ['month 0', '2021-00'],
    ['month 13', '13/2021'],
    ['29 February of a common year', '2021-02-29'],
    ['day 0', '2021-03-00'],
    ['a year before 1900', '1899-12'],
    ['a two-digit year', '09/21'],
    ['a timestamp', '2021-09-01T00:00:00.000Z'],
    ['words', 'September 2021'],
  ])('refuses %s', (_case, text) => {
    expect(parseMonthDate(text)).toBeUndefined();
  });
});

describe('latestAffiliationMonth', () => {
  it.each([
    ['the middle of a month', '2026-06-15T12:00:00Z', '2026-06-01'],
    ['the last day, before 10:00 UTC', '2026-06-30T09:59:00Z', '2026-06-01'],
    ['the last day from 10:00 UTC (already July at UTC+14)', '2026-06-30T10:00:00Z', '2026-07-01'],
    ['New Year at UTC+14', '2026-12-31T10:00:00Z', '2027-01-01'],
  ])('is the current month at UTC+14: %s', (_case, now, month) => {
    expect(latestAffiliationMonth(new Date(now))).toBe(month);
  });
});
