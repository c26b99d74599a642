// Relation dates: a year, and a month where the type's format asks for one (docs/product.md, "The
// relation form": "Dates are sent as year and month, month only for the month format"). The pickers
// cap how far ahead a date may lie; the server applies the same caps.
import type { RelationType } from './relation-types.ts';
import { dateFormats } from './relation-types.ts';

export interface RelationDate {
  year: number;
  /** 1 to 12 for month-and-year formats; null for year-only ones. */
  month: number | null;
}

export const earliestRelationYear = 1900;

/**
 * The latest date a relation of this type may name: today plus the type's days ahead (about a
 * year for publications, twenty years otherwise), read at UTC+14 so nobody anywhere is refused
 * a date their own picker offers.
 */
export function latestRelationDate(type: RelationType, now: Date = new Date()): RelationDate {
  const latest = new Date(now.getTime() + 14 * 3_600_000 + type.maxDaysAhead * 86_400_000);
  return { year: latest.getUTCFullYear(), month: latest.getUTCMonth() + 1 };
}

/** Whether a date lies after the cap; year-only dates compare by year. */
export function isAfter(date: RelationDate, latest: RelationDate): boolean {
  if (date.year !== latest.year) return date.year > latest.year;
  return date.month !== null && latest.month !== null && date.month > latest.month;
}

/** The cap as the form shows it: MM/yyyy for month formats, the year otherwise. */
export function formatRelationDate(date: RelationDate, format: number): string {
  if (format !== dateFormats.monthYear || date.month === null) return String(date.year);
  return `${String(date.month).padStart(2, '0')}/${date.year}`;
}

/**
 * An end before its start. Equal dates are fine (a one-year advising, a one-month project);
 * when either date has no month, only the years are compared.
 */
export function endsBeforeStart(start: RelationDate, end: RelationDate): boolean {
  if (end.year !== start.year) return end.year < start.year;
  return start.month !== null && end.month !== null && end.month < start.month;
}
