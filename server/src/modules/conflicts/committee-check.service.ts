// POST /v1/web/relations/data/conflicts/check: "My conflicts with this committee" (docs/conflicts.md,
// "Checking a committee"). The pasted lines are compared with the people the user has relations
// with, never with everyone: an address or a name of someone else reads 'not found' whether or not
// they have an account, so the call tells nothing about who uses Recuse. In plain words:
// - an address matches a related person's confirmed address exactly (case aside); a line whose
//   address matches nobody is then read by its name;
// - a name matches the related people who go by it (personNameKey): one is that person, several
//   are `ambiguous` and each is listed with what the rules make of them;
// - a matched person is a `conflict` (or `provisional`) when the user's conflict list under the
//   ticked rules names them, with its reasons as the list gives them, else `no_conflict`.
import type {
  CommitteeCheckForm,
  CommitteeCheckOutcome,
  CommitteeCheckPerson,
  CommitteeCheckReply,
  CommitteeCheckRow,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import type { ConflictPerson } from '../../conflicts/types.ts';
import { personNameKey, readCommitteeLines } from './committee-lines.ts';
import type { RelatedPerson } from './conflicts.repo.ts';
import { listRelatedPeople } from './conflicts.repo.ts';
import {
  computeConflicts,
  readConflictSelection,
  toUserConflictsWire,
} from './conflicts.service.ts';

function index<Key>(people: readonly RelatedPerson[], keysOf: (person: RelatedPerson) => Key[]) {
  const map = new Map<Key, RelatedPerson[]>();
  for (const person of people) {
    for (const key of new Set(keysOf(person))) {
      const list = map.get(key);
      if (list) list.push(person);
      else map.set(key, [person]);
    }
  }
  return map;
}

export async function checkCommittee(
  context: AppContext,
  userId: number,
  form: CommitteeCheckForm,
): Promise<CommitteeCheckReply> {
  const selection = await readConflictSelection(context.db, form, context.conferenceRules);
  const [findings, related] = await Promise.all([
    computeConflicts(context.db, userId, selection),
    listRelatedPeople(context.db, userId),
  ]);
  const conflicts = new Map<number, ConflictPerson>(
    findings.people.map((person) => [person.id, person]),
  );
  const wire = new Map(
    toUserConflictsWire({ people: findings.people, institutions: [] }).map((person) => [
      person.id,
      person,
    ]),
  );
  const byEmail = index(related, (person) => person.emails);
  const byName = index(related, (person) => person.names.map(personNameKey));

  const describe = (person: RelatedPerson): CommitteeCheckPerson => {
    const conflict = conflicts.get(person.id);
    return {
      id: person.id,
      name: conflict?.name ?? person.name,
      affiliation: conflict?.affiliation ?? null,
      is_conflict: conflict !== undefined,
      is_provisional: conflict?.isProvisional ?? false,
      reason: wire.get(person.id)?.reason ?? [],
    };
  };

  const rows: CommitteeCheckRow[] = readCommitteeLines(form.people).map((line) => {
    let matchedBy: CommitteeCheckRow['matched_by'] = null;
    let found: RelatedPerson[] = [];
    if (line.email) found = byEmail.get(line.email) ?? [];
    if (found.length > 0) matchedBy = 'email';
    else {
      for (const name of line.names) {
        found = byName.get(personNameKey(name)) ?? [];
        if (found.length > 0) {
          matchedBy = 'name';
          break;
        }
      }
    }
    const people = found.map(describe).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    let outcome: CommitteeCheckOutcome;
    if (people.length === 0) outcome = 'not_found';
    else if (people.length > 1) outcome = 'ambiguous';
    else if (!people[0]!.is_conflict) outcome = 'no_conflict';
    else outcome = people[0]!.is_provisional ? 'provisional' : 'conflict';
    return {
      line: line.line,
      text: line.text,
      name: line.names[0] ?? '',
      email: line.email,
      matched_by: matchedBy,
      outcome,
      people,
    };
  });
  const count = (outcome: CommitteeCheckOutcome) =>
    rows.filter((row) => row.outcome === outcome).length;
  return {
    conference: {
      confid: selection.conference.id,
      name: selection.conference.name,
      label: selection.conference.label,
    },
    rows,
    counts: {
      lines: rows.length,
      conflicts: count('conflict'),
      provisional: count('provisional'),
      ambiguous: count('ambiguous'),
      not_found: count('not_found'),
    },
  };
}
