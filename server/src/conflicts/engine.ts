// The conflict engine: a user's relations, affiliations and a conference's selected rules in;
// every person and institution they conflict with, each with its reasons, out. Pure and
// linear in the size of its input (reasons are grouped with Maps, never pair by pair).
import type { ConflictRule, RelationStatus } from '@recuse/common';
import {
  institutionalRelationTypeId,
  publicationLikeTypeIds,
  relationStatus,
  relationTypeIds,
  relationTypeNames,
} from '@recuse/common';
import { collectInstitutionalConflicts } from './affiliations.ts';
import type { FindingsCollector } from './collector.ts';
import { createFindingsCollector } from './collector.ts';
import { toMonthIndex, toMonthSpan } from './dates.ts';
import type { InstitutionResolver } from './institutions.ts';
import { resolveInstitutions } from './institutions.ts';
import {
  countingStatus,
  findMatchingRule,
  groupRulesByType,
  isProvisionalStatus,
  weakerStatus,
} from './rules.ts';
import type {
  ConflictFindings,
  ConflictInput,
  ConflictReason,
  PersonRef,
  RelationFact,
} from './types.ts';

const publicationLike = new Set(publicationLikeTypeIds);

export function findConflicts(input: ConflictInput): ConflictFindings {
  const reference = toMonthIndex(input.referenceDate);
  const rulesByType = groupRulesByType(input.rules);
  const resolver = input.resolver ?? resolveInstitutions(input.institutions ?? []);
  const collector = createFindingsCollector();

  for (const relation of input.relations) {
    const rule = findMatchingRule(
      rulesByType.get(relation.typeId),
      toMonthSpan(relation.start, relation.end),
      reference,
    );
    if (!rule) continue;
    if (relation.typeId === relationTypeIds.pendingEmployment) {
      collectPendingEmployment(input.userId, relation, rule, resolver, collector);
      continue;
    }
    // One reason object per relation and status, shared by the people it links: a paper with
    // 300 authors allocates one reason, not 300. Findings are read-only.
    const reasons: Partial<Record<RelationStatus, ConflictReason>> = {};
    forEachLinkedPerson(input.userId, relation, (person, status) => {
      const reason = (reasons[status] ??= relationReason(rule, relation, status));
      collector.addPersonReason(person, reason);
    });
  }

  collectInstitutionalConflicts(
    {
      userId: input.userId,
      reference,
      rules: rulesByType.get(institutionalRelationTypeId) ?? [],
      affiliations: input.affiliations ?? [],
      resolver,
    },
    collector,
  );
  return collector.finish();
}

function typeName(typeId: number): string {
  return relationTypeNames[typeId] ?? `Type ${typeId}`;
}

function relationReason(
  rule: ConflictRule,
  relation: RelationFact,
  status: RelationStatus,
): ConflictReason {
  return {
    ruleValue: rule.value,
    ruleTitle: rule.title,
    relationId: relation.id,
    affiliationId: null,
    relationTypeId: relation.typeId,
    relationTypeName: typeName(relation.typeId),
    title: relation.title,
    startYear: relation.start?.year ?? null,
    startMonth: relation.start?.month ?? null,
    endYear: relation.end?.year ?? null,
    endMonth: relation.end?.month ?? null,
    status,
    isProvisional: isProvisionalStatus(status),
    isIntern: false,
  };
}

/**
 * Who a relation links the user to, and how firmly (docs/conflicts.md, "Which relations count"):
 * - A relation retired as a whole (its own status inactive or set for deletion) links nobody,
 *   and neither does one on which the user's own party row does not count.
 * - Publication-like relations (types 3, 6, 7) link the user to the creator and every other
 *   party. Person relations (types 1, 2, 4, 5) link the creator with each party, so a party
 *   is linked to the creator only.
 * - A link is as firm as its weaker side (`weakerStatus`); the creator stands behind their
 *   own relation, so their side is validated. Deleted users are never linked, nor the user.
 * A person named twice on one relation is reported twice; the collector keeps one reason.
 */
export function forEachLinkedPerson(
  userId: number,
  relation: RelationFact,
  visit: (person: PersonRef, status: RelationStatus) => void,
): void {
  if (countingStatus(relation.status) === null) return;
  const isCreator = relation.creator.id === userId;
  let userStatus: RelationStatus | null = relationStatus.validated;
  if (!isCreator) {
    const own = relation.parties.find((party) => party.id === userId);
    userStatus = own ? countingStatus(own.status) : null;
  }
  if (userStatus === null) return;

  if (!isCreator && isLinkable(relation.creator, userId)) visit(relation.creator, userStatus);
  if (!isCreator && !publicationLike.has(relation.typeId)) return;
  for (const party of relation.parties) {
    const status = weakerStatus(userStatus, countingStatus(party.status));
    if (status !== null && isLinkable(party, userId)) visit(party, status);
  }
}

function isLinkable(person: PersonRef, userId: number): boolean {
  return !person.isDeleted && person.id !== userId;
}

/**
 * Type 8 names an institution, not a person: the user's own pending employment or
 * application makes that (canonical) institution a conflict. It is provisional while the
 * relation is pending or the institution awaits approval. A type 8 relation without an
 * institution, or one the user did not create, gives nothing.
 */
function collectPendingEmployment(
  userId: number,
  relation: RelationFact,
  rule: ConflictRule,
  resolver: InstitutionResolver,
  collector: FindingsCollector,
): void {
  if (relation.creator.id !== userId) return;
  if (relation.institutionId === null || relation.institutionId === undefined) return;
  const canonicalId = resolver.canonicalIdOf(relation.institutionId);
  const approval = resolver.isApproved(canonicalId)
    ? relationStatus.validated
    : relationStatus.pending;
  const status = weakerStatus(countingStatus(relation.status), approval);
  if (status === null) return;
  collector.addInstitutionReason(canonicalId, resolver.nameOf(canonicalId), {
    ruleValue: rule.value,
    ruleTitle: rule.title,
    relationId: relation.id,
    affiliationId: null,
    relationTypeId: relation.typeId,
    relationTypeName: typeName(relation.typeId),
    positionLabel: typeName(relation.typeId),
    isIntern: false,
    startYear: relation.start?.year ?? null,
    startMonth: relation.start?.month ?? null,
    endYear: relation.end?.year ?? null,
    endMonth: relation.end?.month ?? null,
    status,
    isProvisional: isProvisionalStatus(status),
  });
}
