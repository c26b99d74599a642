// Institutional conflicts: the user's own institutions, and the people whose time at the same
// institution overlapped the user's recently enough for the Institutional rule.
import type { ConflictRule, RelationStatus } from '@recuse/common';
import { relationStatus, relationTypeNames } from '@recuse/common';
import type { YearMonth } from './dates.ts';
import { satisfiesRule, toMonthIndex } from './dates.ts';
import type { FindingsCollector } from './collector.ts';
import type { InstitutionResolver } from './institutions.ts';
import { isProvisionalStatus } from './rules.ts';
import type { AffiliationFact } from './types.ts';

interface Bound {
  date: YearMonth;
  index: number;
}

interface Period {
  /** `null`: unknown start. */
  start: Bound | null;
  /** `null`: current, no end. */
  end: Bound | null;
}

function toBound(date: YearMonth | null): Bound | null {
  return date === null ? null : { date, index: toMonthIndex(date) };
}

function periodOf(affiliation: AffiliationFact): Period {
  return {
    start: toBound(affiliation.start),
    end: affiliation.isCurrent ? null : toBound(affiliation.end),
  };
}

/**
 * Two people overlap at an institution from the later of their starts to the earlier of their
 * ends (an unknown start reaches back indefinitely, a current position forward). They do not
 * overlap when that period is empty.
 */
export function overlapOf(first: Period, second: Period): Period | null {
  const start = laterBound(first.start, second.start);
  const end = earlierBound(first.end, second.end);
  if (start !== null && end !== null && start.index > end.index) return null;
  return { start, end };
}

function laterBound(first: Bound | null, second: Bound | null): Bound | null {
  if (first === null) return second;
  if (second === null) return first;
  return second.index > first.index ? second : first;
}

function earlierBound(first: Bound | null, second: Bound | null): Bound | null {
  if (first === null) return second;
  if (second === null) return first;
  return second.index < first.index ? second : first;
}

function spanOf(period: Period) {
  return { start: period.start?.index ?? null, end: period.end?.index ?? null };
}

function datesOf(period: Period) {
  return {
    startYear: period.start?.date.year ?? null,
    startMonth: period.start?.date.month ?? null,
    endYear: period.end?.date.year ?? null,
    endMonth: period.end?.date.month ?? null,
  };
}

export interface InstitutionalInput {
  userId: number;
  reference: number;
  rules: readonly ConflictRule[];
  affiliations: readonly AffiliationFact[];
  resolver: InstitutionResolver;
}

/**
 * The Institutional rule, in plain words:
 * - The institution itself is a conflict (HotCRP's `All (Institution)`) when one of the user's
 *   own affiliations there satisfies the rule: an end-date rule measures the end, a current
 *   position is measured at R.
 * - A person is a conflict when their affiliation at the same canonical institution overlaps
 *   one of the user's, and the overlap satisfies the rule (an end-date rule: the overlap ended
 *   no more than the window before R, or has not ended).
 * - An institution awaiting approval gives provisional conflicts (as type 8 stays pending).
 * - Intern positions count like any other, and are marked `isIntern` on the reason: leaving
 *   them out would hide real ties (the intern's mentor, the group they sat in), and the mark
 *   lets a chair or the user weigh them. Deleted users are never listed.
 */
export function collectInstitutionalConflicts(
  input: InstitutionalInput,
  collector: FindingsCollector,
): void {
  if (input.rules.length === 0) return;
  const { resolver, reference } = input;
  const own: AffiliationFact[] = [];
  const othersByInstitution = new Map<number, AffiliationFact[]>();
  for (const affiliation of input.affiliations) {
    if (affiliation.person.id === input.userId) {
      own.push(affiliation);
      continue;
    }
    if (affiliation.person.isDeleted) continue;
    const canonicalId = resolver.canonicalIdOf(affiliation.institutionId);
    const list = othersByInstitution.get(canonicalId);
    if (list) list.push(affiliation);
    else othersByInstitution.set(canonicalId, [affiliation]);
  }

  for (const mine of own) {
    const canonicalId = resolver.canonicalIdOf(mine.institutionId);
    const name = resolver.nameOf(canonicalId);
    const status: RelationStatus = resolver.isApproved(canonicalId)
      ? relationStatus.validated
      : relationStatus.pending;
    const myPeriod = periodOf(mine);
    const institutionRule = input.rules.find((rule) =>
      satisfiesRule(rule, spanOf(myPeriod), reference),
    );
    if (institutionRule) {
      collector.addInstitutionReason(canonicalId, name, {
        ruleValue: institutionRule.value,
        ruleTitle: institutionRule.title,
        relationId: null,
        affiliationId: mine.id,
        relationTypeId: institutionRule.relationTypeId,
        relationTypeName: relationTypeNames[institutionRule.relationTypeId] ?? 'Institutional',
        positionLabel: mine.positionLabel,
        isIntern: mine.isIntern,
        ...datesOf(myPeriod),
        status,
        isProvisional: isProvisionalStatus(status),
      });
    }

    for (const other of othersByInstitution.get(canonicalId) ?? []) {
      const overlap = overlapOf(myPeriod, periodOf(other));
      if (!overlap) continue;
      const rule = input.rules.find((candidate) =>
        satisfiesRule(candidate, spanOf(overlap), reference),
      );
      if (!rule) continue;
      collector.addPersonReason(
        { ...other.person, affiliation: other.person.affiliation ?? name },
        {
          ruleValue: rule.value,
          ruleTitle: rule.title,
          relationId: null,
          affiliationId: other.id,
          relationTypeId: rule.relationTypeId,
          relationTypeName: relationTypeNames[rule.relationTypeId] ?? 'Institutional',
          title: name,
          ...datesOf(overlap),
          status,
          isProvisional: isProvisionalStatus(status),
          isIntern: mine.isIntern || other.isIntern,
        },
      );
    }
  }
}
