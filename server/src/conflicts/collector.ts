// Gathers reasons per person and per institution while the engine walks its inputs (one Map
// lookup per reason, so thousands of co-authors stay linear), then sorts the findings.
import type { RelationStatus } from '@recuse/common';
import { weakerStatus } from './rules.ts';
import type {
  ConflictFindings,
  ConflictInstitution,
  ConflictPerson,
  ConflictReason,
  InstitutionReason,
  PersonRef,
} from './types.ts';

export interface FindingsCollector {
  addPersonReason(person: PersonRef, reason: ConflictReason): void;
  addInstitutionReason(id: number, name: string, reason: InstitutionReason): void;
  finish(): ConflictFindings;
}

const collator = new Intl.Collator('en');

interface DatedReason {
  relationId: number | null;
  affiliationId: number | null;
  endYear: number | null;
  endMonth: number | null;
  isProvisional: boolean;
}

/** An ongoing reason (no end) is the most recent; a year-only end counts as December. */
function recency(reason: DatedReason): number {
  if (reason.endYear === null) return Number.POSITIVE_INFINITY;
  return reason.endYear * 12 + (reason.endMonth ?? 12);
}

/** Reasons read firm first, then most recent first, then by relation or affiliation id. */
function compareReasons(first: DatedReason, second: DatedReason): number {
  if (first.isProvisional !== second.isProvisional) return first.isProvisional ? 1 : -1;
  const byRecency = recency(second) - recency(first);
  if (byRecency !== 0 && !Number.isNaN(byRecency)) return byRecency;
  const byRelation = (first.relationId ?? 0) - (second.relationId ?? 0);
  if (byRelation !== 0) return byRelation;
  return (first.affiliationId ?? 0) - (second.affiliationId ?? 0);
}

function compareNamed(first: { name: string; id: number }, second: { name: string; id: number }) {
  return collator.compare(first.name, second.name) || first.id - second.id;
}

/**
 * A person named twice on one relation (say, as creator and as party) gets one reason for it,
 * at the firmer status. A relation's links arrive together, so comparing with the last
 * reason is enough.
 */
function isFirmer(status: RelationStatus, than: RelationStatus): boolean {
  return status !== than && weakerStatus(status, than) === than;
}

/**
 * A person (or institution) is provisional only when every reason is: one validated reason
 * makes a firm conflict, and the provisional reasons stay listed beside it.
 */
export function createFindingsCollector(): FindingsCollector {
  const people = new Map<number, ConflictPerson>();
  const institutions = new Map<number, ConflictInstitution>();
  // Reasons usually arrive in order (a repo that reads relations newest first); only the
  // lists that did not are sorted at the end.
  const unsorted = new Set<ConflictPerson>();

  return {
    addPersonReason(person, reason) {
      let entry = people.get(person.id);
      if (!entry) {
        entry = {
          id: person.id,
          name: person.name,
          affiliation: null,
          isProvisional: true,
          reasons: [],
        };
        people.set(person.id, entry);
      }
      if (entry.affiliation === null && person.affiliation) entry.affiliation = person.affiliation;
      if (!reason.isProvisional) entry.isProvisional = false;
      const last = entry.reasons[entry.reasons.length - 1];
      if (last && reason.relationId !== null && last.relationId === reason.relationId) {
        if (isFirmer(reason.status, last.status)) {
          entry.reasons[entry.reasons.length - 1] = reason;
          unsorted.add(entry);
        }
        return;
      }
      if (last && compareReasons(last, reason) > 0) unsorted.add(entry);
      entry.reasons.push(reason);
    },
    addInstitutionReason(id, name, reason) {
      let entry = institutions.get(id);
      if (!entry) {
        entry = { id, name, isProvisional: true, reasons: [] };
        institutions.set(id, entry);
      }
      if (!reason.isProvisional) entry.isProvisional = false;
      entry.reasons.push(reason);
    },
    finish() {
      const sortedPeople = [...people.values()].sort(compareNamed);
      for (const person of unsorted) person.reasons.sort(compareReasons);
      const sortedInstitutions = [...institutions.values()].sort(compareNamed);
      for (const institution of sortedInstitutions) institution.reasons.sort(compareReasons);
      return { people: sortedPeople, institutions: sortedInstitutions };
    },
  };
}
