// The matrix as files for HotCRP and for the chair (docs/review-systems.md): the bulk-assignment
// CSV, the collaborators CSV that HotCRP's collaboratordiff reads, and the matrix with every
// reason. Pure: the matrix in, CSV text out, written as conflicts/csv.ts writes CSV (RFC 4180,
// CRLF, cells that a spreadsheet would run as a formula neutralised).
import { toCsvRecord, formatYearMonth } from '../../conflicts/csv.ts';
import { toHotcrpAffiliation, toHotcrpName } from '../../conflicts/exports.ts';
import type { ConflictReason, InstitutionReason } from '../../conflicts/types.ts';
import type { VersionPair } from '@recuse/common';
import { isWithheldPersonalReason, messages } from '@recuse/common';
import { isWithheld } from '../../conflicts/personal-details.ts';
import { pairKey } from './decisions.ts';
import type { Matrix } from './matrix.service.ts';

const toCsv = (records: ReadonlyArray<ReadonlyArray<string | number | null>>) =>
  records.map((record) => `${toCsvRecord(record)}\r\n`).join('');

/**
 * The lines HotCRP's bulk assignment file carries, provisional ones included (flagged): one per
 * member and submission with a conflict type to set (the strongest of its reasons; a member
 * who is only an author of the submission is left to HotCRP, which knows its authors), and one
 * per chair's decision on a member of the committee and a paper among the submissions, pinned:
 * `confirmed` sets the type the chair chose (else the matrix's, else `other`), `not_conflict`
 * clears the conflict. By paper, then by the member's line in the committee file.
 */
export function assignmentPairs(matrix: Matrix): VersionPair[] {
  const lineOf = new Map(matrix.members.map((member) => [member.email, member.line]));
  const computed = new Map(
    matrix.conflicts.map((conflict) => [pairKey(conflict.paper, conflict.member_email), conflict]),
  );
  const pairs: VersionPair[] = [];
  const decided = new Set<string>();
  for (const decision of matrix.decisions) {
    if (!decision.applies) continue;
    const key = pairKey(decision.paper, decision.member_email);
    decided.add(key);
    const conflict =
      decision.decision === 'confirmed'
        ? (decision.conflict ?? computed.get(key)?.hotcrp_conflict ?? 'other')
        : null;
    pairs.push({
      paper: decision.paper,
      member_email: decision.member_email,
      action: decision.decision === 'confirmed' ? 'conflict' : 'clearconflict',
      conflict,
      is_provisional: false,
      is_pinned: true,
    });
  }
  for (const conflict of matrix.conflicts) {
    if (!conflict.hotcrp_conflict) continue;
    if (decided.has(pairKey(conflict.paper, conflict.member_email))) continue;
    pairs.push({
      paper: conflict.paper,
      member_email: conflict.member_email,
      action: 'conflict',
      conflict: conflict.hotcrp_conflict,
      is_provisional: conflict.is_provisional,
      is_pinned: false,
    });
  }
  return pairs.sort(
    (first, second) =>
      first.paper - second.paper ||
      (lineOf.get(first.member_email) ?? 0) - (lineOf.get(second.member_email) ?? 0),
  );
}

/** One line of the bulk assignment file: `pin` follows the type of a chair's decision. */
export function toAssignmentRecord(pair: VersionPair): Array<string | number> {
  const conflict = pair.action === 'clearconflict' ? '' : (pair.conflict ?? 'other');
  return [
    pair.paper,
    pair.action,
    pair.member_email,
    pair.is_pinned && conflict !== '' ? `${conflict} pin` : conflict,
  ];
}

/**
 * HotCRP's bulk assignments: `paper,action,email,conflict` (assignmentPairs). Provisional
 * conflicts (every reason pending or disputed) are left out unless asked for, a chair's
 * decision never: a claim nobody confirmed should not bar a reviewer without the chair looking
 * at it first.
 */
export function toHotcrpAssignmentsCsv(
  matrix: Matrix,
  options: { includeProvisional: boolean },
): string {
  const records: Array<Array<string | number | null>> = [['paper', 'action', 'email', 'conflict']];
  for (const pair of assignmentPairs(matrix)) {
    if (pair.is_provisional && !options.includeProvisional) continue;
    records.push(toAssignmentRecord(pair));
  }
  return toCsv(records);
}

function reasonNote(reason: ConflictReason | InstitutionReason, evidence: string | null): string {
  if (isWithheld(reason)) {
    // The bare words alone: the rule is withheld too, and no dates (the note would read
    // 'ongoing' for dates that are only withheld).
    return `${reason.isProvisional ? 'provisional: ' : ''}${messages.personalRelationWithheld}`;
  }
  const dates = [
    formatYearMonth(reason.startYear, reason.startMonth),
    reason.endYear === null ? 'ongoing' : formatYearMonth(reason.endYear, reason.endMonth),
  ]
    .filter(Boolean)
    .join(' to ');
  const parts = [reason.ruleTitle, evidence, dates].filter((part) => part);
  return `${reason.isProvisional ? 'provisional: ' : ''}${parts.join(', ')}`;
}

/**
 * `user_email,name,affiliation,note` for HotCRP's `batch/collaboratordiff.php --csv`: each
 * matched member's whole conflict list (people as `Name (Affiliation)`, institutions as
 * `All (Institution)`), with the first reason as the note, so a member's HotCRP collaborators
 * can be compared with what Recuse knows. Names and affiliations are cleaned as the
 * collaborators text cleans them.
 */
export function toCollaboratorsCsv(matrix: Matrix): string {
  const records: Array<Array<string | number | null>> = [
    ['user_email', 'name', 'affiliation', 'note'],
  ];
  for (const member of matrix.members) {
    for (const person of member.findings?.people ?? []) {
      const first = person.reasons[0]!;
      records.push([
        member.email,
        toHotcrpName(person.name),
        person.affiliation ? toHotcrpAffiliation(person.affiliation) : '',
        reasonNote(first, first.title),
      ]);
    }
    for (const institution of member.findings?.institutions ?? []) {
      const first = institution.reasons[0]!;
      records.push([
        member.email,
        'All',
        toHotcrpAffiliation(institution.name),
        reasonNote(first, first.positionLabel),
      ]);
    }
  }
  return toCsv(records);
}

const matrixCsvHeader = [
  'paper',
  'title',
  'member_email',
  'member_name',
  'author_line',
  'author_name',
  'author_email',
  'kind',
  'hotcrp_conflict',
  'provisional',
  'rule',
  'rule_title',
  'relation_type',
  'evidence',
  'status',
  'start',
  'end',
  'relation_id',
  'affiliation_id',
  'institution',
  'placed_by',
  'other_paper',
] as const;

const statusLabels: Readonly<Record<number, string>> = {
  1: 'validated',
  3: 'pending',
  4: 'disputed',
};

/** Reasons with dates of their own: an open end means ongoing. */
const datedKinds = new Set(['relation', 'institutional', 'institution']);

/** Every reason of every conflicting member and submission, one row each. */
export function toMatrixCsv(matrix: Matrix): string {
  const titleOf = new Map(matrix.submissions.map((paper) => [paper.paper, paper.title]));
  const memberOf = new Map(matrix.members.map((member) => [member.line, member]));
  const records: Array<Array<string | number | null>> = [[...matrixCsvHeader]];
  for (const conflict of matrix.conflicts) {
    const member = memberOf.get(conflict.member_line);
    for (const reason of conflict.reasons) {
      records.push([
        conflict.paper,
        titleOf.get(conflict.paper) ?? '',
        conflict.member_email,
        member?.name ?? '',
        reason.author.line,
        reason.author.name,
        reason.author.email,
        reason.kind,
        reason.hotcrp_conflict,
        reason.is_provisional ? 'yes' : 'no',
        reason.rule_value,
        reason.rule_title,
        reason.relation_type_name,
        reason.title,
        statusLabels[reason.status] ?? String(reason.status),
        formatYearMonth(reason.start_year, reason.start_month),
        reason.end_year !== null
          ? formatYearMonth(reason.end_year, reason.end_month)
          : datedKinds.has(reason.kind) && !isWithheldPersonalReason(reason)
            ? 'ongoing'
            : '',
        reason.relation_id,
        reason.affiliation_id,
        reason.institution?.name ?? null,
        reason.matched_by,
        reason.other_paper,
      ]);
    }
  }
  return toCsv(records);
}
