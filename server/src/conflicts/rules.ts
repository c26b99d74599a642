// Which relations count, how two parties' statuses combine, and which selected rule a
// relation satisfies. The engine applies these; they read as the policy they implement.
import type { ConflictRule, RelationStatus } from '@recuse/common';
import { relationStatus } from '@recuse/common';
import type { MonthSpan } from './dates.ts';
import { satisfiesRule } from './dates.ts';

/**
 * Status policy (docs/conflicts.md, "Which relations count"): validated (1) is a conflict; pending
 * (3) and disputed (4) are provisional conflicts, marked so; inactive (0), set for deletion (2) and
 * any unknown code count for nothing.
 */
export function countingStatus(status: number): RelationStatus | null {
  if (status === relationStatus.validated) return relationStatus.validated;
  if (status === relationStatus.pending) return relationStatus.pending;
  if (status === relationStatus.disputed) return relationStatus.disputed;
  return null;
}

export function isProvisionalStatus(status: RelationStatus): boolean {
  return status !== relationStatus.validated;
}

const strength: Record<RelationStatus, number> = { 1: 3, 3: 2, 4: 1, 0: 0, 2: 0 };

/**
 * Two people are linked through a relation only as firmly as its weaker side: both validated
 * is a conflict; otherwise disputed is weaker than pending, and the weaker status is reported.
 * `null` on either side (not counting) means no link.
 */
export function weakerStatus(
  first: RelationStatus | null,
  second: RelationStatus | null,
): RelationStatus | null {
  if (first === null || second === null) return null;
  return strength[first] <= strength[second] ? first : second;
}

/** The selected rules grouped by relation type id, keeping their order. */
export function groupRulesByType(
  rules: readonly ConflictRule[],
): ReadonlyMap<number, readonly ConflictRule[]> {
  const byType = new Map<number, ConflictRule[]>();
  for (const rule of rules) {
    const list = byType.get(rule.relationTypeId);
    if (list) list.push(rule);
    else byType.set(rule.relationTypeId, [rule]);
  }
  return byType;
}

/**
 * Several selected rules may name the same relation type (say, 'within 4 years' and a
 * stricter custom one). A relation is explained by the first of them, in the conference's
 * order, that it satisfies; one reason per relation keeps the list readable.
 */
export function findMatchingRule(
  rules: readonly ConflictRule[] | undefined,
  span: MonthSpan,
  reference: number,
): ConflictRule | undefined {
  if (!rules) return undefined;
  return rules.find((rule) => satisfiesRule(rule, span, reference));
}
