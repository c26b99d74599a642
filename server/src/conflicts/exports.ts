// Text exports of a generated conflict list: HotCRP's collaborators text, JSON, and the contract's
// institution_list rows. (CSV lives in csv.ts.) Pure: findings in, text or rows out.
import type { ReferenceDate } from './dates.ts';
import type { ConflictFindings, ConflictInstitution, ConflictPerson } from './types.ts';
import { formatYearMonth } from './csv.ts';

export { toConflictsCsv } from './csv.ts';

/** HotCRP treats `#` as the start of a comment, and lines are one entry each. */
function cleanText(text: string): string {
  return text.replaceAll('#', ' ').replace(/\s+/g, ' ').trim();
}

/**
 * In a name, HotCRP reads the first '(' as the start of the affiliation and splits long lines
 * on ',' and ';', so those characters (and quotes, which it strips) become spaces.
 */
export function toHotcrpName(name: string): string {
  return cleanText(name.replace(/[(),;"]/g, ' '));
}

/**
 * An affiliation sits inside parentheses. HotCRP matches nested parentheses and ignores commas
 * inside them, so balanced ones stay ('MPI (SWS)'); unbalanced ones become brackets.
 */
export function toHotcrpAffiliation(affiliation: string): string {
  const text = cleanText(affiliation);
  let depth = 0;
  for (const character of text) {
    if (character === '(') depth += 1;
    if (character === ')') depth -= 1;
    if (depth < 0) break;
  }
  return depth === 0 ? text : text.replaceAll('(', '[').replaceAll(')', ']');
}

function personLine(person: ConflictPerson): string {
  const name = toHotcrpName(person.name);
  const affiliation = person.affiliation ? toHotcrpAffiliation(person.affiliation) : '';
  return affiliation ? `${name} (${affiliation})` : name;
}

function institutionLine(institution: ConflictInstitution): string {
  return `All (${toHotcrpAffiliation(institution.name)})`;
}

export const provisionalHeading = '# Provisional: pending or disputed, not yet confirmed';

/**
 * HotCRP collaborators text (docs/review-systems.md, "Collaborators text"): one entry per line,
 * people as
 * `Name (Affiliation)` (just `Name` when we know none), institutions as `All (Institution)`,
 * `None` when there is nothing. Firm conflicts come first; provisional ones follow under a
 * `#` comment line, which HotCRP ignores, so they are pasted too but visibly marked.
 * Identical lines are written once (a line both firm and provisional stays with the firm).
 */
export function toHotcrpCollaborators(findings: ConflictFindings): string {
  const firm = new Set<string>();
  const provisional = new Set<string>();
  for (const person of findings.people) {
    (person.isProvisional ? provisional : firm).add(personLine(person));
  }
  for (const institution of findings.institutions) {
    (institution.isProvisional ? provisional : firm).add(institutionLine(institution));
  }
  for (const line of firm) provisional.delete(line);
  if (firm.size === 0 && provisional.size === 0) return 'None\n';
  const lines = [...firm];
  if (provisional.size > 0) lines.push(provisionalHeading, ...provisional);
  return `${lines.join('\n')}\n`;
}

export interface ConflictListContext {
  conference: string;
  referenceDate: ReferenceDate;
}

/** The findings as they are, with the conference and reference date they were made under. */
export function toConflictsJson(findings: ConflictFindings, context: ConflictListContext): string {
  const document = {
    conference: context.conference,
    referenceDate: formatYearMonth(context.referenceDate.year, context.referenceDate.month),
    people: findings.people,
    institutions: findings.institutions,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** An institutional conflict row on the wire (docs/api-conflicts.md). */
export interface InstitutionListRow {
  institution_name: string;
  type_of_position: string;
  year: number | null;
  years: string;
}

/**
 * One row per reason an institution is a conflict. `year` is the first year of the position
 * (or application), or its last when the start is unknown; `years` spells the span:
 * '2019-2024', '2019-present' while it lasts, '2021' within one year, 'until 2024' with no
 * known start.
 */
export function toInstitutionListRows(findings: ConflictFindings): InstitutionListRow[] {
  return findings.institutions.flatMap((institution) =>
    institution.reasons.map((reason) => ({
      institution_name: institution.name,
      type_of_position: reason.positionLabel ?? '',
      year: reason.startYear ?? reason.endYear,
      years: formatYears(reason.startYear, reason.endYear),
    })),
  );
}

export function formatYears(startYear: number | null, endYear: number | null): string {
  if (startYear === null) return endYear === null ? 'present' : `until ${endYear}`;
  if (endYear === null) return `${startYear}-present`;
  return startYear === endYear ? String(startYear) : `${startYear}-${endYear}`;
}
