// The chair's picks for rows only a name matches (docs/api-conflicts.md, "Picking a candidate"):
// stored apart from the rows (match_picks), by what the row is in any upload of its file, and
// applied wherever the rows are read (the committee and submissions answers, the matrix and
// everything computed from it), so that they survive recomputation and new uploads.
import type { z } from 'zod';
import type { CommitteePickReply, SubmissionsPickReply, matchPickSchema } from '@recuse/common';
import { chairWorkspaceMessages as messages } from '@recuse/common';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { HttpError, validationFailed } from '../../http/errors.ts';
import { findChairedConference } from '../conferences/conferences.service.ts';
import { listCommittee } from './chair-workspace.repo.ts';
import type { MatchPickRow } from './match-picks.repo.ts';
import * as repo from './match-picks.repo.ts';
import type { RowIdentity, RowMatch } from './people-matching.ts';
import { applyPick, pickKeyOf } from './people-matching.ts';
import { matchPeople } from './row-matches.ts';
import { listAuthorLines, toAuthorWires, toCommitteeWires } from './row-wires.ts';
import type { WorkspaceFile } from './stored-matches.repo.ts';

/** Rows with who they are, the chair's picks applied, and the pick that settles each. */
export interface SettledRows {
  matches: RowMatch[];
  picks: Array<MatchPickRow | undefined>;
}

/** A row as its pick's key reads it: an author's paper when they have no address. */
export type PickableRow = Pick<RowIdentity, 'email' | 'givenName' | 'familyName'> & {
  paper?: number;
};

/** Applies `picks` (by row key) to the matches of `rows`. */
export function applyPicks(
  rows: readonly PickableRow[],
  matches: readonly RowMatch[],
  picks: ReadonlyMap<string, MatchPickRow>,
): SettledRows {
  const settled: SettledRows = { matches: [], picks: [] };
  rows.forEach((row, index) => {
    const pick = picks.size > 0 ? picks.get(pickKeyOf(row, row.paper)) : undefined;
    const picked = applyPick(matches[index]!, pick);
    settled.matches.push(picked ?? matches[index]!);
    settled.picks.push(picked ? pick : undefined);
  });
  return settled;
}

/** The conference's picks for the file, applied to the matches of its rows. */
export async function settleRows(
  db: Db,
  conferenceId: number,
  file: WorkspaceFile,
  rows: readonly PickableRow[],
  matches: readonly RowMatch[],
): Promise<SettledRows> {
  return applyPicks(rows, matches, await repo.listPicks(db, conferenceId, file));
}

const fileNames: Record<WorkspaceFile, string> = {
  committee: 'committee file',
  submissions: 'authors file',
};

type PickInput = z.output<typeof matchPickSchema>;

/**
 * Stores the chair's pick for the row on `input.line` of the file, in plain words: only a row
 * that only a name matches now (no address or DBLP pid ties it, and people of its name exist)
 * can be picked for, and only one of its candidates or none of them; the pick is kept by the
 * row's key (pickKeyOf) and audited. Answers the key. The caller holds the conference's lock.
 */
async function storePick(
  db: Db,
  session: SessionUser,
  conferenceId: number,
  file: WorkspaceFile,
  rows: ReadonlyArray<PickableRow & RowIdentity & { line: number }>,
  input: PickInput,
): Promise<string> {
  const row = rows.find((candidate) => candidate.line === input.line);
  if (!row) {
    throw new HttpError(404, { message: messages.noSuchLine(fileNames[file], input.line) });
  }
  const [match] = await matchPeople(db, [row]);
  if (match!.status === 'matched') {
    throw validationFailed({ line: [messages.matchedByIdentifier(input.line)] });
  }
  if (match!.candidateIds.length === 0) {
    throw validationFailed({ line: [messages.noCandidates(input.line)] });
  }
  if (input.pick !== null && !match!.candidateIds.includes(input.pick)) {
    throw validationFailed({ pick: [messages.notACandidate(input.pick, input.line)] });
  }
  const rowKey = pickKeyOf(row, row.paper);
  const { before, after } = await repo.savePick(db, {
    conferenceId,
    file,
    rowKey,
    userId: input.pick,
    offeredIds: match!.candidateIds,
    pickedBy: session.user.id,
  });
  const auditShape = (pick: MatchPickRow) => ({
    file,
    rowKey,
    userId: pick.userId,
    offeredIds: pick.offeredIds,
  });
  await recordAudit(db, {
    actorUserId: session.user.id,
    action: 'conference.match-pick',
    entity: 'conference',
    entityId: conferenceId,
    before: before ? auditShape(before) : null,
    after: { ...auditShape(after), line: input.line },
  });
  return rowKey;
}

/** The rows that share the pick's key, with who they are now and the picks applied. */
async function settledRowsOfKey<T extends PickableRow & RowIdentity>(
  db: Db,
  conferenceId: number,
  file: WorkspaceFile,
  rows: readonly T[],
  rowKey: string,
) {
  const keyed = rows.filter((row) => pickKeyOf(row, row.paper) === rowKey);
  const settled = await settleRows(db, conferenceId, file, keyed, await matchPeople(db, keyed));
  const applies = settled.picks.map((pick) => pick !== undefined);
  return {
    rows: keyed.filter((_, index) => applies[index]),
    settled: {
      matches: settled.matches.filter((_, index) => applies[index]),
      picks: settled.picks.filter((_, index) => applies[index]),
    },
  };
}

/**
 * POST /v1/web/conference/{confid}/committee/pick and …/submissions/pick. An author with an
 * address is picked for on every paper they are on: the answer lists each line the pick settles.
 */
export async function pickCandidate(
  context: AppContext,
  session: SessionUser,
  confid: string,
  file: WorkspaceFile,
  input: PickInput,
): Promise<CommitteePickReply | SubmissionsPickReply> {
  return context.db.transaction(async (tx) => {
    const conference = await findChairedConference(tx, session, confid, { lock: true });
    if (file === 'committee') {
      const members = await listCommittee(tx, conference.id);
      const rowKey = await storePick(tx, session, conference.id, file, members, input);
      const picked = await settledRowsOfKey(tx, conference.id, file, members, rowKey);
      return { message: 'PICKED', rows: await toCommitteeWires(tx, picked.rows, picked.settled) };
    }
    const { lines } = await listAuthorLines(tx, conference.id);
    const rowKey = await storePick(tx, session, conference.id, file, lines, input);
    const picked = await settledRowsOfKey(tx, conference.id, file, lines, rowKey);
    return { message: 'PICKED', rows: await toAuthorWires(tx, picked.rows, picked.settled) };
  });
}
