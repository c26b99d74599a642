// How a list row shows a date: MM/yyyy for month formats, the year otherwise, and an empty end
// on a type whose end is optional reads as ongoing.
import { dateFormats } from '@recuse/common';

export function formatListDate(year: number | null, month: number | null, format: number): string {
  if (!year) return '';
  if (format !== dateFormats.monthYear || !month) return String(year);
  return `${String(month).padStart(2, '0')}/${year}`;
}

export function formatListEndDate(
  year: number | null,
  month: number | null,
  format: number,
): string {
  return formatListDate(year, month, format) || 'Ongoing';
}
