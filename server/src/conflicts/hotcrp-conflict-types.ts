// Our relation types as HotCRP's conflict types (docs/review-systems.md, "Our relation types as
// HotCRP conflict types"), and which one a PC member and a submission get when several reasons
// tie them. Pure.
import { hotcrpConflictValues, institutionalRelationTypeId, relationTypeIds } from '@recuse/common';

/** HotCRP's keywords, the most specific first (the order `strongestHotcrpConflict` ranks by). */
export type HotcrpConflictType = (typeof hotcrpConflictValues)[number];

const byRelationType: Readonly<Record<number, HotcrpConflictType>> = {
  [relationTypeIds.advisor]: 'advisor',
  [relationTypeIds.collaboration]: 'collaborator',
  [relationTypeIds.coauthoredPublication]: 'collaborator',
  [relationTypeIds.employment]: 'institutional',
  [relationTypeIds.personal]: 'personal',
  [relationTypeIds.jointAward]: 'collaborator',
  [relationTypeIds.jointGrant]: 'collaborator',
  [relationTypeIds.pendingEmployment]: 'institutional',
  [institutionalRelationTypeId]: 'institutional',
};

/** HotCRP's keyword for a reason of this relation type (0: the institutional rule). */
export function hotcrpConflictOf(relationTypeId: number): HotcrpConflictType {
  return byRelationType[relationTypeId] ?? 'other';
}

/**
 * HotCRP keeps one conflict type per PC member and submission. When several reasons tie them,
 * the most specific one wins, in this order: advisor (it never lapses), personal,
 * collaborator, institutional, other. Firm reasons decide before provisional ones: a pending
 * claim does not outrank a confirmed relation.
 */
export function strongestHotcrpConflict(
  reasons: ReadonlyArray<{ hotcrpConflict: HotcrpConflictType; isProvisional: boolean }>,
): HotcrpConflictType | null {
  const firm = reasons.filter((reason) => !reason.isProvisional);
  const deciding = firm.length > 0 ? firm : reasons;
  let best: HotcrpConflictType | null = null;
  for (const reason of deciding) {
    if (best === null || rank(reason.hotcrpConflict) < rank(best)) best = reason.hotcrpConflict;
  }
  return best;
}

const rank = (type: HotcrpConflictType) => hotcrpConflictValues.indexOf(type);
