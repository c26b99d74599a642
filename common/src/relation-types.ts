// The eight relation types (docs/product.md, "Relation types"): names, which dates the form shows,
// their labels, formats and mandatory flags, who is named on them and what else they require.
// Migration 0005 seeds the relation_types table with exactly this, and a test holds the two
// together. The browser's form and the server's checks both read it.

import type { RelationTypeWire } from './schemas/relation-replies.ts';

/** Relation type ids, seeded by migration 0005 (docs/data-model.md, "Relations"). */
export const relationTypeIds = {
  advisor: 1,
  collaboration: 2,
  coauthoredPublication: 3,
  employment: 4,
  personal: 5,
  jointAward: 6,
  jointGrant: 7,
  pendingEmployment: 8,
} as const;
export type RelationTypeId = (typeof relationTypeIds)[keyof typeof relationTypeIds];

/** The wire's date formats: 2 is month and year (MM/yyyy), 1 the year only. */
export const dateFormats = { year: 1, monthYear: 2 } as const;
export type DateFormat = (typeof dateFormats)[keyof typeof dateFormats];

/** Who a relation names besides its creator. */
export type RelationTypeKind = 'person' | 'publication' | 'institution';

export interface RelationType {
  id: RelationTypeId;
  name: string;
  description: string;
  /** person: one other person (rUserId); publication: a title and co-authors; institution: type 8. */
  kind: RelationTypeKind;
  showStartDate: boolean;
  showEndDate: boolean;
  isStartDateMandatory: boolean;
  isEndDateMandatory: boolean;
  startDateLabel: string;
  endDateLabel: string;
  startDateFormat: DateFormat;
  endDateFormat: DateFormat;
  /**
   * How many days ahead of today a date may lie: 365 for type 3, 7300 otherwise (docs/product.md,
   * "Relation types").
   */
  maxDaysAhead: number;
  /** Type 5: the creator explains the relation in a comment. */
  isCommentRequired: boolean;
  /** The title field's label: 'Publication title', 'Award name', or '' when there is none. */
  titleLabel: string;
  /** Labels of the co-author table (types 3, 6, 7): the list and one row. */
  coauthorsLabel: string;
  coauthorLabel: string;
  /** Position in the type list of the add-relation form. */
  sortOrder: number;
}

const personDefaults = {
  kind: 'person',
  showStartDate: true,
  showEndDate: true,
  isStartDateMandatory: true,
  isEndDateMandatory: false,
  startDateLabel: 'Start date',
  endDateLabel: 'End date',
  maxDaysAhead: 7300,
  isCommentRequired: false,
  titleLabel: '',
  coauthorsLabel: '',
  coauthorLabel: '',
} as const;

/**
 * The types in id order. Date choices: a publication or an award has one date (its year); the
 * others run from a start to an optional end, so the form offers "ongoing" for them
 * (docs/product.md, "The relation form"). A pending application starts at its application date and
 * stays ongoing while discussions last; the built-in rule measures 6 months from its end.
 */
export const relationTypes: readonly RelationType[] = [
  {
    ...personDefaults,
    id: 1,
    name: 'Ph.D. advisor/advisee',
    description: 'One of you advised the other’s Ph.D. (or was co-advisor).',
    startDateFormat: dateFormats.year,
    endDateFormat: dateFormats.year,
    sortOrder: 2,
  },
  {
    ...personDefaults,
    id: 2,
    name: 'Collaboration (joint project or grant)',
    description: 'You worked together on a project or a grant, without a joint publication.',
    startDateFormat: dateFormats.monthYear,
    endDateFormat: dateFormats.monthYear,
    sortOrder: 3,
  },
  {
    ...personDefaults,
    id: 3,
    kind: 'publication',
    name: 'Co-authored publication',
    description: 'You are co-authors of a paper, published or accepted.',
    showStartDate: false,
    isStartDateMandatory: false,
    isEndDateMandatory: true,
    startDateLabel: '',
    endDateLabel: 'Year of publication',
    startDateFormat: dateFormats.year,
    endDateFormat: dateFormats.year,
    maxDaysAhead: 365,
    titleLabel: 'Publication title',
    coauthorsLabel: 'Co-authors',
    coauthorLabel: 'Co-author',
    sortOrder: 1,
  },
  {
    ...personDefaults,
    id: 4,
    name: 'Employment (supervisor or colleague at the same employer)',
    description: 'One of you supervised the other, or you were colleagues at the same employer.',
    startDateFormat: dateFormats.monthYear,
    endDateFormat: dateFormats.monthYear,
    sortOrder: 4,
  },
  {
    ...personDefaults,
    id: 5,
    name: 'Personal relationship',
    description:
      'Family, partner or close friend. Please say what the relationship is in the comment.',
    isStartDateMandatory: false,
    startDateLabel: 'Since',
    endDateLabel: 'Until',
    startDateFormat: dateFormats.year,
    endDateFormat: dateFormats.year,
    isCommentRequired: true,
    sortOrder: 7,
  },
  {
    ...personDefaults,
    id: 6,
    kind: 'publication',
    name: 'Joint award',
    description: 'You received an award together.',
    showStartDate: false,
    isStartDateMandatory: false,
    isEndDateMandatory: true,
    startDateLabel: '',
    endDateLabel: 'Year of the award',
    startDateFormat: dateFormats.year,
    endDateFormat: dateFormats.year,
    titleLabel: 'Award name',
    coauthorsLabel: 'Co-awardees',
    coauthorLabel: 'Co-awardee',
    sortOrder: 5,
  },
  {
    ...personDefaults,
    id: 7,
    kind: 'publication',
    name: 'Joint grant or fellowship',
    description: 'You hold or held a grant or a fellowship together.',
    startDateLabel: 'Start year',
    endDateLabel: 'End year',
    startDateFormat: dateFormats.year,
    endDateFormat: dateFormats.year,
    titleLabel: 'Award name',
    coauthorsLabel: 'Co-awardees',
    coauthorLabel: 'Co-awardee',
    sortOrder: 6,
  },
  {
    ...personDefaults,
    id: 8,
    kind: 'institution',
    name: 'Pending employment or graduate-school application',
    description:
      'You applied for a position or to a graduate school, and the discussions are ongoing or ended recently.',
    startDateLabel: 'Application date',
    endDateLabel: 'End of discussions',
    startDateFormat: dateFormats.monthYear,
    endDateFormat: dateFormats.monthYear,
    sortOrder: 8,
  },
];

const byId = new Map<number, RelationType>(relationTypes.map((type) => [type.id, type]));

export function findRelationType(id: number): RelationType | undefined {
  return byId.get(id);
}

/** The types in the add-relation form's order. */
export const relationTypesOrdered: readonly RelationType[] = [...relationTypes].sort(
  (first, second) => first.sortOrder - second.sortOrder,
);

/** Publication-like types take co-authors: everyone on one conflicts with everyone else on it. */
export const publicationLikeTypeIds: readonly number[] = relationTypes
  .filter((type) => type.kind === 'publication')
  .map((type) => type.id);

/** Types naming exactly one other person (rUserId). */
export const personTypeIds: readonly number[] = relationTypes
  .filter((type) => type.kind === 'person')
  .map((type) => type.id);

/**
 * docs/product.md, "The relation form": the ongoing checkbox is offered only when the type shows
 * both dates, the start is mandatory and the end optional. Ticking it clears the end date.
 */
export function offersOngoing(type: RelationType): boolean {
  return (
    type.showStartDate && type.showEndDate && type.isStartDateMandatory && !type.isEndDateMandatory
  );
}

/**
 * docs/product.md, "The relation form": the paper type sent is 0 for awards and grants (6, 7), the
 * chosen one (1 research paper by default, 2 not a research paper) for publications, and 1
 * otherwise.
 */
export const paperTypes = { 1: 'Research paper', 2: 'Not a research paper' } as const;
export const defaultPaperType = 1;

export function paperTypeFor(typeId: number, chosen: number | undefined): number {
  if (typeId === relationTypeIds.jointAward || typeId === relationTypeIds.jointGrant) return 0;
  if (typeId === relationTypeIds.coauthoredPublication) return chosen ?? defaultPaperType;
  return defaultPaperType;
}

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/**
 * Every type as the answers send it (the relations list's relation_types, the relation form's
 * relationTypes), in id order and in the form's order: built once and frozen, so the server
 * writes their text once rather than on every answer (server/src/http/reply-serializer.ts).
 * Typed as the replies' (mutable) arrays they are given to; any write to them throws. Marked
 * pure, so a bundle that does not use them (the web app's) leaves them out.
 */
export const relationTypesWire: RelationTypeWire[] = /* @__PURE__ */ frozenWire(relationTypes);
export const relationTypesOrderedWire: RelationTypeWire[] =
  /* @__PURE__ */ frozenWire(relationTypesOrdered);

function frozenWire(types: readonly RelationType[]): RelationTypeWire[] {
  const frozen = Object.freeze(types.map((type) => Object.freeze(relationTypeToWire(type))));
  return frozen as RelationTypeWire[];
}

export function relationTypeToWire(type: RelationType): RelationTypeWire {
  return {
    id: type.id,
    name: type.name,
    type_name: type.name,
    description: type.description,
    show_start_date: flag(type.showStartDate),
    show_end_date: flag(type.showEndDate),
    start_date_mandatory: flag(type.isStartDateMandatory),
    end_date_mandatory: flag(type.isEndDateMandatory),
    show_start_date_label: type.startDateLabel,
    show_end_date_label: type.endDateLabel,
    start_date_format: type.startDateFormat,
    end_date_format: type.endDateFormat,
    is_multi_person: flag(type.kind === 'publication'),
    comment_mandatory: flag(type.isCommentRequired),
    allow_ongoing: flag(offersOngoing(type)),
    max_days_ahead: type.maxDaysAhead,
    title_label: type.titleLabel,
    coauthors_label: type.coauthorsLabel,
    coauthor_label: type.coauthorLabel,
  };
}
