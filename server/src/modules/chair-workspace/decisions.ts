// A chair's decisions on single conflicts (docs/api-conflicts.md, "Decisions"): `confirmed` or
// `not_conflict`, with a reason, for one committee member (by address) and one submission (by
// paper number). They are stored apart from what the matrix computes, so recomputation and new
// uploads never touch them; every change is audited, and the HotCRP assignment file carries
// them pinned.
import { and, asc, eq } from 'drizzle-orm';
import type {
  ConflictDecisionWire,
  ConflictDecisionReply,
  conflictDecisionSchema,
} from '@recuse/common';
import { chairWorkspaceMessages as messages } from '@recuse/common';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conflictDecisions } from '../../db/schema.ts';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { HttpError, validationFailed } from '../../http/errors.ts';
import { findChairedConference } from '../conferences/conferences.service.ts';
import { describePeople } from '../conflicts/conflicts.service.ts';
import * as repo from './chair-workspace.repo.ts';

export type DecisionRow = typeof conflictDecisions.$inferSelect;

export async function listDecisionRows(db: Db, conferenceId: number): Promise<DecisionRow[]> {
  return db
    .select()
    .from(conflictDecisions)
    .where(eq(conflictDecisions.conferenceId, conferenceId))
    .orderBy(asc(conflictDecisions.paper), asc(conflictDecisions.memberEmail));
}

/** The pair's key as decisions and versions use it. */
export const pairKey = (paper: number, email: string) => `${paper} ${email}`;

/**
 * The decisions as the answers carry them; `applies` when the member is on the committee and
 * the paper among the submissions (`members` and `papers` as the matrix has them).
 */
export async function toDecisionWires(
  db: Db,
  rows: readonly DecisionRow[],
  current: { members: ReadonlySet<string>; papers: ReadonlySet<number> },
): Promise<ConflictDecisionWire[]> {
  const people = await describePeople(
    db,
    rows.flatMap((row) => (row.decidedBy ? [row.decidedBy] : [])),
  );
  return rows.map((row) => {
    const decider = row.decidedBy ? people.get(row.decidedBy) : undefined;
    return {
      paper: row.paper,
      member_email: row.memberEmail,
      decision: row.decision,
      conflict: (row.conflictType as ConflictDecisionWire['conflict']) ?? null,
      reason: row.reason,
      decided_by: decider ? { id: decider.id, name: decider.name } : null,
      decided_at: row.updatedAt.toISOString(),
      applies: current.members.has(row.memberEmail) && current.papers.has(row.paper),
    };
  });
}

async function currentPairs(db: Db, conferenceId: number) {
  const [members, papers] = await Promise.all([
    repo.listCommittee(db, conferenceId),
    repo.listSubmissions(db, conferenceId),
  ]);
  return {
    members: new Set(members.map((member) => member.email.toLowerCase())),
    papers: new Set(papers.map((paper) => paper.paper)),
  };
}

/** GET /v1/web/conference/{confid}/decisions. */
export async function getDecisions(context: AppContext, session: SessionUser, confid: string) {
  const conference = await findChairedConference(context.db, session, confid);
  const rows = await listDecisionRows(context.db, conference.id);
  return {
    decisions: await toDecisionWires(
      context.db,
      rows,
      await currentPairs(context.db, conference.id),
    ),
  };
}

const auditShape = (row: DecisionRow | undefined) =>
  row && {
    paper: row.paper,
    memberEmail: row.memberEmail,
    decision: row.decision,
    conflictType: row.conflictType,
    reason: row.reason,
  };

/**
 * POST /v1/web/conference/{confid}/decision: sets (or replaces) the decision on a member of the
 * committee and a paper among the submissions. Audited.
 */
export async function saveDecision(
  context: AppContext,
  session: SessionUser,
  confid: string,
  input: z.output<typeof conflictDecisionSchema>,
): Promise<ConflictDecisionReply> {
  return context.db.transaction(async (tx) => {
    const conference = await findChairedConference(tx, session, confid, { lock: true });
    const current = await currentPairs(tx, conference.id);
    const errors: Record<string, string[]> = {};
    if (!current.papers.has(input.paper)) errors.paper = [messages.paperUnknown(input.paper)];
    if (!current.members.has(input.email)) errors.email = [messages.memberUnknown(input.email)];
    if (input.decision === 'not_conflict' && input.conflict !== null) {
      errors.conflict = [messages.conflictTypeOnlyConfirmed];
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const where = and(
      eq(conflictDecisions.conferenceId, conference.id),
      eq(conflictDecisions.paper, input.paper),
      eq(conflictDecisions.memberEmail, input.email),
    );
    const [before] = await tx.select().from(conflictDecisions).where(where);
    const values = {
      decision: input.decision,
      conflictType: input.conflict,
      reason: input.reason,
      decidedBy: session.user.id,
      updatedAt: new Date(),
    };
    const [saved] = before
      ? await tx.update(conflictDecisions).set(values).where(where).returning()
      : await tx
          .insert(conflictDecisions)
          .values({
            conferenceId: conference.id,
            paper: input.paper,
            memberEmail: input.email,
            ...values,
          })
          .returning();
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.conflict-decision',
      entity: 'conference',
      entityId: conference.id,
      before: auditShape(before) ?? null,
      after: auditShape(saved),
    });
    const [wire] = await toDecisionWires(tx, [saved!], current);
    return { message: 'SAVED' as const, decision: wire! };
  });
}

/** POST /v1/web/conference/{confid}/decision/delete: the pair goes back to the matrix. */
export async function deleteDecision(
  context: AppContext,
  session: SessionUser,
  confid: string,
  input: { paper: number; email: string },
): Promise<ConflictDecisionReply> {
  return context.db.transaction(async (tx) => {
    const conference = await findChairedConference(tx, session, confid, { lock: true });
    const [deleted] = await tx
      .delete(conflictDecisions)
      .where(
        and(
          eq(conflictDecisions.conferenceId, conference.id),
          eq(conflictDecisions.paper, input.paper),
          eq(conflictDecisions.memberEmail, input.email),
        ),
      )
      .returning();
    if (!deleted) throw new HttpError(404, { message: messages.noDecision });
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.conflict-decision-delete',
      entity: 'conference',
      entityId: conference.id,
      before: auditShape(deleted),
    });
    const [wire] = await toDecisionWires(tx, [deleted], await currentPairs(tx, conference.id));
    return { message: 'DELETED' as const, decision: wire! };
  });
}
