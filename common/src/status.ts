// Status codes of relations and parties (SPEC section 4).
export const relationStatus = {
  inactive: 0,
  validated: 1,
  setForDeletion: 2,
  pending: 3,
  disputed: 4,
} as const;
export type RelationStatus = (typeof relationStatus)[keyof typeof relationStatus];

/** Institutions not yet on the approved list carry status 3 (SPEC section 4). */
export const institutionStatus = { approved: 1, awaitingApproval: 3 } as const;
