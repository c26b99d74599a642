// Versions of the matrix (docs/api-conflicts.md, "Versions and changes"): each stored
// computation keeps the lines HotCRP's bulk assignment file would carry (assignmentPairs), so
// that the chair sees what appeared, disappeared or changed since the file last went to HotCRP,
// and, when HotCRP's assignments file was uploaded, which of those touch an assignment there.
// A late committee member is added with only their row computed.
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
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
import { committeeMembers, hotcrpAssignments, matrixVersions } from '../../db/schema.ts';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { conflict, validationFailed } from '../../http/errors.ts';
import type { Conference } from '../conferences/conferences.repo.ts';
import { findChairedConference } from '../conferences/conferences.service.ts';
import { toMatchWires } from './chair-workspace.service.ts';
import { pairKey } from './decisions.ts';
import { readAssignmentsFile, readCommitteeFile } from './hotcrp-csv.ts';
import { assignmentPairs } from './matrix-exports.ts';
import type { Matrix } from './matrix.service.ts';
import { computeMatrix } from './matrix.service.ts';

type VersionRow = typeof matrixVersions.$inferSelect;
type Cause = VersionRow['cause'];

function toVersionWire(row: VersionRow): MatrixVersion {
  return {
    number: row.number,
    cause: row.cause,
    created_at: row.createdAt.toISOString(),
    exported_at: row.exportedAt?.toISOString() ?? null,
    pairs: (row.pairs as VersionPair[]).length,
  };
}

async function latestVersion(db: Db, conferenceId: number): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(matrixVersions)
    .where(eq(matrixVersions.conferenceId, conferenceId))
    .orderBy(desc(matrixVersions.number))
    .limit(1);
  return row;
}

async function lastExportedVersion(db: Db, conferenceId: number) {
  const [row] = await db
    .select()
    .from(matrixVersions)
    .where(and(eq(matrixVersions.conferenceId, conferenceId), isNotNull(matrixVersions.exportedAt)))
    .orderBy(desc(matrixVersions.exportedAt), desc(matrixVersions.number))
    .limit(1);
  return row;
}

/** Field by field: the database gives JSON objects back with their keys in its own order. */
const samePair = (first: VersionPair, second: VersionPair) =>
  first.paper === second.paper &&
  first.member_email === second.member_email &&
  first.action === second.action &&
  first.conflict === second.conflict &&
  first.is_provisional === second.is_provisional &&
  first.is_pinned === second.is_pinned;

const samePairs = (first: readonly VersionPair[], second: readonly VersionPair[]) =>
  first.length === second.length && first.every((pair, index) => samePair(pair, second[index]!));

/**
 * Stores `pairs` as the conference's next version unless the newest one holds exactly these
 * (then that one stands for this computation); an export marks the version it wrote. The
 * caller holds the conference's lock.
 */
async function storeVersion(
  db: Db,
  conferenceId: number,
  pairs: VersionPair[],
  cause: Cause,
  userId: number,
): Promise<{ row: VersionRow; isNew: boolean }> {
  const latest = await latestVersion(db, conferenceId);
  let row = latest;
  const isNew = !latest || !samePairs(latest.pairs as VersionPair[], pairs);
  if (isNew) {
    [row] = await db
      .insert(matrixVersions)
      .values({
        conferenceId,
        number: (latest?.number ?? 0) + 1,
        cause,
        pairs,
        createdBy: userId,
      })
      .returning();
  }
  if (cause === 'export') {
    [row] = await db
      .update(matrixVersions)
      .set({ exportedAt: sql`now()` })
      .where(eq(matrixVersions.id, row!.id))
      .returning();
  }
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
    await storeVersion(tx, conference.id, assignmentPairs(matrix), 'export', session.user.id);
  });
}

/** What changed from `before` (null: nothing exported yet) to `after`. */
async function changesOf(
  db: Db,
  conferenceId: number,
  titles: ReadonlyMap<number, string>,
  before: readonly VersionPair[],
  after: readonly VersionPair[],
): Promise<Pick<MatrixChangesReply, 'appeared' | 'disappeared' | 'changed' | 'assignments'>> {
  const assignmentRows = await db
    .select()
    .from(hotcrpAssignments)
    .where(eq(hotcrpAssignments.conferenceId, conferenceId))
    .orderBy(asc(hotcrpAssignments.line));
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
    before: from,
    after: to,
    assignments: assignmentsOf.get(pairKey(pair.paper, pair.member_email)) ?? [],
  });
  const old = new Map(before.map((pair) => [pairKey(pair.paper, pair.member_email), pair]));
  const now = new Map(after.map((pair) => [pairKey(pair.paper, pair.member_email), pair]));
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
  const touched = [...appeared, ...disappeared, ...changed].filter(
    (change) => change.assignments.length > 0,
  ).length;
  const [upload] = await db
    .select({ at: sql<Date>`max(${hotcrpAssignments.createdAt})` })
    .from(hotcrpAssignments)
    .where(eq(hotcrpAssignments.conferenceId, conferenceId));
  return {
    appeared,
    disappeared,
    changed,
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

async function changesReply(
  db: Db,
  conference: Conference,
  matrix: Pick<Matrix, 'submissions'>,
  pairs: readonly VersionPair[],
  message: MatrixChangesReply['message'],
  version: VersionRow | undefined,
): Promise<MatrixChangesReply> {
  const since = await lastExportedVersion(db, conference.id);
  const titles = new Map(matrix.submissions.map((paper) => [paper.paper, paper.title]));
  return {
    message,
    version: version ? toVersionWire(version) : null,
    since: since ? toVersionWire(since) : null,
    ...(await changesOf(db, conference.id, titles, (since?.pairs as VersionPair[]) ?? [], pairs)),
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
    assignmentPairs(matrix),
    'SUCCESS',
    await latestVersion(context.db, conference.id),
  );
}

/** POST /v1/web/conference/{confid}/recompute: the matrix now, stored as a version if new. */
export async function recompute(context: AppContext, session: SessionUser, confid: string) {
  const conference = await findChairedConference(context.db, session, confid);
  const matrix = await computeMatrix(context.db, conference);
  const pairs = assignmentPairs(matrix);
  return context.db.transaction(async (tx) => {
    await findChairedConference(tx, session, confid, { lock: true });
    const { row, isNew } = await storeVersion(
      tx,
      conference.id,
      pairs,
      'recompute',
      session.user.id,
    );
    return changesReply(tx, conference, matrix, pairs, isNew ? 'RECOMPUTED' : 'UNCHANGED', row);
  });
}

/** GET /v1/web/conference/{confid}/versions. */
export async function getVersions(context: AppContext, session: SessionUser, confid: string) {
  const conference = await findChairedConference(context.db, session, confid);
  const rows = await context.db
    .select()
    .from(matrixVersions)
    .where(eq(matrixVersions.conferenceId, conference.id))
    .orderBy(desc(matrixVersions.number));
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
    const [taken] = await tx
      .select({ line: committeeMembers.line })
      .from(committeeMembers)
      .where(
        and(
          eq(committeeMembers.conferenceId, conference.id),
          sql`lower(${committeeMembers.email}) = ${input.email}`,
        ),
      );
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
      .values({ ...member!, line, conferenceId: conference.id })
      .returning();
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.committee-add',
      entity: 'conference',
      entityId: conference.id,
      after: { email: input.email, line },
    });

    const latest = await latestVersion(tx, conference.id);
    const row = await computeMatrix(tx, conference, { onlyMembers: [input.email] });
    const rowPairs = assignmentPairs(row);
    let pairs: VersionPair[];
    if (latest) {
      const lineOf = new Map<string, number>();
      const committee = await tx
        .select({ email: committeeMembers.email, line: committeeMembers.line })
        .from(committeeMembers)
        .where(eq(committeeMembers.conferenceId, conference.id));
      for (const entry of committee) lineOf.set(entry.email.toLowerCase(), entry.line);
      pairs = [
        ...(latest.pairs as VersionPair[]).filter((pair) => pair.member_email !== input.email),
        ...rowPairs,
      ].sort(
        (first, second) =>
          first.paper - second.paper ||
          (lineOf.get(first.member_email) ?? 0) - (lineOf.get(second.member_email) ?? 0),
      );
    } else {
      pairs = assignmentPairs(await computeMatrix(tx, conference));
    }
    const { row: version } = await storeVersion(
      tx,
      conference.id,
      pairs,
      'member',
      session.user.id,
    );
    const [wire] = await toMatchWires(tx, [stored!]);
    return {
      ...(await changesReply(tx, conference, row, pairs, 'ADDED', version)),
      member: wire!,
      conflicts: row.conflicts,
    };
  });
}
