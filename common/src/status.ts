// Status codes of relations and parties (docs/product.md, "Status codes").
export const relationStatus = {
  inactive: 0,
  validated: 1,
  setForDeletion: 2,
  pending: 3,
  disputed: 4,
} as const;
export type RelationStatus = (typeof relationStatus)[keyof typeof relationStatus];

/**
 * Institutions not yet on the approved list carry status 3 (docs/data-model.md); a proposal an
 * administrator rejected carries 4 (nobody may pick it).
 */
export const institutionStatus = { approved: 1, awaitingApproval: 3, rejected: 4 } as const;
