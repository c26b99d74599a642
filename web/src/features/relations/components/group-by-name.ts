// The list page's "view by name": every person the user shares a relation with, once, with
// each reason (the relation's type, and the title for publications and awards).
import type { RelationTypeWire } from '@recuse/common';
import { relationTypeIds } from '@recuse/common';
import type { PersonRow, PublicationRow, RelationList } from '../api/get-relation-list.ts';

export type PersonReasons = { name: string; reasons: string[] };

const deletedUserStatus = 2;

export function isPublicationLike(type: RelationTypeWire): boolean {
  return type.is_multi_person === 1;
}

export function isInstitutionType(type: RelationTypeWire): boolean {
  return type.id === relationTypeIds.pendingEmployment;
}

export function groupRelationsByName(list: RelationList): PersonReasons[] {
  const byName = new Map<string, Set<string>>();
  const add = (name: string, reason: string) => {
    if (!name) return;
    const reasons = byName.get(name) ?? new Set<string>();
    reasons.add(reason);
    byName.set(name, reasons);
  };
  for (const type of list.relation_types) {
    const rows = list.relations[String(type.id)] ?? [];
    if (isInstitutionType(type)) continue;
    if (isPublicationLike(type)) {
      for (const row of rows as PublicationRow[]) {
        for (const [yearKey, entry] of Object.entries(row.publication_years)) {
          const year = entry.date_end_year ?? yearKey.split('-')[0];
          for (const coauthor of entry.co_authors) {
            if (coauthor.status === deletedUserStatus) continue;
            add(coauthor.coauthor_name, `${type.name}: ${row.publication_name} (${year})`);
          }
        }
      }
      continue;
    }
    for (const row of rows as PersonRow[]) {
      if (row.co_author_status === deletedUserStatus) continue;
      add(row.display_coauthor_name, type.name);
    }
  }
  return [...byName.entries()]
    .map(([name, reasons]) => ({ name, reasons: [...reasons] }))
    .sort((first, second) => first.name.localeCompare(second.name));
}
