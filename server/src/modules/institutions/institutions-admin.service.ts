// The administration of institutions (docs/product.md, "Institutions"): the queue of proposals,
// the search over every institution, and an administrator's decisions and edits. Each decision
// is one transaction that locks the institutions it touches first, refuses (409) what was
// already decided, and writes the audit log; the people concerned are told by notification.
import type { AdminInstitution, InstitutionProposal, UpdateInstitutionForm } from '@recuse/common';
import {
  institutionAdminMessages as says,
  institutionKey,
  institutionStatus,
} from '@recuse/common';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, conflict, notFound, validationFailed } from '../../http/errors.ts';
import { displayName } from '../relations/relation-wire.ts';
import { validatePendingEmploymentsAt } from '../relations/relations.service.ts';
import {
  findInstitutionSummary,
  findOtherInstitutionByKeys,
  findPeopleUsing,
  insertNotices,
  listAffiliationsAt,
  listProposals,
  listRelationsAt,
  lockInstitutions,
  moveInstitutionReferences,
  searchInstitutions,
  updateInstitution,
} from './institutions-admin.repo.ts';
import type { InstitutionSummaryRow } from './institutions-admin.repo.ts';
import type { Institution } from './institutions.repo.ts';
import { lockInstitution, lockInstitutionProposals } from './institutions.repo.ts';

export const institutionSearchLimit = 50;

function toAdminInstitution(row: InstitutionSummaryRow): AdminInstitution {
  const { institution } = row;
  return {
    id: institution.id,
    name: institution.name,
    aliases: institution.aliases,
    emailDomains: institution.emailDomains,
    country: institution.country,
    status: institution.status,
    mergedInto:
      institution.mergedIntoId === null
        ? null
        : { id: institution.mergedIntoId, name: row.mergedIntoName ?? '' },
    proposedBy: row.proposer
      ? { id: row.proposer.id, name: displayName(row.proposer), email: row.proposer.email ?? '' }
      : null,
    createdAt: institution.createdAt.toISOString(),
    affiliationCount: row.affiliationCount,
    relationCount: row.relationCount,
  };
}

async function summaryOf(db: Db, id: number): Promise<AdminInstitution> {
  return toAdminInstitution((await findInstitutionSummary(db, id))!);
}

/** The queue: every proposal awaiting approval, with the affiliations and relations naming it. */
export async function listInstitutionQueue(
  context: AppContext,
): Promise<{ institutions: InstitutionProposal[] }> {
  const rows = await listProposals(context.db);
  const ids = rows.map((row) => row.institution.id);
  const [affiliationRows, relationRows] = await Promise.all([
    listAffiliationsAt(context.db, ids),
    listRelationsAt(context.db, ids),
  ]);
  return {
    institutions: rows.map((row) => ({
      ...toAdminInstitution(row),
      affiliations: affiliationRows
        .filter((affiliation) => affiliation.institutionId === row.institution.id)
        .map((affiliation) => ({
          id: affiliation.id,
          person: { id: affiliation.person.id, name: displayName(affiliation.person) },
          position: affiliation.position ?? '',
          startDate: affiliation.startDate ?? '',
          endDate: affiliation.endDate ?? '',
          isCurrent: affiliation.isCurrent,
        })),
      relations: relationRows
        .filter((relation) => relation.institutionId === row.institution.id)
        .map((relation) => ({
          id: relation.id,
          creator: { id: relation.creator.id, name: displayName(relation.creator) },
          status: relation.status,
        })),
    })),
  };
}

/** Every institution whose name or an alias contains the text (at most 50), by name. */
export async function findInstitutions(context: AppContext, text: string) {
  const rows = await searchInstitutions(context.db, institutionKey(text), institutionSearchLimit);
  return { institutions: rows.map(toAdminInstitution) };
}

/**
 * Refuses a decision on an institution already decided, naming how: merged (whatever its
 * status), then rejected, then approved when `approvedToo`.
 */
async function refuseDecided(db: Db, institution: Institution, options: { approvedToo: boolean }) {
  if (institution.mergedIntoId !== null) {
    const target = await findInstitutionSummary(db, institution.mergedIntoId);
    throw new HttpError(409, { message: says.alreadyMerged(target?.institution.name ?? '') });
  }
  if (institution.status === institutionStatus.rejected) {
    throw new HttpError(409, { message: says.alreadyRejected });
  }
  if (options.approvedToo && institution.status === institutionStatus.approved) {
    throw new HttpError(409, { message: says.alreadyApproved });
  }
}

/**
 * An administrator approves a proposal, in plain words: it joins the approved list (status 1),
 * and every pending employment or application (type 8) with it becomes validated, its creator
 * told (relations.service). An institution already approved, rejected or merged is refused
 * (409) and nothing changes. Answers how many relations were validated.
 */
export async function approveInstitution(
  context: AppContext,
  actorUserId: number | null,
  institutionId: number,
): Promise<{ validatedRelations: number }> {
  return context.db.transaction(async (tx) => {
    const institution = await lockInstitution(tx, institutionId);
    if (!institution) throw notFound();
    await refuseDecided(tx, institution, { approvedToo: true });
    await updateInstitution(tx, institution.id, { status: institutionStatus.approved });
    await recordAudit(tx, {
      actorUserId,
      action: 'institution.approve',
      entity: 'institution',
      entityId: institution.id,
      before: { status: institution.status },
      after: { status: institutionStatus.approved },
    });
    const validatedRelations = await validatePendingEmploymentsAt(tx, context.config, actorUserId, {
      id: institution.id,
      name: institution.name,
    });
    return { validatedRelations };
  });
}

/**
 * An administrator rejects a proposal with a reason: it can no longer be picked (status 4); its
 * proposer is told with the reason, and so is everyone else whose affiliation or pending
 * application names it, so they pick another. Their rows stay as they are. Only a proposal
 * awaiting approval can be rejected (409 otherwise).
 */
export async function rejectInstitution(
  context: AppContext,
  actorUserId: number,
  institutionId: number,
  reason: string,
): Promise<AdminInstitution> {
  return context.db.transaction(async (tx) => {
    const institution = await lockInstitution(tx, institutionId);
    if (!institution) throw notFound();
    await refuseDecided(tx, institution, { approvedToo: false });
    if (institution.status !== institutionStatus.awaitingApproval) {
      throw new HttpError(409, { message: says.notAProposal });
    }
    await updateInstitution(tx, institution.id, { status: institutionStatus.rejected });
    const proposerId = institution.createdByUserId;
    const others = (await findPeopleUsing(tx, institution.id)).filter((id) => id !== proposerId);
    await insertNotices(tx, [
      ...(proposerId === null
        ? []
        : [
            {
              userId: proposerId,
              message: says.proposalRejected(institution.name),
              rejectReason: reason,
            },
          ]),
      ...others.map((userId) => ({
        userId,
        message: says.usedInstitutionRejected(institution.name),
        rejectReason: reason,
      })),
    ]);
    await recordAudit(tx, {
      actorUserId,
      action: 'institution.reject',
      entity: 'institution',
      entityId: institution.id,
      before: { status: institution.status },
      after: { status: institutionStatus.rejected, reason, toldUserIds: others },
    });
    return summaryOf(tx, institution.id);
  });
}

/** The target's aliases with the merged institution's name and aliases added, each key once. */
function mergedAliases(target: Institution, source: Institution) {
  const seen = new Set([target.nameKey, ...target.aliasKeys]);
  const aliases = [...target.aliases];
  for (const alias of [source.name, ...source.aliases]) {
    const key = institutionKey(alias);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    aliases.push(alias);
  }
  return { aliases, aliasKeys: aliases.map(institutionKey) };
}

/**
 * An administrator merges an institution (a proposal, or an approved duplicate) into another,
 * in plain words:
 * - the target must be approved or awaiting approval and not merged itself; not the same one;
 * - the merged institution's name and aliases become aliases of the target, its e-mail domains
 *   join the target's, and its country fills the target's when that has none;
 * - its affiliations and type 8 relations now name the target; when the target is approved,
 *   the pending applications among them become validated and their creators told;
 * - the merged institution stays, pointing at the target (merged_into_id), so anything that
 *   still names it (the audit log, an old link) finds where it went; its proposer is told.
 * One already merged or rejected is refused (409). Both rows are locked, in id order. The ROR
 * import merges too (no actor): a record the registry replaced by its successor.
 */
export async function mergeInstitution(
  context: AppContext,
  actorUserId: number | null,
  institutionId: number,
  targetId: number,
) {
  if (institutionId === targetId) {
    throw validationFailed({ targetId: [says.mergeIntoItself] });
  }
  return context.db.transaction(async (tx) => {
    await lockInstitutionProposals(tx);
    const locked = await lockInstitutions(tx, [institutionId, targetId]);
    const source = locked.find((row) => row.id === institutionId);
    const target = locked.find((row) => row.id === targetId);
    if (!source) throw notFound();
    await refuseDecided(tx, source, { approvedToo: false });
    if (!target) throw validationFailed({ targetId: [says.targetUnknown] });
    if (target.mergedIntoId !== null || target.status === institutionStatus.rejected) {
      throw conflict(
        { targetId: [says.targetNotUsable(target.name)] },
        says.targetNotUsable(target.name),
      );
    }

    const targetChanges = {
      ...mergedAliases(target, source),
      emailDomains: [...new Set([...target.emailDomains, ...source.emailDomains])],
      country: target.country || source.country,
    };
    await updateInstitution(tx, target.id, targetChanges);
    const moved = await moveInstitutionReferences(tx, source.id, target.id);
    await updateInstitution(tx, source.id, { mergedIntoId: target.id });
    const validatedRelations =
      target.status === institutionStatus.approved
        ? await validatePendingEmploymentsAt(tx, context.config, actorUserId, {
            id: target.id,
            name: target.name,
          })
        : 0;
    if (source.createdByUserId !== null && source.status === institutionStatus.awaitingApproval) {
      await insertNotices(tx, [
        { userId: source.createdByUserId, message: says.proposalMerged(source.name, target.name) },
      ]);
    }
    await recordAudit(tx, {
      actorUserId,
      action: 'institution.merge',
      entity: 'institution',
      entityId: source.id,
      before: { status: source.status, mergedIntoId: null },
      after: {
        mergedIntoId: target.id,
        movedAffiliationIds: moved.affiliationIds,
        movedRelationIds: moved.relationIds,
      },
    });
    await recordAudit(tx, {
      actorUserId,
      action: 'institution.update',
      entity: 'institution',
      entityId: target.id,
      before: {
        aliases: target.aliases,
        emailDomains: target.emailDomains,
        country: target.country,
      },
      after: {
        aliases: targetChanges.aliases,
        emailDomains: targetChanges.emailDomains,
        country: targetChanges.country,
        mergedFromId: source.id,
      },
    });
    return {
      target: await summaryOf(tx, target.id),
      movedAffiliations: moved.affiliationIds.length,
      movedRelations: moved.relationIds.length,
      validatedRelations,
    };
  });
}

/**
 * An administrator edits an institution's name, aliases, e-mail domains and country. A name or
 * an alias another institution (approved or awaiting approval) already goes by is refused (409,
 * merge them instead), so a typed name keeps finding one institution. A merged institution is
 * edited through the one it was merged into (409).
 */
export async function editInstitution(
  context: AppContext,
  actorUserId: number,
  form: UpdateInstitutionForm,
): Promise<AdminInstitution> {
  return context.db.transaction(async (tx) => {
    await lockInstitutionProposals(tx);
    const institution = await lockInstitution(tx, form.institutionId);
    if (!institution) throw notFound();
    if (institution.mergedIntoId !== null)
      await refuseDecided(tx, institution, { approvedToo: false });

    const nameKey = institutionKey(form.name);
    const aliasKeys = form.aliases.map(institutionKey);
    const taken = await findOtherInstitutionByKeys(tx, institution.id, [nameKey, ...aliasKeys]);
    if (taken) {
      const takenKeys = new Set([taken.nameKey, ...taken.aliasKeys]);
      const errors: Record<string, string[]> = {};
      if (takenKeys.has(nameKey)) errors.name = [says.nameTaken(form.name)];
      const aliases = form.aliases.filter((alias) => takenKeys.has(institutionKey(alias)));
      if (aliases.length > 0) errors.aliases = aliases.map((alias) => says.nameTaken(alias));
      throw conflict(errors, Object.values(errors)[0]![0]);
    }

    const before = {
      name: institution.name,
      aliases: institution.aliases,
      emailDomains: institution.emailDomains,
      country: institution.country,
    };
    const after = {
      name: form.name,
      aliases: form.aliases,
      emailDomains: form.emailDomains,
      country: form.country,
    };
    await updateInstitution(tx, institution.id, { ...after, nameKey, aliasKeys });
    await recordAudit(tx, {
      actorUserId,
      action: 'institution.update',
      entity: 'institution',
      entityId: institution.id,
      before,
      after,
    });
    return summaryOf(tx, institution.id);
  });
}
