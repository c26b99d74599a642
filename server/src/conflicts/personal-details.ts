// A personal relation (type 5) is seen in full only by its parties and the administrators
// (docs/conflicts.md, "Personal relations"). Everyone else who is shown the conflict it makes (a
// chair's matrix and its files, the check of one person, the audit, the files a user exports to
// hand to a chair) sees a bare conflict: its status, and 'Personal relation (details withheld)'
// as the relation type and as the rule (the conference's rule would tell its own words and its
// window); no dates, no title, and a place among the person's reasons that tells no date.
// Comments never reach a conflict list. Pure: findings in, findings out.
import { messages, relationTypeIds, withheldPersonalRule } from '@recuse/common';
import type { ConflictFindings, ConflictReason } from './types.ts';

const isPersonal = (reason: ConflictReason) => reason.relationTypeId === relationTypeIds.personal;

/** A reason whose details were withheld: its dates are unknown to the reader, not ongoing. */
export function isWithheld(reason: { relationTypeName: string }): boolean {
  return reason.relationTypeName === messages.personalRelationWithheld;
}

/** The reason as someone who is not a party to its relation may see it. */
export function withholdPersonalReason(reason: ConflictReason): ConflictReason {
  if (!isPersonal(reason)) return reason;
  return {
    ...reason,
    ruleValue: withheldPersonalRule.value,
    ruleTitle: withheldPersonalRule.title,
    relationTypeName: messages.personalRelationWithheld,
    title: null,
    startYear: null,
    startMonth: null,
    endYear: null,
    endMonth: null,
  };
}

/**
 * A person's reasons with the personal ones withheld. Reasons read firm first, then most recent
 * (collector.ts); a withheld reason has no date to read, so it goes after the dated reasons of its
 * firmness instead of where its dates put it, which would tell them.
 */
function withholdReasons(reasons: readonly ConflictReason[]): ConflictReason[] {
  const rank = (reason: ConflictReason) =>
    (reason.isProvisional ? 2 : 0) + (isPersonal(reason) ? 1 : 0);
  return reasons
    .map((reason, index) => ({ reason, index, rank: rank(reason) }))
    .sort((first, second) => first.rank - second.rank || first.index - second.index)
    .map(({ reason }) => withholdPersonalReason(reason));
}

/** The findings with every personal reason withheld; institutions have no personal reasons. */
export function withholdPersonalDetails(findings: ConflictFindings): ConflictFindings {
  return {
    ...findings,
    people: findings.people.map((person) =>
      person.reasons.some(isPersonal)
        ? { ...person, reasons: withholdReasons(person.reasons) }
        : person,
    ),
  };
}
