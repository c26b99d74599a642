// The audit of the conflicts declared in HotCRP (docs/api-conflicts.md, "Audit of declared
// conflicts"): the chair uploads HotCRP's PC conflicts CSV and gets back what Recuse finds that
// nobody declared (`missed`) and what was declared that no relation, institution or shared
// submission explains (`unsupported`), each with the evidence or what was looked for. Every run
// is stored whole, numbered from 1, so that a later run is compared with the first.
import { and, desc, eq } from 'drizzle-orm';
import type {
  AuditItem,
  AuditReply,
  AuditRun,
  AuditRunsReply,
  MatrixConflict,
  MatrixReason,
} from '@recuse/common';
import {
  isWithheldPersonalReason,
  chairWorkspaceMessages as messages,
  withheldPersonalRule,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conflictAuditRuns } from '../../db/schema.ts';
import { recordAudit } from '../../audit/audit.repo.ts';
import { toCsvRecord } from '../../conflicts/csv.ts';
import { HttpError, validationFailed } from '../../http/errors.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { findChairedConference } from '../conferences/conferences.service.ts';
import { pairKey } from './decisions.ts';
import type { DeclaredConflict } from './hotcrp-csv.ts';
import { declaredKind, readPcConflictsFile } from './hotcrp-csv.ts';
import { assignmentPairs } from './matrix-exports.ts';
import type { Matrix } from './matrix.service.ts';
import { computeMatrix } from './matrix.service.ts';

type AuditKey = { paper: number; member_email: string };

/** What a run stores: its answer without number and date, and the pairs the file declared. */
interface StoredResult {
  counts: AuditRun['counts'];
  missed: AuditItem[];
  unsupported: AuditItem[];
  declared: AuditKey[];
}

type RunRow = typeof conflictAuditRuns.$inferSelect;

function formatMonthYear(year: number | null, month: number | null): string {
  if (!year) return '';
  return month ? `${String(month).padStart(2, '0')}/${year}` : String(year);
}

function reasonDates(reason: MatrixReason): string {
  const start = formatMonthYear(reason.start_year, reason.start_month);
  const end = formatMonthYear(reason.end_year, reason.end_month);
  if (!start) return end ? `until ${end}` : '';
  if (!end) return `${start} – ongoing`;
  return start === end ? start : `${start} – ${end}`;
}

const placedBy: Readonly<Record<string, string>> = {
  name: 'affiliation',
  alias: 'affiliation (an alias)',
  email_domain: 'e-mail domain',
};

/**
 * One reason in words: the rule, then who and what. A withheld personal relation reads as its
 * bare words alone, which already say all the rule may (docs/conflicts.md, "Personal relations").
 */
export function describeReason(reason: MatrixReason): string {
  const who = reason.author.name || reason.author.email;
  const at = reason.institution?.name ?? reason.title ?? '';
  const facts = (() => {
    switch (reason.kind) {
      case 'relation':
        return [
          `${reason.relation_type_name ?? 'relation'} with ${who}`,
          reason.title ? `"${reason.title}"` : '',
          reasonDates(reason),
        ];
      case 'institutional':
        return [`${who} and the member both at ${at}`, reasonDates(reason)];
      case 'institution':
        return [
          `the member at ${at}`,
          `${who} placed there by the authors file's ${placedBy[reason.matched_by ?? 'name']}`,
          reasonDates(reason),
        ];
      case 'declared_affiliation':
        return [`the committee file and the authors file place the member and ${who} at ${at}`];
      case 'submission_coauthor':
        return [`${who} co-authors paper ${reason.other_paper} with the member`];
      case 'author':
        return ['the member is an author of the submission'];
    }
  })();
  const said = facts.filter(Boolean).join(', ');
  const text = isWithheldPersonalReason(reason) ? said : `${reason.rule_title}: ${said}`;
  return reason.is_provisional ? `provisional: ${text}` : text;
}

/** A missed conflict's evidence: each reason, then the chair's decision. */
function missedEvidence(item: Pick<AuditItem, 'reasons' | 'decision'>): string {
  return [...item.reasons.map(describeReason), decisionWords(item)].filter(Boolean).join('; ');
}

/**
 * A run stored before the rule of a withheld personal relation was withheld too named that rule
 * in the reason and in the evidence: it is read as a run made now would store it.
 */
function withRuleWithheld(item: AuditItem): AuditItem {
  const named = (reason: MatrixReason) =>
    isWithheldPersonalReason(reason) && reason.rule_value !== withheldPersonalRule.value;
  if (!item.reasons.some(named)) return item;
  const reasons = item.reasons.map((reason) =>
    named(reason)
      ? {
          ...reason,
          rule_value: withheldPersonalRule.value,
          rule_title: withheldPersonalRule.title,
        }
      : reason,
  );
  return { ...item, reasons, evidence: missedEvidence({ reasons, decision: item.decision }) };
}

/** A stored run's result, read as a run made now would store it. */
function readStoredResult(row: RunRow): StoredResult {
  const result = row.result as StoredResult;
  return { ...result, missed: result.missed.map(withRuleWithheld) };
}

function decisionWords(item: Pick<AuditItem, 'decision'>): string {
  const decision = item.decision;
  if (!decision) return '';
  const word = decision.decision === 'confirmed' ? 'confirmed a conflict' : 'decided: no conflict';
  return `The chair ${word} (${decision.reason}).`;
}

/**
 * The audit of `declared` (the PC conflicts file's lines) against the matrix as Recuse would
 * export it (assignmentPairs: the chair's decisions pinned, provisional conflicts flagged).
 */
export function auditDeclared(
  matrix: Matrix,
  declared: readonly DeclaredConflict[],
): Omit<StoredResult, 'declared'> & { declared: AuditKey[] } {
  const members = new Map(matrix.members.map((member) => [member.email, member]));
  const titles = new Map(matrix.submissions.map((paper) => [paper.paper, paper.title]));
  const conflicts = new Map<string, MatrixConflict>(
    matrix.conflicts.map((conflict) => [pairKey(conflict.paper, conflict.member_email), conflict]),
  );
  const decisions = new Map(
    matrix.decisions
      .filter((decision) => decision.applies)
      .map((decision) => [pairKey(decision.paper, decision.member_email), decision]),
  );
  const declaredConflicts = declared.filter(
    (line) => declaredKind(line.conflictType) === 'conflict',
  );
  // Every line of the file by pair: a conflict or authorship HotCRP has is not missed; a line
  // saying `no conflict` is shown with the missed conflict it leaves out.
  const declaredByKey = new Map(declared.map((line) => [pairKey(line.paper, line.email), line]));
  const lineOf = (email: string) => members.get(email)?.line ?? Number.MAX_SAFE_INTEGER;
  const byPaperAndLine = (first: AuditItem, second: AuditItem) =>
    first.paper - second.paper ||
    lineOf(first.member_email) - lineOf(second.member_email) ||
    first.member_email.localeCompare(second.member_email);

  const itemOf = (paper: number, email: string, line: DeclaredConflict | null): AuditItem => {
    const key = pairKey(paper, email);
    const conflict = conflicts.get(key);
    const member = members.get(email);
    const reasons = conflict?.reasons ?? [];
    return {
      paper,
      title: titles.get(paper) ?? line?.title ?? '',
      member_email: email,
      member_name: member?.name || line?.name || '',
      member_status: member?.status ?? 'not_on_committee',
      declared: line?.conflictType ?? null,
      hotcrp_conflict: conflict?.hotcrp_conflict ?? null,
      is_provisional: reasons.length > 0 && reasons.every((reason) => reason.is_provisional),
      reasons,
      decision: decisions.get(key) ?? null,
      evidence: '',
    };
  };

  const missed: AuditItem[] = [];
  for (const pair of assignmentPairs(matrix)) {
    if (pair.action !== 'conflict') continue;
    const line = declaredByKey.get(pairKey(pair.paper, pair.member_email));
    if (line && declaredKind(line.conflictType) !== 'none') continue;
    const item = itemOf(pair.paper, pair.member_email, null);
    item.declared = line?.conflictType ?? null;
    item.hotcrp_conflict = pair.conflict;
    item.is_provisional = pair.is_provisional;
    item.evidence = missedEvidence(item);
    missed.push(item);
  }

  const unsupported: AuditItem[] = [];
  let explained = 0;
  for (const line of declaredConflicts) {
    const item = itemOf(line.paper, line.email, line);
    if (item.reasons.length > 0 || item.decision?.decision === 'confirmed') {
      explained += 1;
      continue;
    }
    const name = item.member_name || item.member_email;
    const looked = !titles.has(line.paper)
      ? `Paper ${line.paper} is not among the submissions.`
      : item.member_status === 'not_on_committee'
        ? `${item.member_email} is not on the committee file.`
        : item.member_status === 'matched'
          ? `No relation, shared institution or shared submission ties ${name} to an author of paper ${line.paper}.`
          : `${name} is not known to Recuse (${item.member_status}), and neither the committee file's affiliation nor a shared submission ties them to an author of paper ${line.paper}.`;
    item.evidence = [looked, decisionWords(item)].filter(Boolean).join(' ');
    unsupported.push(item);
  }

  return {
    counts: {
      declared: declaredConflicts.length,
      explained,
      missed: missed.length,
      unsupported: unsupported.length,
    },
    missed: missed.sort(byPaperAndLine),
    unsupported: unsupported.sort(byPaperAndLine),
    declared: declaredConflicts.map((line) => ({ paper: line.paper, member_email: line.email })),
  };
}

const keyOf = (item: AuditKey): AuditKey => ({
  paper: item.paper,
  member_email: item.member_email,
});

/** The keys of `after` not in `before`, by paper and address. */
function minus(after: readonly AuditKey[], before: readonly AuditKey[]): AuditKey[] {
  const seen = new Set(before.map((item) => pairKey(item.paper, item.member_email)));
  return after
    .filter((item) => !seen.has(pairKey(item.paper, item.member_email)))
    .map(keyOf)
    .sort((a, b) => a.paper - b.paper || a.member_email.localeCompare(b.member_email));
}

function toRunWire(row: RunRow, first: RunRow | undefined): AuditRun {
  const result = readStoredResult(row);
  const base = first && first.number !== row.number ? (first.result as StoredResult) : null;
  return {
    number: row.number,
    created_at: row.createdAt.toISOString(),
    counts: result.counts,
    missed: result.missed,
    unsupported: result.unsupported,
    comparison:
      base && first
        ? {
            with: { number: first.number, created_at: first.createdAt.toISOString() },
            declared_added: minus(result.declared, base.declared),
            declared_removed: minus(base.declared, result.declared),
            missed: {
              new: minus(result.missed, base.missed),
              resolved: minus(base.missed, result.missed),
            },
            unsupported: {
              new: minus(result.unsupported, base.unsupported),
              resolved: minus(base.unsupported, result.unsupported),
            },
          }
        : null,
  };
}

async function findRun(db: Db, conferenceId: number, number: number | null) {
  const [row] = await db
    .select()
    .from(conflictAuditRuns)
    .where(
      number === null
        ? eq(conflictAuditRuns.conferenceId, conferenceId)
        : and(
            eq(conflictAuditRuns.conferenceId, conferenceId),
            eq(conflictAuditRuns.number, number),
          ),
    )
    .orderBy(desc(conflictAuditRuns.number))
    .limit(1);
  return row;
}

const noRun = () => new HttpError(404, { message: messages.noAuditRun });

/** POST /v1/web/conference/{confid}/audit: HotCRP's PC conflicts CSV, audited and stored. */
export async function runAudit(
  context: AppContext,
  session: SessionUser,
  confid: string,
  file: string,
): Promise<AuditReply> {
  const conference = await findChairedConference(context.db, session, confid);
  const reading = readPcConflictsFile(file);
  if ('problems' in reading) throw validationFailed({ file: reading.problems });
  const matrix = await computeMatrix(context.db, conference);
  const result: StoredResult = auditDeclared(matrix, reading.declared);
  return context.db.transaction(async (tx) => {
    await findChairedConference(tx, session, confid, { lock: true });
    const latest = await findRun(tx, conference.id, null);
    const [row] = await tx
      .insert(conflictAuditRuns)
      .values({
        conferenceId: conference.id,
        number: (latest?.number ?? 0) + 1,
        result,
        createdBy: session.user.id,
      })
      .returning();
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.conflict-audit',
      entity: 'conference',
      entityId: conference.id,
      after: { run: row!.number, ...result.counts },
    });
    const first = row!.number === 1 ? row : await findRun(tx, conference.id, 1);
    return { message: 'AUDITED' as const, run: toRunWire(row!, first) };
  });
}

/** GET /v1/web/conference/{confid}/audit: every run's counts, the newest first. */
export async function listAuditRuns(
  context: AppContext,
  session: SessionUser,
  confid: string,
): Promise<AuditRunsReply> {
  const conference = await findChairedConference(context.db, session, confid);
  const rows = await context.db
    .select()
    .from(conflictAuditRuns)
    .where(eq(conflictAuditRuns.conferenceId, conference.id))
    .orderBy(desc(conflictAuditRuns.number));
  return {
    runs: rows.map((row) => ({
      number: row.number,
      created_at: row.createdAt.toISOString(),
      counts: (row.result as StoredResult).counts,
    })),
  };
}

/** GET /v1/web/conference/{confid}/audit/{number} (null: the newest), with its comparison. */
export async function getAuditRun(
  context: AppContext,
  session: SessionUser,
  confid: string,
  number: number | null,
): Promise<AuditReply> {
  const conference = await findChairedConference(context.db, session, confid);
  const row = await findRun(context.db, conference.id, number);
  if (!row) throw noRun();
  const first = row.number === 1 ? row : await findRun(context.db, conference.id, 1);
  return { message: 'SUCCESS', run: toRunWire(row, first) };
}

export const auditCsvHeader = [
  'finding',
  'paper',
  'title',
  'member_email',
  'member_name',
  'member_status',
  'declared',
  'recuse_conflict',
  'provisional',
  'decision',
  'evidence',
] as const;

/** GET /v1/web/conference/{confid}/export/audit.csv: one run, missed lines first. */
export async function exportAuditRun(
  context: AppContext,
  session: SessionUser,
  confid: string,
  number: number | null,
) {
  const conference = await findChairedConference(context.db, session, confid);
  const row = await findRun(context.db, conference.id, number);
  if (!row) throw noRun();
  const result = readStoredResult(row);
  const records: Array<Array<string | number | null>> = [[...auditCsvHeader]];
  const lines = [
    ...result.missed.map((item) => ['missed', item] as const),
    ...result.unsupported.map((item) => ['unsupported', item] as const),
  ];
  for (const [finding, item] of lines) {
    records.push([
      finding,
      item.paper,
      item.title,
      item.member_email,
      item.member_name,
      item.member_status,
      item.declared ?? '',
      item.hotcrp_conflict ?? '',
      item.is_provisional ? 'yes' : 'no',
      item.decision?.decision ?? '',
      item.evidence,
    ]);
  }
  return {
    body: records.map((record) => `${toCsvRecord(record)}\r\n`).join(''),
    fileName: `${conference.name}-audit-${row.number}.csv`,
  };
}
