// How people and statuses read on the wire: one name for a person whatever their kind, the
// status a viewer sees on a relation, and the page a relation opens on.
import { messages, relationStatus, relationTypeIds } from '@recuse/common';
import { isActivePartyStatus } from './relation-rules.ts';

export interface NamedUser {
  id: number;
  kind: 'registered' | 'invited' | 'dblp_only' | 'deleted';
  firstName: string;
  lastName: string;
  email: string | null;
  dblpName: string | null;
}

/**
 * A person's name as every list and picker shows it: first and last name; else DBLP's name; an
 * invited person, who has none yet, by the e-mail they were invited with. A deleted account
 * reads '(Deleted user)' when nothing else is left.
 */
export function displayName(user: NamedUser): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  if (name !== '') return name;
  if (user.dblpName) return user.dblpName;
  if (user.kind === 'deleted') return messages.deletedUser;
  return user.email ?? `User ${user.id}`;
}

/**
 * The status of a relation as a whole, for its creator and for administrators: type 8 has only
 * its own; otherwise validated when everyone named accepted, disputed when anyone rejected,
 * pending while anyone has not answered. A relation deleted or inactive reads as such.
 */
export function overallStatus(
  relation: { typeId: number; status: number },
  partyStatuses: readonly number[],
): number {
  if (relation.status === relationStatus.setForDeletion) return relationStatus.setForDeletion;
  if (relation.status === relationStatus.inactive) return relationStatus.inactive;
  if (relation.typeId === relationTypeIds.pendingEmployment) return relation.status;
  const active = partyStatuses.filter(isActivePartyStatus);
  if (active.length === 0) return relationStatus.setForDeletion;
  if (active.includes(relationStatus.disputed)) return relationStatus.disputed;
  if (active.includes(relationStatus.pending)) return relationStatus.pending;
  return relationStatus.validated;
}

/** What a viewer sees as the status: their own answer when they are named, else the whole. */
export function viewerStatus(
  relation: { typeId: number; status: number },
  partyStatuses: readonly number[],
  ownPartyStatus: number | null,
): number {
  if (ownPartyStatus !== null && relation.status !== relationStatus.setForDeletion) {
    return ownPartyStatus;
  }
  return overallStatus(relation, partyStatuses);
}

/**
 * With no source given, 'Entry by self' followed by the name and e-mail (docs/product.md, "The
 * relation form").
 */
export function defaultSource(user: {
  firstName: string;
  lastName: string;
  email: string | null;
}): string {
  return `Entry by self: ${`${user.firstName} ${user.lastName}`.trim()}, ${user.email ?? ''}`;
}

/** DBLP's page of a record, for imported publications. */
export const dblpRecordBaseUrl = 'https://dblp.org/rec/';
