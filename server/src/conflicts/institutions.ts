// Resolves institutions to one canonical institution (merges and aliases), so that 'MIT' and
// 'Massachusetts Institute of Technology' are the same place when conflicts are computed.
import { institutionKey } from '@recuse/common';
import type { InstitutionFact } from './types.ts';

export interface InstitutionResolver {
  /** The canonical id; an id the resolver was not given is its own canonical institution. */
  canonicalIdOf(id: number): number;
  nameOf(canonicalId: number): string;
  /**
   * Whether the canonical institution is approved (status 3 awaits an administrator); one the
   * resolver was not given counts as approved.
   */
  isApproved(canonicalId: number): boolean;
}

/** Names compare without case, accents, punctuation or repeated spaces (one rule, in common). */
export { institutionKey };

/**
 * Which institutions are the same place, in plain words:
 * - an institution merged into another (merged_into, followed through chains) is that other;
 * - two institutions with the same name (compared by `institutionKey`, the keys stored with
 *   them) are one;
 * - an institution whose name is another's alias is that other. Aliases are matched against
 *   names only, never alias against alias, so two universities that both answer to 'UCL' stay
 *   apart unless one of them is literally named 'UCL'.
 * The canonical member of a group is one not merged into anything, approved if possible,
 * with the lowest id; its name is the name shown.
 */
export function resolveInstitutions(institutions: readonly InstitutionFact[]): InstitutionResolver {
  const parent = new Map<number, number>();
  const find = (id: number): number => {
    let root = id;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root) ?? root;
    let node = id;
    while (node !== root) {
      const next = parent.get(node) ?? root;
      parent.set(node, root);
      node = next;
    }
    return root;
  };
  const union = (first: number, second: number) => {
    const a = find(first);
    const b = find(second);
    if (a !== b) parent.set(Math.max(a, b), Math.min(a, b));
  };

  const byId = new Map<number, InstitutionFact>();
  const idByNameKey = new Map<string, number>();
  for (const institution of institutions) {
    byId.set(institution.id, institution);
    parent.set(institution.id, institution.id);
  }
  for (const institution of institutions) {
    if (institution.mergedIntoId !== null) {
      if (!parent.has(institution.mergedIntoId)) {
        parent.set(institution.mergedIntoId, institution.mergedIntoId);
      }
      union(institution.id, institution.mergedIntoId);
    }
    const sameName = idByNameKey.get(institution.nameKey);
    if (sameName === undefined) idByNameKey.set(institution.nameKey, institution.id);
    else union(institution.id, sameName);
  }
  for (const institution of institutions) {
    for (const aliasKey of institution.aliasKeys) {
      const named = idByNameKey.get(aliasKey);
      if (named !== undefined) union(institution.id, named);
    }
  }

  const canonicalOfRoot = new Map<number, InstitutionFact>();
  const rank = (institution: InstitutionFact) =>
    (institution.mergedIntoId === null ? 0 : 2) + (institution.isApproved ? 0 : 1);
  for (const institution of institutions) {
    const root = find(institution.id);
    const best = canonicalOfRoot.get(root);
    const isBetter =
      !best ||
      rank(institution) < rank(best) ||
      (rank(institution) === rank(best) && institution.id < best.id);
    if (isBetter) canonicalOfRoot.set(root, institution);
  }

  return {
    canonicalIdOf(id) {
      if (!parent.has(id)) return id;
      return canonicalOfRoot.get(find(id))?.id ?? id;
    },
    nameOf(canonicalId) {
      return byId.get(canonicalId)?.name ?? `Institution ${canonicalId}`;
    },
    isApproved(canonicalId) {
      return byId.get(canonicalId)?.isApproved ?? true;
    },
  };
}
