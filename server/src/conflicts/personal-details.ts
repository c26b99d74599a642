// A personal relation (type 5) is seen in full only by its parties and the administrators
// (docs/conflicts.md, "Personal relations"). Everyone else who is shown the conflict it makes (a
// chair's matrix and its files, the check of one person, the files a user exports to hand to a
// chair) sees a bare conflict: the rule that matched and its status, the relation type as
// 'Personal relation (details withheld)', and no dates or title. Comments never reach a conflict
// list. Pure: findings in, findings out.
import { messages, relationTypeIds } from '@recuse/common';
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
    relationTypeName: messages.personalRelationWithheld,
    title: null,
    startYear: null,
    startMonth: null,
    endYear: null,
    endMonth: null,
  };
}

/** The findings with every personal reason withheld; institutions have no personal reasons. */
export function withholdPersonalDetails(findings: ConflictFindings): ConflictFindings {
  return {
    ...findings,
    people: findings.people.map((person) =>
      person.reasons.some(isPersonal)
        ? { ...person, reasons: person.reasons.map(withholdPersonalReason) }
        : person,
    ),
  };
}
