// What the picture draws, computed from data the page already has: the people the user shares
// relations with (the list call's `relations`), each with their count per relation type, and
// whether the chosen rules make them a conflict (`user_conflicts`). Pure, so it is tested
// without drawing, and it stays linear in the number of rows for a user with thousands.
import { institutionalRelationTypeId, institutionKey } from '@recuse/common';
import type { ConflictPersonWire } from '@recuse/common';
import type {
  RelatedPersonRow,
  RelatedPublicationRow,
  RelationRowsByType,
} from './api/generate-conflict-list.ts';

export type ConflictMark = 'conflict' | 'provisional' | 'none';

export type GraphPerson = {
  id: number;
  name: string;
  /** The name as the filter box compares it. */
  nameKey: string;
  /** Shared relations by relation type id (0: institutional, for conflicts with no relation). */
  countsByType: ReadonlyMap<number, number>;
  total: number;
  /** The type they share most relations of; it colours their node. */
  primaryTypeId: number;
  conflict: ConflictMark;
};

const deletedUserStatus = 2;

function isPublicationRow(row: unknown): row is RelatedPublicationRow {
  return typeof row === 'object' && row !== null && 'publication_years' in row;
}

function isPersonRow(row: unknown): row is RelatedPersonRow {
  return typeof row === 'object' && row !== null && 'co_author_id' in row;
}

type Tally = { id: number; name: string; counts: Map<number, number> };

export function buildGraphPeople(
  relations: RelationRowsByType,
  conflicts: readonly ConflictPersonWire[],
): GraphPerson[] {
  const byId = new Map<number, Tally>();
  const add = (id: number, name: string, typeId: number) => {
    if (!id || !name) return;
    const tally = byId.get(id) ?? { id, name, counts: new Map<number, number>() };
    tally.counts.set(typeId, (tally.counts.get(typeId) ?? 0) + 1);
    byId.set(id, tally);
  };
  for (const [typeKey, rows] of Object.entries(relations)) {
    const typeId = Number(typeKey);
    for (const row of rows) {
      if (isPublicationRow(row)) {
        for (const entry of Object.values(row.publication_years)) {
          for (const coauthor of entry.co_authors) {
            if (coauthor.status === deletedUserStatus) continue;
            add(coauthor.coauthor_id, coauthor.coauthor_name, typeId);
          }
        }
      } else if (isPersonRow(row) && row.co_author_status !== deletedUserStatus) {
        add(row.co_author_id, row.display_coauthor_name, typeId);
      }
    }
  }
  // People who conflict only through an institution share no relation; they still belong in
  // the picture, joined by their reasons' types.
  const marks = new Map<number, ConflictMark>();
  for (const person of conflicts) {
    marks.set(person.id, person.is_provisional ? 'provisional' : 'conflict');
    if (byId.has(person.id)) continue;
    for (const reason of person.reason) add(person.id, person.name, reason.relation_type_id);
  }
  return [...byId.values()].map((tally) => {
    let total = 0;
    let primaryTypeId = institutionalRelationTypeId;
    let primaryCount = 0;
    for (const [typeId, count] of tally.counts) {
      total += count;
      if (count > primaryCount || (count === primaryCount && typeId < primaryTypeId)) {
        primaryTypeId = typeId;
        primaryCount = count;
      }
    }
    return {
      id: tally.id,
      name: tally.name,
      nameKey: institutionKey(tally.name),
      countsByType: tally.counts,
      total,
      primaryTypeId,
      conflict: marks.get(tally.id) ?? 'none',
    };
  });
}

/** How many people share at least one relation of each type: the legend's counts. */
export function countPeopleByType(people: readonly GraphPerson[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const person of people) {
    for (const typeId of person.countsByType.keys()) {
      counts.set(typeId, (counts.get(typeId) ?? 0) + 1);
    }
  }
  return counts;
}

export type GraphFilter = {
  /** Part of a name; case, accents and punctuation ignored. */
  nameQuery: string;
  /** Types switched off in the legend. */
  hiddenTypeIds: ReadonlySet<number>;
  isConflictsOnly: boolean;
  limit: number;
};

export type GraphSelection = { shown: GraphPerson[]; matching: number };

/**
 * At most `limit` people, those the user shares most relations with (then by name), among
 * those matching the filter. A person counts for the types still switched on only, so
 * switching a type off removes those who share nothing else.
 */
export function selectShownPeople(
  people: readonly GraphPerson[],
  filter: GraphFilter,
): GraphSelection {
  const query = institutionKey(filter.nameQuery);
  const sharesShownType = (person: GraphPerson) =>
    filter.hiddenTypeIds.size === 0 ||
    [...person.countsByType.keys()].some((typeId) => !filter.hiddenTypeIds.has(typeId));
  const matching = people.filter(
    (person) =>
      (!filter.isConflictsOnly || person.conflict !== 'none') &&
      sharesShownType(person) &&
      (query === '' || person.nameKey.includes(query)),
  );
  const ranked = [...matching].sort(
    (first, second) => second.total - first.total || first.name.localeCompare(second.name),
  );
  return { shown: ranked.slice(0, filter.limit), matching: matching.length };
}

export type LabelPlacement = 'radial' | 'above' | 'below';

export type PlacedPerson = GraphPerson & {
  x: number;
  y: number;
  /** Degrees, 0 pointing right, clockwise (SVG's y points down). */
  angle: number;
  radius: number;
  /** The name as drawn: shortened on a radial label, whole on a level one when it fits. */
  label: string;
  /** Outward along the radius, or level above or below the dot (straight above or below the user). */
  labelPlacement: LabelPlacement;
};

export const graphSize = 800;
export const ringRadius = 230;
export const maxLabelLength = 18;
/** The largest dot (placeOnRing's radius). */
const maxDotRadius = 16;

export function shortLabel(name: string): string {
  return name.length > maxLabelLength ? `${name.slice(0, maxLabelLength - 1)}…` : name;
}

/** About how wide a label is drawn (12 px text). */
const labelWidth = (label: string) => label.length * 7;

/**
 * The people straight above and below the user would read sideways along the radius: their
 * label is drawn level, centred over or under the dot, whole when it fits, as long as it clears
 * the neighbours' dots and labels (which start beside them, running outward); otherwise it
 * stays radial like the others.
 */
function placeLabel(
  name: string,
  angle: number,
  count: number,
): { label: string; labelPlacement: LabelPlacement } {
  const radial = { label: shortLabel(name), labelPlacement: 'radial' as const };
  const side = Math.abs(angle + 90) < 1e-6 ? 'above' : Math.abs(angle - 90) < 1e-6 ? 'below' : null;
  if (side === null) return radial;
  const step = count < 2 ? Math.PI / 2 : Math.min(Math.PI / 2, (2 * Math.PI) / count);
  const room = ringRadius * Math.sin(step) - maxDotRadius - 6;
  const label = [name, shortLabel(name)].find((text) => labelWidth(text) / 2 <= room);
  return label === undefined ? radial : { label, labelPlacement: side };
}

/**
 * A star around the user: we know who the user is related to, not how those people relate to
 * each other, so a ring places them without overlaps and the same data always draws the same
 * picture. People of one type sit together, so colours form sectors; the busiest first.
 */
export function placeOnRing(
  people: readonly GraphPerson[],
  typeOrder: readonly number[],
): PlacedPerson[] {
  const rank = (typeId: number) => {
    const index = typeOrder.indexOf(typeId);
    return index === -1 ? typeOrder.length : index;
  };
  const ordered = [...people].sort(
    (first, second) =>
      rank(first.primaryTypeId) - rank(second.primaryTypeId) ||
      second.total - first.total ||
      first.name.localeCompare(second.name),
  );
  const center = graphSize / 2;
  return ordered.map((person, index) => {
    const angle = -90 + (360 * index) / Math.max(ordered.length, 1);
    const radians = (angle * Math.PI) / 180;
    return {
      ...person,
      ...placeLabel(person.name, angle, ordered.length),
      angle,
      x: center + ringRadius * Math.cos(radians),
      y: center + ringRadius * Math.sin(radians),
      // Area grows with the number of shared relations, slowly, so one busy co-author does
      // not hide the rest.
      radius: Math.min(maxDotRadius, 6 + 2.5 * Math.log2(person.total)),
    };
  });
}
