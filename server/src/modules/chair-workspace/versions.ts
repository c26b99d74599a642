// Versions of the matrix (docs/api-conflicts.md, "Versions and changes"): each stored
// computation keeps the lines HotCRP's bulk assignment file would carry (assignmentPairs), so
// that the chair sees what appeared, disappeared or changed since the file last went to HotCRP,
// and, when HotCRP's assignments file was uploaded, which of those touch an assignment there.
// A late committee member is added with only their row computed, and only their lines written:
// a version stores the lines that changed (versions.repo.ts).
import { asc, eq, sql } from 'drizzle-orm';
import type {
  LateMemberReply,
  MatrixChange,
  MatrixChangesReply,
  MatrixVersion,
  VersionPair,
  AssignmentsReply,
  lateMemberSchema,
} from '@recuse/common';
import { chairWorkspaceMessages as messages } from '@recuse/common';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { committeeMembers, hotcrpAssignments } from '../../db/schema.ts';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { conflict, validationFailed } from '../../http/errors.ts';
import type { Conference } from '../conferences/conferences.repo.ts';
import { findChairedConference } from '../conferences/conferences.service.ts';
import { memberWiresOf } from './chair-workspace.service.ts';
import { inviteAddedMember } from './committee-invitations.ts';
import { findCommitteeMember } from './chair-workspace.repo.ts';
import { pairKey } from './decisions.ts';
import { readAssignmentsFile, readCommitteeFile } from './hotcrp-csv.ts';
import { assignmentPairs } from './matrix-exports.ts';
import type { Matrix } from './matrix.service.ts';
import { computeMatrix } from './matrix.service.ts';
import { loadRowMatches, refreshRowMatches, withStoredMatch } from './row-matches.ts';
import type { StoredPair, VersionCause, VersionRow } from './versions.repo.ts';
import * as versionsRepo from './versions.repo.ts';

function toVersionWire(row: VersionRow): MatrixVersion {
  return {
    number: row.number,
    cause: row.cause,
    created_at: row.createdAt.toISOString(),
    exported_at: row.exportedAt?.toISOString() ?? null,
    pairs: row.pairCount,
  };
}

/** Field by field: a stored line carries its row id besides. */
const samePair = (first: VersionPair, second: VersionPair) =>
  first.paper === second.paper &&
  first.member_email === second.member_email &&
  first.action === second.action &&
  first.conflict === second.conflict &&
  first.is_provisional === second.is_provisional &&
  first.is_pinned === second.is_pinned;

const keyOf = (pair: VersionPair) => pairKey(pair.paper, pair.member_email);

/** The lines to close and to open so that the stored lines become `wanted`. */
function differenceOf(stored: readonly StoredPair[], wanted: readonly VersionPair[]) {
  const storedByKey = new Map(stored.map((pair) => [keyOf(pair), pair]));
  const wantedKeys = new Set<string>();
  const toOpen: VersionPair[] = [];
  const toClose: number[] = [];
  for (const pair of wanted) {
    const key = keyOf(pair);
    wantedKeys.add(key);
    const held = storedByKey.get(key);
    if (held && samePair(held, pair)) continue;
    if (held) toClose.push(held.id);
    toOpen.push(pair);
  }
  for (const [key, held] of storedByKey) {
    if (!wantedKeys.has(key)) toClose.push(held.id);
  }
  return { toOpen, toClose };
}

/**
 * Stores the conference's next version: the newest one with `pairs` as its lines (with
 * `memberEmail`, as that member's lines only, the others kept), unless the newest one holds
 * exactly these (then that one stands for this computation); an export marks the version it
 * wrote. Only the lines that changed are written. The caller holds the conference's lock.
 */
async function storeVersion(
  db: Db,
  conferenceId: number,
  change: { pairs: readonly VersionPair[]; memberEmail?: string },
  cause: VersionCause,
  userId: number,
): Promise<{ row: VersionRow; isNew: boolean }> {
  const latest = await versionsRepo.findLatestVersion(db, conferenceId);
  const stored = latest
    ? await versionsRepo.listOpenPairs(db, conferenceId, change.memberEmail)
    : [];
  const { toOpen, toClose } = differenceOf(stored, change.pairs);
  const isNew = !latest || toOpen.length > 0 || toClose.length > 0;
  let row = latest;
  if (isNew) {
    const number = (latest?.number ?? 0) + 1;
    row = await versionsRepo.insertVersion(db, {
      conferenceId,
      number,
      cause,
      pairCount: (latest?.pairCount ?? 0) - stored.length + change.pairs.length,
      createdBy: userId,
    });
    await versionsRepo.closePairs(db, toClose, number);
    await versionsRepo.openPairs(db, conferenceId, toOpen, number);
  }
  if (cause === 'export') row = await versionsRepo.markExported(db, row!.id);
  return { row: row!, isNew };
}

/** Records that the bulk assignment file of `matrix` was downloaded (its version, exported). */
export async function recordExport(
  context: AppContext,
  session: SessionUser,
  conference: Conference,
  matrix: Matrix,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    await findChairedConference(tx, session, String(conference.id), { lock: true });
    await storeVersion(
      tx,
      conference.id,
      { pairs: assignmentPairs(matrix) },
      'export',
      session.user.id,
    );
  });
}

/**
 * What changed from `before` to `after`: lines of either whole versions, or only the lines that
 * differ between them (`listPairsChangedSince`), which give the same answer. By paper, then the
 * member's committee line.
 */
async function changesOf(
  db: Db,
  conferenceId: number,
  titles: ReadonlyMap<number, string>,
  before: readonly VersionPair[],
  after: readonly VersionPair[],
): Promise<Pick<MatrixChangesReply, 'appeared' | 'disappeared' | 'changed' | 'assignments'>> {
  const [assignmentRows, committee] = await Promise.all([
    db
      .select()
      .from(hotcrpAssignments)
      .where(eq(hotcrpAssignments.conferenceId, conferenceId))
      .orderBy(asc(hotcrpAssignments.line)),
    db
      .select({ email: committeeMembers.email, line: committeeMembers.line })
      .from(committeeMembers)
      .where(eq(committeeMembers.conferenceId, conferenceId)),
  ]);
  const lineOf = new Map(committee.map((member) => [member.email.toLowerCase(), member.line]));
  const assignmentsOf = new Map<string, Array<{ line: number; action: string }>>();
  for (const assignment of assignmentRows) {
    const key = pairKey(assignment.paper, assignment.email);
    const list = assignmentsOf.get(key) ?? [];
    list.push({ line: assignment.line, action: assignment.action });
    assignmentsOf.set(key, list);
  }
  const item = (pair: VersionPair, from: VersionPair | null, to: VersionPair | null) => ({
    paper: pair.paper,
    title: titles.get(pair.paper) ?? '',
    member_email: pair.member_email,
    // A stored line's row id is not declared in the answer, so it is not written.
    before: from,
    after: to,
    assignments: assignmentsOf.get(keyOf(pair)) ?? [],
  });
  const old = new Map(before.map((pair) => [keyOf(pair), pair]));
  const now = new Map(after.map((pair) => [keyOf(pair), pair]));
  const appeared: MatrixChange[] = [];
  const changed: MatrixChange[] = [];
  for (const [key, pair] of now) {
    const was = old.get(key);
    if (!was) appeared.push(item(pair, null, pair));
    else if (!samePair(was, pair)) changed.push(item(pair, was, pair));
  }
  const disappeared = [...old]
    .filter(([key]) => !now.has(key))
    .map(([, pair]) => item(pair, pair, null));
  const inOrder = (changes: MatrixChange[]) =>
    changes.sort(
      (first, second) =>
        first.paper - second.paper ||
        (lineOf.get(first.member_email) ?? Infinity) -
          (lineOf.get(second.member_email) ?? Infinity) ||
        first.member_email.localeCompare(second.member_email),
    );
  const touched = [...appeared, ...disappeared, ...changed].filter(
    (change) => change.assignments.length > 0,
  ).length;
  const [upload] = await db
    .select({ at: sql<Date>`max(${hotcrpAssignments.createdAt})` })
    .from(hotcrpAssignments)
    .where(eq(hotcrpAssignments.conferenceId, conferenceId));
  return {
    appeared: inOrder(appeared),
    disappeared: inOrder(disappeared),
    changed: inOrder(changed),
    assignments:
      assignmentRows.length > 0
        ? {
            rows: assignmentRows.length,
            uploaded_at: new Date(upload!.at).toISOString(),
            touched,
          }
        : null,
  };
}

/**
 * The answer of the calls that show changes since the last export: `now` is either the matrix
 * just computed (its lines, compared with the exported version's), or `stored` when the newest
 * stored version is the matrix now (then only the lines that changed since are read).
 */
async function changesReply(
  db: Db,
  conference: Conference,
  matrix: Pick<Matrix, 'submissions'>,
  now: { pairs: readonly VersionPair[] } | 'stored',
  message: MatrixChangesReply['message'],
  version: VersionRow | undefined,
): Promise<MatrixChangesReply> {
  const since = await versionsRepo.findLatestVersion(db, conference.id, { exported: true });
  const titles = new Map(matrix.submissions.map((paper) => [paper.paper, paper.title]));
  const [before, after] =
    now === 'stored'
      ? await versionsRepo
          .listPairsChangedSince(db, conference.id, since?.number ?? 0)
          .then(({ closed, opened }) => [closed, opened])
      : [
          since ? await versionsRepo.listPairsOfVersion(db, conference.id, since.number) : [],
          now.pairs,
        ];
  return {
    message,
    version: version ? toVersionWire(version) : null,
    since: since ? toVersionWire(since) : null,
    ...(await changesOf(db, conference.id, titles, before, after)),
  };
}

/** GET /v1/web/conference/{confid}/changes: the matrix now against the last export. */
export async function getChanges(context: AppContext, session: SessionUser, confid: string) {
  const conference = await findChairedConference(context.db, session, confid);
  const matrix = await computeMatrix(context.db, conference);
  return changesReply(
    context.db,
    conference,
    matrix,
    { pairs: assignmentPairs(matrix) },
    'SUCCESS',
    await versionsRepo.findLatestVersion(context.db, conference.id),
  );
}

/**
 * POST /v1/web/conference/{confid}/recompute: the matrix now, stored as a version if new. Who the
 * rows are is worked out again first and stored, whatever the stored matches say.
 */
export async function recompute(context: AppContext, session: SessionUser, confid: string) {
  const conference = await context.db.transaction(async (tx) => {
    const locked = await findChairedConference(tx, session, confid, { lock: true });
    await refreshRowMatches(tx, locked.id, 'committee', { always: true });
    await refreshRowMatches(tx, locked.id, 'submissions', { always: true });
    return locked;
  });
  const matrix = await computeMatrix(context.db, conference, { storedMatches: true });
  const pairs = assignmentPairs(matrix);
  return context.db.transaction(async (tx) => {
    await findChairedConference(tx, session, confid, { lock: true });
    const { row, isNew } = await storeVersion(
      tx,
      conference.id,
      { pairs },
      'recompute',
      session.user.id,
    );
    return changesReply(tx, conference, matrix, 'stored', isNew ? 'RECOMPUTED' : 'UNCHANGED', row);
  });
}

/** GET /v1/web/conference/{confid}/versions. */
export async function getVersions(context: AppContext, session: SessionUser, confid: string) {
  const conference = await findChairedConference(context.db, session, confid);
  const rows = await versionsRepo.listVersions(context.db, conference.id);
  return { versions: rows.map(toVersionWire) };
}

/** POST /v1/web/conference/{confid}/assignments: HotCRP's assignments CSV replaces the last. */
export async function uploadAssignments(
  context: AppContext,
  session: SessionUser,
  confid: string,
  file: string,
): Promise<AssignmentsReply> {
  return context.db.transaction(async (tx) => {
    const conference = await findChairedConference(tx, session, confid, { lock: true });
    const reading = readAssignmentsFile(file);
    if ('problems' in reading) throw validationFailed({ file: reading.problems });
    await tx.delete(hotcrpAssignments).where(eq(hotcrpAssignments.conferenceId, conference.id));
    for (let start = 0; start < reading.assignments.length; start += 1000) {
      await tx.insert(hotcrpAssignments).values(
        reading.assignments.slice(start, start + 1000).map((assignment) => ({
          conferenceId: conference.id,
          ...assignment,
        })),
      );
    }
    const counts = {
      rows: reading.assignments.length,
      papers: new Set(reading.assignments.map((assignment) => assignment.paper)).size,
      members: new Set(reading.assignments.map((assignment) => assignment.email)).size,
    };
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.assignments-upload',
      entity: 'conference',
      entityId: conference.id,
      after: counts,
    });
    return { message: 'UPLOADED' as const, counts };
  });
}

/**
 * POST /v1/web/conference/{confid}/committee/member: one member joins late. Only their row is
 * computed; the new version is the newest one with that row replaced (the whole matrix when
 * none is stored yet). Audited.
 */
export async function addLateMember(
  context: AppContext,
  session: SessionUser,
  confid: string,
  input: z.output<typeof lateMemberSchema>,
): Promise<LateMemberReply> {
  return context.db.transaction(async (tx) => {
    const conference = await findChairedConference(tx, session, confid, { lock: true });
    // The member is read as a committee file's line would be (ORCID iD and DBLP pid forms).
    const header = 'given_name,family_name,email,affiliation,orcid,dblp';
    const cells = [
      input.given_name,
      input.family_name,
      input.email,
      input.affiliation,
      input.orcid,
      input.dblp,
    ].map((cell) => `"${cell.replaceAll('"', '""')}"`);
    const reading = readCommitteeFile(`${header}\n${cells.join(',')}\n`);
    if ('problems' in reading) throw validationFailed({ member: reading.problems });
    const [member] = reading.members;
    const taken = await findCommitteeMember(tx, conference.id, input.email);
    if (taken) {
      throw conflict({ email: [messages.alreadyMember(input.email, taken.line)] });
    }
    const [last] = await tx
      .select({ line: sql<number>`coalesce(max(${committeeMembers.line}), 1)::int` })
      .from(committeeMembers)
      .where(eq(committeeMembers.conferenceId, conference.id));
    const line = (last?.line ?? 1) + 1;
    const [stored] = await tx
      .insert(committeeMembers)
      .values({ ...(await withStoredMatch(tx, member!)), line, conferenceId: conference.id })
      .returning();
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.committee-add',
      entity: 'conference',
      entityId: conference.id,
      after: { email: input.email, line },
    });
    const invitationOutcome = await inviteAddedMember(
      context,
      tx,
      conference,
      input.email,
      session.user,
    );

    // The member's row against the authors as they are now (matched again only if our people
    // changed since they were stored). Only the member's lines are written: the other members'
    // stay as the newest version has them (the whole matrix when no version is stored yet).
    await refreshRowMatches(tx, conference.id, 'submissions');
    const row = await computeMatrix(tx, conference, {
      onlyMembers: [input.email],
      storedMatches: true,
    });
    const hasVersion = (await versionsRepo.findLatestVersion(tx, conference.id)) !== undefined;
    const { row: version } = await storeVersion(
      tx,
      conference.id,
      hasVersion
        ? { pairs: assignmentPairs(row), memberEmail: input.email }
        : { pairs: assignmentPairs(await computeMatrix(tx, conference)) },
      'member',
      session.user.id,
    );
    const [wire] = await memberWiresOf(
      tx,
      conference.id,
      [stored!],
      await loadRowMatches(tx, conference.id, 'committee', [stored!]),
    );
    return {
      ...(await changesReply(tx, conference, row, 'stored', 'ADDED', version)),
      member: wire!,
      invitation_outcome: invitationOutcome,
      conflicts: row.conflicts,
    };
  });
}
