// The PC chair's workspace (docs/api-conflicts.md, "The chair's workspace"): a conference's
// committee and submissions, uploaded as HotCRP's CSV files and tied to our people.
//
// Who may do what, in plain words: the conference's chairs and administrators, nobody else
// (403; 404 for a conference that does not exist). An upload replaces the whole set, in one
// transaction, and is audited; every row comes back with who it turned out to be.
import type {
  CommitteeInvitation,
  CommitteeMember,
  CommitteeReply,
  CommitteeRow,
  SubmissionsReply,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { validationFailed } from '../../http/errors.ts';
import { findChairedConference } from '../conferences/conferences.service.ts';
import { displayName } from '../relations/relation-wire.ts';
import * as repo from './chair-workspace.repo.ts';
import type { InvitationRow } from './committee-invitations.repo.ts';
import { findAccountAddresses, listInvitations } from './committee-invitations.repo.ts';
import { readAuthorsFile, readCommitteeFile } from './hotcrp-csv.ts';
import type { CommitteeMemberRow } from './chair-workspace.repo.ts';
import type { RowIdentity, RowMatch } from './people-matching.ts';
import { settleRows } from './match-picks.ts';
import { countsOf, listAuthorLines, toAuthorWires, toCommitteeWires } from './row-wires.ts';
import { loadRowMatches, matchPeople, storeCommittee, storeSubmissions } from './row-matches.ts';
import type { StoredMatchColumns, WorkspaceFile } from './stored-matches.repo.ts';

/**
 * Who the rows are: an upload's answer reads the matches the upload just stored; a read works
 * them out now, so that someone who signed up or confirmed an address since is found.
 */
function matchesOf(
  db: Db,
  conferenceId: number,
  file: WorkspaceFile,
  rows: ReadonlyArray<RowIdentity & StoredMatchColumns>,
  message: 'UPLOADED' | 'SUCCESS',
): Promise<RowMatch[]> {
  return message === 'UPLOADED'
    ? loadRowMatches(db, conferenceId, file, rows)
    : matchPeople(db, rows);
}

/**
 * Committee rows as the committee calls answer them: who each is (the match wires), whether an
 * account holds the address, and the invitation it was sent (committee-invitations.ts).
 */
export async function toMemberWires(
  db: Db,
  conferenceId: number,
  wires: readonly CommitteeRow[],
): Promise<CommitteeMember[]> {
  const [accounts, invitations] = await Promise.all([
    findAccountAddresses(
      db,
      wires.map((wire) => wire.email),
    ),
    listInvitations(db, conferenceId),
  ]);
  return wires.map((wire) => {
    const invitation = invitations.get(wire.email.toLowerCase());
    return {
      ...wire,
      has_account: accounts.has(wire.email.toLowerCase()),
      invitation: invitation ? toInvitationWire(invitation) : null,
    };
  });
}

/** Committee rows as the committee calls answer them, from their matches: the picks applied. */
export async function memberWiresOf(
  db: Db,
  conferenceId: number,
  members: readonly CommitteeMemberRow[],
  matches: readonly RowMatch[],
): Promise<CommitteeMember[]> {
  const settled = await settleRows(db, conferenceId, 'committee', members, matches);
  return toMemberWires(db, conferenceId, await toCommitteeWires(db, members, settled));
}

function toInvitationWire(invitation: InvitationRow): CommitteeInvitation {
  return {
    first_sent_at: invitation.firstSentAt.toISOString(),
    last_sent_at: invitation.lastSentAt.toISOString(),
    times_sent: invitation.timesSent,
    sent_by: invitation.sender ? displayName(invitation.sender) : null,
  };
}

async function committeeAnswer(
  db: Db,
  conferenceId: number,
  message: CommitteeReply['message'],
): Promise<CommitteeReply> {
  const members = await repo.listCommittee(db, conferenceId);
  const rows = await memberWiresOf(
    db,
    conferenceId,
    members,
    await matchesOf(db, conferenceId, 'committee', members, message),
  );
  return {
    message,
    counts: countsOf(rows),
    rows,
    needs_decision: rows.filter((row) => row.status === 'ambiguous'),
  };
}

async function submissionsAnswer(
  db: Db,
  conferenceId: number,
  message: SubmissionsReply['message'],
): Promise<SubmissionsReply> {
  const { papers, lines } = await listAuthorLines(db, conferenceId);
  const matches = await matchesOf(db, conferenceId, 'submissions', lines, message);
  const rows = await toAuthorWires(
    db,
    lines,
    await settleRows(db, conferenceId, 'submissions', lines, matches),
  );
  return {
    message,
    counts: { ...countsOf(rows), submissions: papers.length },
    submissions: papers.map((paper) => ({ paper: paper.paper, title: paper.title })),
    rows,
    needs_decision: rows.filter((row) => row.status === 'ambiguous'),
  };
}

/** GET /v1/web/conference/{confid}/committee. */
export async function getCommittee(context: AppContext, session: SessionUser, confid: string) {
  const conference = await findChairedConference(context.db, session, confid);
  return committeeAnswer(context.db, conference.id, 'SUCCESS');
}

/** GET /v1/web/conference/{confid}/submissions. */
export async function getSubmissions(context: AppContext, session: SessionUser, confid: string) {
  const conference = await findChairedConference(context.db, session, confid);
  return submissionsAnswer(context.db, conference.id, 'SUCCESS');
}

/** POST /v1/web/conference/{confid}/committee: HotCRP's PC info CSV replaces the committee. */
export async function uploadCommittee(
  context: AppContext,
  session: SessionUser,
  confid: string,
  file: string,
): Promise<CommitteeReply> {
  const conferenceId = await context.db.transaction(async (tx) => {
    const conference = await findChairedConference(tx, session, confid, { lock: true });
    const reading = readCommitteeFile(file);
    if ('problems' in reading) throw validationFailed({ file: reading.problems });
    await storeCommittee(tx, conference.id, reading.members);
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.committee-upload',
      entity: 'conference',
      entityId: conference.id,
      after: { members: reading.members.length },
    });
    return conference.id;
  });
  return committeeAnswer(context.db, conferenceId, 'UPLOADED');
}

/** POST /v1/web/conference/{confid}/submissions: HotCRP's authors CSV replaces the submissions. */
export async function uploadSubmissions(
  context: AppContext,
  session: SessionUser,
  confid: string,
  file: string,
): Promise<SubmissionsReply> {
  const conferenceId = await context.db.transaction(async (tx) => {
    const conference = await findChairedConference(tx, session, confid, { lock: true });
    const reading = readAuthorsFile(file);
    if ('problems' in reading) throw validationFailed({ file: reading.problems });
    await storeSubmissions(tx, conference.id, reading.submissions);
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.submissions-upload',
      entity: 'conference',
      entityId: conference.id,
      after: {
        submissions: reading.submissions.length,
        authors: reading.submissions.reduce((sum, paper) => sum + paper.authors.length, 0),
      },
    });
    return conference.id;
  });
  return submissionsAnswer(context.db, conferenceId, 'UPLOADED');
}

/**
 * POST /v1/web/conference/{confid}/settings: whether co-authors on another submission to the
 * conference count as conflicts (off until a chair switches it on). Audited.
 */
export async function updateWorkspaceSettings(
  context: AppContext,
  session: SessionUser,
  confid: string,
  countsSubmissionCoauthors: boolean,
) {
  return context.db.transaction(async (tx) => {
    const conference = await findChairedConference(tx, session, confid, { lock: true });
    const before = await repo.countsSubmissionCoauthors(tx, conference.id);
    await repo.setCountsSubmissionCoauthors(tx, conference.id, countsSubmissionCoauthors);
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.workspace-settings',
      entity: 'conference',
      entityId: conference.id,
      before: { countsSubmissionCoauthors: before },
      after: { countsSubmissionCoauthors },
    });
    return { message: 'UPDATED' as const, counts_submission_coauthors: countsSubmissionCoauthors };
  });
}
