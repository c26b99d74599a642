// The check of one person against every submission of a conference (docs/api-conflicts.md,
// "Checking one person"): an external reviewer candidate, say, whom the chair names by address,
// DBLP profile, name and affiliation as a committee file would. The person is tied to our
// people and put through the matrix as a one-member committee, so they get exactly the reasons
// a committee member would: nothing is stored and nothing is audited (a read).
import type { PersonCheck, PersonCheckReply } from '@recuse/common';
import { readDblpPid } from '@recuse/common';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { findChairedConference } from '../conferences/conferences.service.ts';
import { toMatchWires } from './row-wires.ts';
import { computeMatrix } from './matrix.service.ts';
import { matchPeople } from './row-matches.ts';

/** POST /v1/web/conference/{confid}/person-check. */
export async function checkPerson(
  context: AppContext,
  session: SessionUser,
  confid: string,
  person: PersonCheck,
): Promise<PersonCheckReply> {
  const conference = await findChairedConference(context.db, session, confid);
  const row = {
    line: 0,
    givenName: person.given_name,
    familyName: person.family_name,
    email: person.email,
    affiliation: person.affiliation,
    orcid: null,
    dblpPid: person.dblp === '' ? null : (readDblpPid(person.dblp) ?? null),
  };
  const [matrix, matches] = await Promise.all([
    computeMatrix(context.db, conference, { members: [row] }),
    matchPeople(context.db, [row]),
  ]);
  const [wire] = await toMatchWires(context.db, [row], matches);
  return {
    person: wire!,
    conflicts: matrix.conflicts,
    counts: {
      submissions: matrix.submissions.length,
      conflicts: matrix.conflicts.length,
      provisional: matrix.conflicts.filter((conflict) => conflict.is_provisional).length,
    },
  };
}
