// CSV export of a conflict list: one row per reason, so every conflict keeps its evidence when
// a chair opens it in a spreadsheet. RFC 4180 quoting, CRLF line ends.
import type { ConflictFindings, ConflictReason, InstitutionReason } from './types.ts';
import { isWithheld } from './personal-details.ts';

/**
 * A cell a spreadsheet would read as a formula (starting with =, +, -, @, tab or CR) gets a
 * leading apostrophe (OWASP's advice against CSV injection): titles and names are typed by
 * users, and a chair must be able to open the file safely.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: a field with a quote, comma, CR, LF or outer space is quoted, quotes doubled. */
export function quoteCsvField(value: string): string {
  if (!/[",\r\n]|^\s|\s$/.test(value)) return value;
  return `"${value.replaceAll('"', '""')}"`;
}

export function toCsvRecord(fields: readonly (string | number | null)[]): string {
  return fields
    .map((field) => (field === null ? '' : quoteCsvField(neutralizeFormula(String(field)))))
    .join(',');
}

export const conflictCsvHeader = [
  'kind',
  'id',
  'name',
  'affiliation',
  'provisional',
  'rule',
  'rule_title',
  'relation_type',
  'title',
  'status',
  'start',
  'end',
  'relation_id',
  'affiliation_id',
  'intern',
] as const;

const statusLabels: Readonly<Record<number, string>> = {
  0: 'inactive',
  1: 'validated',
  2: 'set for deletion',
  3: 'pending',
  4: 'disputed',
};

/** Dates print as YYYY-MM, or YYYY when only the year is known. */
export function formatYearMonth(year: number | null, month: number | null): string {
  if (year === null) return '';
  return month === null ? String(year) : `${year}-${String(month).padStart(2, '0')}`;
}

function reasonFields(reason: ConflictReason | InstitutionReason, title: string | null) {
  return [
    reason.ruleValue,
    reason.ruleTitle,
    reason.relationTypeName,
    title,
    statusLabels[reason.status] ?? String(reason.status),
    formatYearMonth(reason.startYear, reason.startMonth),
    reason.endYear !== null
      ? formatYearMonth(reason.endYear, reason.endMonth)
      : isWithheld(reason)
        ? ''
        : 'ongoing',
    reason.relationId,
    reason.affiliationId,
    reason.isIntern ? 'yes' : 'no',
  ];
}

/** People first, then institutions, each in the findings' order; an ongoing end reads 'ongoing'. */
export function toConflictsCsv(findings: ConflictFindings): string {
  const records = [toCsvRecord(conflictCsvHeader)];
  for (const person of findings.people) {
    const provisional = person.isProvisional ? 'yes' : 'no';
    for (const reason of person.reasons) {
      records.push(
        toCsvRecord([
          'person',
          person.id,
          person.name,
          person.affiliation,
          provisional,
          ...reasonFields(reason, reason.title),
        ]),
      );
    }
  }
  for (const institution of findings.institutions) {
    const provisional = institution.isProvisional ? 'yes' : 'no';
    for (const reason of institution.reasons) {
      records.push(
        toCsvRecord([
          'institution',
          institution.id,
          institution.name,
          null,
          provisional,
          ...reasonFields(reason, reason.positionLabel),
        ]),
      );
    }
  }
  return records.map((record) => `${record}\r\n`).join('');
}
