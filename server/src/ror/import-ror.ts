// The import of a ROR data dump into the institutions (docs/institutions.md), in three steps:
// 1. each record, in batches, adds or updates the institution with its ROR id (approved: the
//    registry is trusted); a withdrawn record is never added;
// 2. records no longer active with one successor are followed: their institution is merged
//    into the successor's (the administrators' merge), so what named it names the successor,
//    and a withdrawn record without a successor can no longer be picked;
// 3. the links between institutions (parent, child, related, successor, predecessor) are made
//    what the dump says.
// Running it again on the same dump changes nothing.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { institutionKey, institutionStatus } from '@recuse/common';
import { recordAudit } from '../audit/audit.repo.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { auditLog, institutionLinks, institutions } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { mergeInstitution } from '../modules/institutions/institutions-admin.service.ts';
import { resolveInstitutionIds } from '../modules/institutions/institutions.service.ts';
import type { DumpProgress } from './read-dump.ts';
import { RorDumpError, readRorDump } from './read-dump.ts';
import type { RorInstitution, RorLinkType } from './ror-record.ts';
import { RorRecordError, readRorRecord } from './ror-record.ts';

export interface RorImportSummary {
  records: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Withdrawn records that had no institution here: nothing to add. */
  skippedWithdrawn: number;
  /** Institutions merged into their successor's. */
  merged: number;
  /** Withdrawn institutions without a successor, no longer offered. */
  withdrawn: number;
  linksAdded: number;
  linksRemoved: number;
  /** Records left aside, with why. */
  warnings: string[];
}

export interface RorImportOptions {
  batchSize?: number;
  onProgress?: (progress: DumpProgress & { records: number }) => void;
}

type Institution = typeof institutions.$inferSelect;

/** What the import remembers of each record for the later steps. */
interface Kept {
  status: RorInstitution['status'];
  links: RorInstitution['links'];
}

const maxSuccessorDepth = 10;
const maxWarnings = 1000;

/** The union of two lists of names, by institutionKey, never a name the institution goes by. */
function unionAliases(name: string, ...lists: ReadonlyArray<readonly string[]>): string[] {
  const seen = new Set([institutionKey(name)]);
  const aliases: string[] = [];
  for (const alias of lists.flat()) {
    const key = institutionKey(alias);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    aliases.push(alias);
  }
  return aliases;
}

function sameList(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * The changes a record makes to its institution, or undefined when none. Names and domains
 * only grow: a name ROR drops, or one an administrator added (a merged proposal's), stays an
 * alias, and a renamed institution keeps its former name as one.
 */
export function changesFor(existing: Institution, record: RorInstitution) {
  const name = record.name;
  const aliases = unionAliases(
    name,
    existing.aliases,
    existing.name === name ? [] : [existing.name],
    record.aliases,
  );
  const emailDomains = [...new Set([...existing.emailDomains, ...record.domains])];
  const country = record.country || existing.country;
  const changes: Partial<typeof institutions.$inferInsert> = {};
  if (existing.name !== name || existing.nameKey !== institutionKey(name)) {
    changes.name = name;
    changes.nameKey = institutionKey(name);
  }
  if (!sameList(existing.aliases, aliases)) {
    changes.aliases = aliases;
    changes.aliasKeys = aliases.map(institutionKey);
  }
  if (!sameList(existing.emailDomains, emailDomains)) changes.emailDomains = emailDomains;
  if (existing.country !== country) changes.country = country;
  if (existing.rorStatus !== record.status) changes.rorStatus = record.status;
  return Object.keys(changes).length === 0 ? undefined : changes;
}

function newInstitution(record: RorInstitution): typeof institutions.$inferInsert {
  return {
    name: record.name,
    nameKey: institutionKey(record.name),
    aliases: record.aliases,
    aliasKeys: record.aliases.map(institutionKey),
    emailDomains: record.domains,
    country: record.country,
    status: institutionStatus.approved,
    rorId: record.rorId,
    rorStatus: record.status,
  };
}

/** Step 1 for one batch, in one transaction. */
async function saveBatch(db: Db, batch: RorInstitution[], summary: RorImportSummary) {
  await db.transaction(async (tx) => {
    const existing = await tx
      .select()
      .from(institutions)
      .where(
        inArray(
          institutions.rorId,
          batch.map((record) => record.rorId),
        ),
      )
      .for('update');
    const byRorId = new Map(existing.map((row) => [row.rorId!, row]));
    const toInsert: Array<typeof institutions.$inferInsert> = [];
    for (const record of batch) {
      const row = byRorId.get(record.rorId);
      if (!row) {
        if (record.status === 'withdrawn') summary.skippedWithdrawn += 1;
        else toInsert.push(newInstitution(record));
        continue;
      }
      const changes = changesFor(row, record);
      if (!changes) {
        summary.unchanged += 1;
        continue;
      }
      await tx
        .update(institutions)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(institutions.id, row.id));
      const before = Object.fromEntries(
        Object.keys(changes).map((key) => [key, row[key as keyof Institution]]),
      );
      await recordAudit(tx, {
        actorUserId: null,
        action: 'institution.ror_update',
        entity: 'institution',
        entityId: row.id,
        before,
        after: { ...changes, rorId: record.rorId },
      });
      summary.updated += 1;
    }
    if (toInsert.length === 0) return;
    const inserted = await tx
      .insert(institutions)
      .values(toInsert)
      .returning({ id: institutions.id, name: institutions.name, rorId: institutions.rorId });
    await tx.insert(auditLog).values(
      inserted.map((row) => ({
        actorUserId: null,
        action: 'institution.ror_import',
        entity: 'institution',
        entityId: row.id,
        after: { name: row.name, rorId: row.rorId, status: institutionStatus.approved },
      })),
    );
    summary.created += inserted.length;
  });
}

/** The ROR id → institution id of every imported institution. */
async function institutionIdsByRorId(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: institutions.id, rorId: institutions.rorId })
    .from(institutions)
    .where(isNotNull(institutions.rorId));
  return new Map(rows.map((row) => [row.rorId!, row.id]));
}

/**
 * The active record a record no longer active stands for: its one successor, followed while
 * that is itself replaced. Undefined when there is none, several, or the chain does not end.
 */
function finalSuccessor(kept: Map<string, Kept>, rorId: string): string | undefined {
  let current = rorId;
  for (let depth = 0; depth < maxSuccessorDepth; depth += 1) {
    const record = kept.get(current);
    if (!record) return current === rorId ? undefined : current;
    const successors =
      record.status === 'active'
        ? []
        : record.links.filter((link) => link.type === 'successor').map((link) => link.rorId);
    if (successors.length === 0) return current === rorId ? undefined : current;
    if (successors.length > 1) return undefined;
    current = successors[0]!;
  }
  return undefined;
}

/** Step 2: merge replaced institutions into their successors; withdraw the others. */
async function followSuccessors(
  context: AppContext,
  kept: Map<string, Kept>,
  ids: Map<string, number>,
  summary: RorImportSummary,
  warn: (message: string) => void,
) {
  for (const [rorId, record] of kept) {
    if (record.status === 'active') continue;
    const id = ids.get(rorId);
    if (id === undefined) continue;
    const [row] = await context.db.select().from(institutions).where(eq(institutions.id, id));
    if (!row || row.mergedIntoId !== null) continue;
    const successor = finalSuccessor(kept, rorId);
    const successorId = successor === undefined ? undefined : ids.get(successor);
    if (successorId === undefined) {
      if (record.links.some((link) => link.type === 'successor')) {
        warn(`${rorId}: its successor is not in the dump or was not imported; left as it is`);
        continue;
      }
      if (record.status === 'withdrawn' && row.status !== institutionStatus.rejected) {
        await withdraw(context.db, row);
        summary.withdrawn += 1;
      }
      continue;
    }
    // An administrator may have merged the successor's institution into another since.
    const targetId = (await resolveInstitutionIds(context.db, [successorId])).get(successorId);
    if (targetId === undefined || targetId === id) {
      warn(`${rorId}: the institution of its successor ${successor} cannot be picked; not merged`);
      continue;
    }
    try {
      await mergeInstitution(context, null, id, targetId);
      summary.merged += 1;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      warn(`${rorId}: not merged into ${successor}: ${error.message}`);
    }
  }
}

/** A withdrawn record without a successor: nobody may pick its institution any more. */
async function withdraw(db: Db, row: Institution) {
  await db.transaction(async (tx) => {
    await tx
      .update(institutions)
      .set({ status: institutionStatus.rejected, updatedAt: new Date() })
      .where(eq(institutions.id, row.id));
    await recordAudit(tx, {
      actorUserId: null,
      action: 'institution.ror_withdraw',
      entity: 'institution',
      entityId: row.id,
      before: { status: row.status },
      after: { status: institutionStatus.rejected, rorId: row.rorId },
    });
  });
}

const linkKey = (from: number, type: RorLinkType, to: number) => `${from} ${type} ${to}`;

/** Step 3: the links of the dump's institutions become what the dump says. */
async function saveLinks(
  db: Db,
  kept: Map<string, Kept>,
  ids: Map<string, number>,
  summary: RorImportSummary,
) {
  const wanted = new Map<string, typeof institutionLinks.$inferInsert>();
  const sources: number[] = [];
  for (const [rorId, record] of kept) {
    const from = ids.get(rorId);
    if (from === undefined) continue;
    sources.push(from);
    for (const link of record.links) {
      const to = ids.get(link.rorId);
      if (to === undefined) continue;
      wanted.set(linkKey(from, link.type, to), {
        institutionId: from,
        relatedInstitutionId: to,
        type: link.type,
      });
    }
  }
  const chunk = 5000;
  for (let start = 0; start < sources.length; start += chunk) {
    const part = sources.slice(start, start + chunk);
    const existing = await db
      .select()
      .from(institutionLinks)
      .where(inArray(institutionLinks.institutionId, part));
    for (const link of existing) {
      const key = linkKey(link.institutionId, link.type, link.relatedInstitutionId);
      if (wanted.delete(key)) continue;
      await db
        .delete(institutionLinks)
        .where(
          and(
            eq(institutionLinks.institutionId, link.institutionId),
            eq(institutionLinks.type, link.type),
            eq(institutionLinks.relatedInstitutionId, link.relatedInstitutionId),
          ),
        );
      summary.linksRemoved += 1;
    }
  }
  const toInsert = [...wanted.values()];
  for (let start = 0; start < toInsert.length; start += chunk) {
    await db
      .insert(institutionLinks)
      .values(toInsert.slice(start, start + chunk))
      .onConflictDoNothing();
  }
  summary.linksAdded += toInsert.length;
}

/** Imports the dump at `path` (its JSON, or ROR's zip of it). */
export async function importRorDump(
  context: AppContext,
  path: string,
  options: RorImportOptions = {},
): Promise<RorImportSummary> {
  const batchSize = options.batchSize ?? 1000;
  const summary: RorImportSummary = {
    records: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    skippedWithdrawn: 0,
    merged: 0,
    withdrawn: 0,
    linksAdded: 0,
    linksRemoved: 0,
    warnings: [],
  };
  const warn = (message: string) => {
    if (summary.warnings.length < maxWarnings) summary.warnings.push(message);
  };
  const kept = new Map<string, Kept>();
  let batch: RorInstitution[] = [];
  for await (const raw of readRorDump(path, (progress) =>
    options.onProgress?.({ ...progress, records: summary.records }),
  )) {
    summary.records += 1;
    let record: RorInstitution;
    try {
      record = readRorRecord(raw);
    } catch (error) {
      if (!(error instanceof RorRecordError)) throw error;
      if (error.schemaV1 && summary.records === 1) {
        throw new RorDumpError(
          `${path} is in ROR's schema v1; import the JSON of schema v2 (the file named ` +
            "…schema_v2.json in the release, or the release's zip).",
        );
      }
      warn(`record ${summary.records}${error.rorId ? ` (${error.rorId})` : ''}: ${error.message}`);
      continue;
    }
    if (kept.has(record.rorId)) {
      warn(`${record.rorId}: appears twice in the dump; the first is kept`);
      continue;
    }
    kept.set(record.rorId, { status: record.status, links: record.links });
    batch.push(record);
    if (batch.length >= batchSize) {
      await saveBatch(context.db, batch, summary);
      batch = [];
    }
  }
  if (batch.length > 0) await saveBatch(context.db, batch, summary);

  const ids = await institutionIdsByRorId(context.db);
  await followSuccessors(context, kept, ids, summary, warn);
  await saveLinks(context.db, kept, ids, summary);
  return summary;
}
