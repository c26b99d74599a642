// The plain data the conflict engine reads and the findings it returns. A repo fills the
// inputs from the database; nothing here knows about SQL or HTTP.
import type { ConflictRule, RelationStatus } from '@recuse/common';
import type { ReferenceDate, YearMonth } from './dates.ts';
import type { InstitutionResolver } from './institutions.ts';

/** A person as a relation or an affiliation names them. */
export interface PersonRef {
  id: number;
  name: string;
  /** Their current affiliation's name, for `Name (Affiliation)` in exports. */
  affiliation?: string | null;
  /** A deleted user is never listed as a conflict. */
  isDeleted?: boolean;
}

/** One other person named on a relation (a relation_parties row), with their own status. */
export interface PartyFact extends PersonRef {
  status: number;
}

/** A relation (`GID` on the wire) the user is the creator of, or a party to. */
export interface RelationFact {
  id: number;
  typeId: number;
  /** Publication title, award or grant name; `null` for person types without one. */
  title: string | null;
  start: YearMonth | null;
  /** `null`: ongoing. Publications keep their year here (`date_end_year` on the wire). */
  end: YearMonth | null;
  /**
   * The relation's own status: for type 8 (no parties) it is the only status; for the other
   * types 0 (inactive) or 2 (set for deletion) retire the whole relation, and any other value
   * defers to the parties' statuses.
   */
  status: number;
  creator: PersonRef;
  parties: readonly PartyFact[];
  /** Type 8 only: the institution of the pending employment or application. */
  institutionId?: number | null;
}

/** A row of the affiliations table, with the person it belongs to. */
export interface AffiliationFact {
  id: number;
  person: PersonRef;
  institutionId: number;
  positionLabel: string | null;
  isIntern: boolean;
  start: YearMonth | null;
  /** Ignored when `isCurrent`; `null` without `isCurrent` also reads as still there. */
  end: YearMonth | null;
  isCurrent: boolean;
}

/** An institution row: the keys of its names, and the institution it was merged into, if any. */
export interface InstitutionFact {
  id: number;
  name: string;
  /**
   * `institutionKey` of the name and of each alias, as stored with the institution (name_key,
   * alias_keys): the keys the statements find the same places by, so the resolver groups by
   * the same ones. The aliases themselves are never shown, so they are not read.
   */
  nameKey: string;
  aliasKeys: readonly string[];
  mergedIntoId: number | null;
  /** False while awaiting an administrator's approval (status 3). */
  isApproved: boolean;
}

export interface ConflictInput {
  userId: number;
  referenceDate: ReferenceDate;
  /** The selected rules; a relation type with no selected rule yields no conflict. */
  rules: readonly ConflictRule[];
  relations: readonly RelationFact[];
  /** The user's affiliations and those of everyone at the same institutions. */
  affiliations?: readonly AffiliationFact[];
  /** Every institution the affiliations and type 8 relations name. */
  institutions?: readonly InstitutionFact[];
  /**
   * `resolveInstitutions(institutions)`, when the caller has it already: a committee's users
   * share one set of institutions, and resolving it again per user was most of the engine's
   * time on a matrix of 500 members (docs/benchmarks.md).
   */
  resolver?: InstitutionResolver;
}

/**
 * Why a person is a conflict: the rule that matched and its evidence. Read-only: the engine
 * shares one reason object among all the people a relation links.
 */
export interface ConflictReason {
  readonly ruleValue: string;
  readonly ruleTitle: string;
  /** Set when a relation is the evidence. */
  readonly relationId: number | null;
  /** Set when an affiliation (institutional rule) is the evidence: the other side's row. */
  readonly affiliationId: number | null;
  readonly relationTypeId: number;
  readonly relationTypeName: string;
  /** Publication or award title; the institution's name for institutional reasons. */
  readonly title: string | null;
  readonly startYear: number | null;
  readonly startMonth: number | null;
  readonly endYear: number | null;
  readonly endMonth: number | null;
  readonly status: RelationStatus;
  readonly isProvisional: boolean;
  /** Institutional reasons only: an intern position is on either side. */
  readonly isIntern: boolean;
}

export interface ConflictPerson {
  id: number;
  name: string;
  affiliation: string | null;
  /** True only when every reason is provisional. */
  isProvisional: boolean;
  reasons: ConflictReason[];
}

/** Why an institution as a whole is a conflict: one of the user's affiliations, or type 8. */
export interface InstitutionReason {
  readonly ruleValue: string;
  readonly ruleTitle: string;
  readonly relationId: number | null;
  readonly affiliationId: number | null;
  readonly relationTypeId: number;
  readonly relationTypeName: string;
  /** The user's position there, or the relation type name for type 8. */
  readonly positionLabel: string | null;
  readonly isIntern: boolean;
  readonly startYear: number | null;
  readonly startMonth: number | null;
  readonly endYear: number | null;
  readonly endMonth: number | null;
  readonly status: RelationStatus;
  readonly isProvisional: boolean;
}

export interface ConflictInstitution {
  /** The canonical institution (aliases and merges resolved). */
  id: number;
  name: string;
  isProvisional: boolean;
  reasons: InstitutionReason[];
}

export interface ConflictFindings {
  people: ConflictPerson[];
  institutions: ConflictInstitution[];
}
