// Affiliation dates have month precision (month/year pickers, stored YYYY-MM-DD;
// docs/decisions/profile.md, "Affiliation dates"). The browser may send what its picker holds;
// every form is read to the first of its month.

const isoMonth = /^(\d{4})-(\d{1,2})$/;
const isoDay = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const slashMonth = /^(\d{1,2})\/(\d{4})$/;

/** The earliest year an affiliation may start: older dates are typing mistakes. */
export const earliestAffiliationYear = 1900;

/**
 * Reads 'YYYY-MM', 'YYYY-MM-DD' (the value of Mantine's month picker) or 'MM/YYYY' (the picker
 * format) as 'YYYY-MM-01'; undefined for anything else, an impossible day or month, or a year
 * before 1900.
 */
export function parseMonthDate(text: string): string | undefined {
  const value = text.trim();
  let year: number;
  let month: number;
  let day = 1;
  let match = isoMonth.exec(value);
  if (match) {
    year = Number(match[1]);
    month = Number(match[2]);
  } else if ((match = isoDay.exec(value))) {
    year = Number(match[1]);
    month = Number(match[2]);
    day = Number(match[3]);
  } else if ((match = slashMonth.exec(value))) {
    month = Number(match[1]);
    year = Number(match[2]);
  } else {
    return undefined;
  }
  if (year < earliestAffiliationYear || month < 1 || month > 12) return undefined;
  if (day < 1 || day > daysInMonth(year, month)) return undefined;
  return monthDate(year, month);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function monthDate(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

/**
 * The latest month an affiliation date may name: the current month somewhere on Earth. It is
 * read at UTC+14 (the earliest time zone), so nobody is refused their own current month
 * because the server's clock is still in the previous one.
 */
export function latestAffiliationMonth(now: Date = new Date()): string {
  const earliestZone = new Date(now.getTime() + 14 * 3_600_000);
  return monthDate(earliestZone.getUTCFullYear(), earliestZone.getUTCMonth() + 1);
}
