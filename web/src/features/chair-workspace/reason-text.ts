// How the matrix's reasons read in the workspace, built on the shared formatting
// (web/src/lib/reason-format.ts: dates, the relation's page, the provisional explanation).
import type { MatrixConflict, MatrixReason } from '@recuse/common';
import { isWithheldPersonalReason } from '@recuse/common';
import { formatReasonDates } from '../../lib/reason-format.ts';
import { paths } from '../../app/paths.ts';

export { provisionalExplanation } from '../../lib/reason-format.ts';

const placedBy: Readonly<Record<string, string>> = {
  name: 'affiliation',
  alias: 'affiliation (an alias)',
  email_domain: 'e-mail domain',
};

/** 'Ph.D. advisor with Edsger Dijkstra, 09/1990 – 06/1995' and the like. */
export function reasonSummary(reason: MatrixReason): string {
  const who = reason.author.name || reason.author.email;
  const at = reason.institution?.name ?? reason.title ?? '';
  const dates = formatReasonDates(reason);
  const parts = (() => {
    switch (reason.kind) {
      case 'relation':
        return [
          `${reason.relation_type_name ?? 'Relation'} with ${who}`,
          reason.title ? `“${reason.title}”` : '',
          dates,
        ];
      case 'institutional':
        return [`${who} and the member both at ${at}`, dates];
      case 'institution':
        return [
          `Member at ${at}; ${who} placed there by ${placedBy[reason.matched_by ?? 'name']}`,
          dates,
        ];
      case 'declared_affiliation':
        return [`The files place the member and ${who} at ${at}`];
      case 'submission_coauthor':
        return [`${who} co-authors paper ${reason.other_paper} with the member`];
      case 'author':
        return ['The member is an author of this submission'];
    }
  })();
  return parts.filter(Boolean).join(', ');
}

/**
 * The rule a reason names, before its summary; none for a withheld personal relation, whose
 * summary's bare words already say all the rule may (docs/conflicts.md, "Personal relations").
 */
export function reasonRule(reason: MatrixReason): string | null {
  return isWithheldPersonalReason(reason) ? null : reason.rule_title;
}

/** 'Ph.D. advisor or advisee (always): Ph.D. advisor/advisee with Edsger Dijkstra, …'. */
export function reasonLine(reason: MatrixReason): string {
  const rule = reasonRule(reason);
  return rule ? `${rule}: ${reasonSummary(reason)}` : reasonSummary(reason);
}

/**
 * The relation page behind a reason, when there is one the reader may open: a withheld personal
 * relation is seen only by its parties and the administrators.
 */
export function reasonLink(reason: MatrixReason): string | null {
  if (isWithheldPersonalReason(reason)) return null;
  return reason.relation_id !== null && reason.relation_type_id !== null
    ? paths.relation.href(reason.relation_id, reason.relation_type_id)
    : null;
}

/** HotCRP's keyword as a person reads it. */
export const conflictTypeLabels: Readonly<Record<string, string>> = {
  advisor: 'Advisor/advisee',
  personal: 'Personal',
  collaborator: 'Collaborator',
  institutional: 'Institutional',
  other: 'Other',
  author: 'Author',
};

/** The pair's type as the heat map and the table show it ('author' when only an author). */
export function pairType(conflict: Pick<MatrixConflict, 'hotcrp_conflict'>): string {
  return conflict.hotcrp_conflict ?? 'author';
}
