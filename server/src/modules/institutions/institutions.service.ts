// Institutions as people use them on their profile: picking one from the list, proposing a
// new one by typing its name (it awaits an administrator's approval, status 3), and the
// summaries the institution calls answer. Administrators' decisions: institutions-admin.service.
import type {
  InstitutionConflictOption,
  InstitutionDropList,
  InstitutionPickerReply,
} from '@recuse/common';
import {
  institutionKey,
  institutionPickerLimit,
  institutionStatus,
  messages,
} from '@recuse/common';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import {
  findInstitutionByKey,
  findUsableInstitutionsByIds,
  insertInstitution,
  isSelectableInstitution,
  listAffiliationsWithInstitution,
  listSelectableInstitutions,
  lockInstitutionProposals,
  searchSelectableInstitutions,
  theirSelectableColumn,
} from './institutions.repo.ts';
import type { NamedInstitution } from './institutions.repo.ts';

export { isSelectableInstitution };

/** Merges chain at most this deep; anything longer is a data error, not a loop to follow. */
const maxMergeDepth = 10;

/**
 * The institution each id stands for: itself, or the institution it was merged into. Ids that
 * do not exist, or name an institution no one may pick (neither approved nor awaiting
 * approval), are missing from the answer.
 */
export async function resolveInstitutionIds(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const resolved = new Map<number, number>();
  let pending = new Map<number, number[]>();
  for (const id of new Set(ids)) pending.set(id, [id]);
  for (let depth = 0; depth < maxMergeDepth && pending.size > 0; depth += 1) {
    const rows = await findUsableInstitutionsByIds(db, [...pending.keys()]);
    const next = new Map<number, number[]>();
    for (const row of rows) {
      const askedFor = pending.get(row.id) ?? [];
      if (row.mergedIntoId === null) {
        for (const id of askedFor) resolved.set(id, row.id);
      } else {
        next.set(row.mergedIntoId, [...(next.get(row.mergedIntoId) ?? []), ...askedFor]);
      }
    }
    pending = next;
  }
  return resolved;
}

/**
 * A typed institution name, in plain words: if an institution already has that name or alias
 * (ignoring case, accents and punctuation), whoever proposed it and whatever its status, the
 * person is affiliated with that one and their aliases are not added to it. Otherwise the name
 * becomes a new institution awaiting approval, with its aliases, proposed by this person.
 */
export async function findOrProposeInstitution(
  db: Db,
  userId: number,
  typed: { name: string; aliases: readonly string[] },
): Promise<number> {
  const key = institutionKey(typed.name);
  await lockInstitutionProposals(db);
  const existing = await findInstitutionByKey(db, key);
  if (existing) {
    const [resolved] = (await resolveInstitutionIds(db, [existing.id])).values();
    return resolved ?? existing.id;
  }
  const institution = await insertInstitution(db, {
    name: typed.name,
    aliases: [...typed.aliases],
    nameKey: key,
    aliasKeys: typed.aliases.map(institutionKey),
    status: institutionStatus.awaitingApproval,
    createdByUserId: userId,
  });
  await recordAudit(db, {
    actorUserId: userId,
    action: 'institution.propose',
    entity: 'institution',
    entityId: institution.id,
    after: { name: institution.name, aliases: institution.aliases, status: institution.status },
  });
  return institution.id;
}

/**
 * The contract's map of id to name: every institution the person may pick; names awaiting
 * approval carry the note ' (sent for approval)'.
 */
export async function getInstitutionDropList(
  context: AppContext,
  session: SessionUser,
): Promise<InstitutionDropList> {
  return toDropList(await listSelectableInstitutions(context.db, session.user.id));
}

/**
 * The same map for the person's own institutions only (their affiliations' and their
 * proposals): what a relation form's `institutionDrop` carries, so a form does not send the
 * whole registry; the picker's search finds every other (docs/decisions/web.md, "Institution
 * picker").
 */
export async function getOwnInstitutionDropList(
  context: AppContext,
  session: SessionUser,
): Promise<InstitutionDropList> {
  return toDropList(
    await listSelectableInstitutions(context.db, session.user.id, { onlyTheirs: true }),
  );
}

/**
 * getOwnInstitutionDropList for a page that reads it in its own statement (a relation's view):
 * `column` reads the institutions as one column, given the person as a placeholder, and
 * `toDropList` makes the drop list of what it held.
 */
export const ownInstitutionDropListPart = { column: theirSelectableColumn, toDropList };

function toDropList(rows: readonly NamedInstitution[]): InstitutionDropList {
  const list: InstitutionDropList = {};
  for (const row of rows) {
    list[String(row.id)] =
      row.status === institutionStatus.awaitingApproval
        ? `${row.name} (${messages.institutionSentForApproval})`
        : row.name;
  }
  return list;
}

/**
 * The picker's search: institutions the person may pick whose name or alias (acronyms and
 * names in other languages included, as the ROR import stores them) contains the text,
 * ignoring case, accents and punctuation; best match first. Names awaiting approval carry
 * the note, as in the drop list; `alias` is the alias the text is, else the one containing it
 * when the name does not. Text with no letter or digit finds nothing.
 */
export async function searchPickableInstitutions(
  context: AppContext,
  session: SessionUser,
  text: string,
): Promise<InstitutionPickerReply> {
  const key = institutionKey(text);
  if (key === '') return { institutions: [] };
  const rows = await searchSelectableInstitutions(
    context.db,
    session.user.id,
    key,
    institutionPickerLimit,
  );
  return {
    institutions: rows.map((row) => {
      const exact = row.aliasKeys.indexOf(key);
      const index =
        row.nameKey === key
          ? -1
          : exact >= 0
            ? exact
            : row.nameKey.includes(key)
              ? -1
              : row.aliasKeys.findIndex((aliasKey) => aliasKey.includes(key));
      return {
        id: row.id,
        name:
          row.status === institutionStatus.awaitingApproval
            ? `${row.name} (${messages.institutionSentForApproval})`
            : row.name,
        alias: index < 0 ? '' : (row.aliases[index] ?? ''),
        exact: row.nameKey === key || exact >= 0,
        country: row.country,
      };
    }),
  };
}

/**
 * The institutions of the person's affiliations, one entry each, for the institutional
 * conflict option: the earliest start, the latest end ('' while current there), the positions.
 */
export async function getInstitutionConflictOptions(
  context: AppContext,
  session: SessionUser,
): Promise<{ return_data: InstitutionConflictOption[] }> {
  const rows = await listAffiliationsWithInstitution(context.db, session.user.id);
  const byInstitution = new Map<number, InstitutionConflictOption>();
  for (const row of rows) {
    let option = byInstitution.get(row.institutionId);
    if (!option) {
      option = {
        value: row.institutionId,
        label: row.institutionName,
        instStatus: row.institutionStatus,
        startDate: row.startDate ?? '',
        endDate: '',
        current: 0,
        positions: [],
      };
      byInstitution.set(row.institutionId, option);
    }
    if (row.startDate && (option.startDate === '' || row.startDate < option.startDate)) {
      option.startDate = row.startDate;
    }
    if (row.isCurrent) option.current = 1;
    if (row.endDate && row.endDate > option.endDate) option.endDate = row.endDate;
    if (row.positionName && !option.positions.includes(row.positionName)) {
      option.positions.push(row.positionName);
    }
  }
  const options = [...byInstitution.values()];
  for (const option of options) if (option.current === 1) option.endDate = '';
  return { return_data: options };
}
