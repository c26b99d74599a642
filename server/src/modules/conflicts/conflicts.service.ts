// A user's conflict list under a conference's rules: the selection read and checked against the
// database's rules, the engine's inputs loaded (conflicts.repo), the engine run, and the
// findings turned into the list call's fields or an export file.
import type {
  ConflictExportFormat,
  ConflictPersonWire,
  ConflictRule,
  ConflictSelectionForm,
  FieldErrors,
  InstitutionConflictWire,
} from '@recuse/common';
import {
  conflictSelectionFields,
  conflictSelectionMessages,
  hasConflictSelection,
  institutionalRelationTypeId,
  readSelectionValues,
  relationTypeIds,
  selectionFieldOf,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { validationFailed } from '../../http/errors.ts';
import type { Conference } from '../conferences/conferences.repo.ts';
import type { ConferenceRulesCache } from '../conferences/rules-cache.ts';
import { loadConferenceRules } from '../conferences/conferences.service.ts';
import type { ReferenceDate } from '../../conflicts/dates.ts';
import { toMonthIndex } from '../../conflicts/dates.ts';
import { findConflicts } from '../../conflicts/engine.ts';
import { withholdPersonalDetails } from '../../conflicts/personal-details.ts';
import {
  formatYears,
  toConflictsCsv,
  toConflictsJson,
  toHotcrpCollaborators,
} from '../../conflicts/exports.ts';
import { sql } from 'drizzle-orm';
import type { InstitutionalFacts, InstitutionalRow } from './conflicts.repo.ts';
import {
  countsForRules,
  currentAffiliationOf,
  institutionalQuery,
  loadInstitutionalFacts,
  loadPeopleByIds,
  loadRelationFacts,
  readInstitutionalFacts,
  toPersonRef,
  toRelationFacts,
} from './conflicts.repo.ts';
import type { CountedRelations } from '../relations/relations-read.repo.ts';
import { listRelationsPageCounting } from '../relations/relations-list.service.ts';
import { groupRulesByType } from '../../conflicts/rules.ts';
import type { InstitutionResolver } from '../../conflicts/institutions.ts';
import { resolveInstitutions } from '../../conflicts/institutions.ts';
import type {
  AffiliationFact,
  ConflictFindings,
  ConflictReason,
  PersonRef,
  RelationFact,
} from '../../conflicts/types.ts';

/** A checked selection: the conference, its selected rules in its order, and its date R. */
export interface ConflictSelection {
  conference: Conference;
  rules: ConflictRule[];
  referenceDate: ReferenceDate;
}

/** R: the conference's reference date, or today (UTC) when it has none. */
export function referenceDateOf(conference: Conference, today = new Date()): ReferenceDate {
  if (conference.referenceDate) {
    return {
      year: Number(conference.referenceDate.slice(0, 4)),
      month: Number(conference.referenceDate.slice(5, 7)),
    };
  }
  return { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1 };
}

/**
 * Reads the selection against the conference's rules, in plain words:
 * - the conference is `confid` (DEFAULT when absent); an unknown one answers 404;
 * - each field is a JSON array of rules or their values; definitions always come from the
 *   database, whatever else a client sends along;
 * - a field that cannot be read, a value that is not one of the conference's rules, or a
 *   read-only rule left out answers 422 under the field concerned, and nothing is computed;
 * - a rule sent in another of the three fields than the contract's split puts it still counts: the
 *   split only groups the checkboxes, and the rule's own type decides what it matches.
 */
export async function readConflictSelection(
  db: Db,
  form: ConflictSelectionForm,
  cache?: ConferenceRulesCache,
): Promise<ConflictSelection> {
  const { conference, rules } = await loadConferenceRules(db, form.confid, cache);
  const byValue = new Map(rules.map((rule) => [rule.value, rule]));
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const selected = new Set<string>();
  for (const field of conflictSelectionFields) {
    const values = readSelectionValues(form[field]);
    if (values === 'unreadable') {
      add(field, conflictSelectionMessages.unreadable);
      continue;
    }
    for (const value of values) {
      if (byValue.has(value)) selected.add(value);
      else add(field, conflictSelectionMessages.unknownRule(value));
    }
  }
  for (const rule of rules) {
    if (rule.isReadonly && !selected.has(rule.value)) {
      add(
        selectionFieldOf(rule.relationTypeId),
        conflictSelectionMessages.readonlyMissing(rule.title),
      );
    }
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return {
    conference,
    rules: rules.filter((rule) => selected.has(rule.value)),
    referenceDate: referenceDateOf(conference),
  };
}

/** The findings for one user under a checked selection. */
export async function computeConflicts(
  db: Db,
  userId: number,
  selection: Pick<ConflictSelection, 'rules' | 'referenceDate'>,
): Promise<ConflictFindings> {
  const { findings } = await computeConflictsOfUsers(db, [userId], selection);
  return findings.get(userId)!;
}

export interface ConflictsOfUsers {
  /** Each user's findings, as computeConflicts would give them one by one. */
  findings: Map<number, ConflictFindings>;
  /**
   * Resolves every institution the users' findings name and those asked for in `alsoInstitutions`
   * to the same canonical ids the findings use.
   */
  institutions: InstitutionResolver;
}

/**
 * The findings of several users at once (a chair's committee): their inputs are loaded with the
 * same few statements as one user's, whatever their number, then the engine runs once per user
 * on that user's share: the relations they are on, and the affiliations at the institutions
 * where they have one. `alsoInstitutions` are loaded into the resolver too, so that a caller
 * can compare other institutions (an author's) with the findings' canonical ids.
 */
export async function computeConflictsOfUsers(
  db: Db,
  userIds: readonly number[],
  selection: Pick<ConflictSelection, 'rules' | 'referenceDate'>,
  options: { alsoInstitutions?: readonly number[] } = {},
): Promise<ConflictsOfUsers> {
  const users = [...new Set(userIds)];
  const reference = toMonthIndex(selection.referenceDate);
  const rulesByType = groupRulesByType(selection.rules);
  // Neither waits for the other (the institutional statement reads the type 8 institutions
  // itself): sent together.
  const [relations, institutional] = await Promise.all([
    loadRelationFacts(db, users, rulesByType, reference),
    loadInstitutionalFactsFor(db, users, rulesByType, reference, options.alsoInstitutions),
  ]);
  return findingsOfUsers(users, selection, relations, institutional);
}

/**
 * The institutions and affiliations the engine needs (loadInstitutionalFacts), when it needs
 * any: an institutional or type 8 rule is selected, or institutions are asked for besides.
 */
function loadInstitutionalFactsFor(
  db: Db,
  users: readonly number[],
  rulesByType: ReadonlyMap<number, readonly ConflictRule[]>,
  reference: number,
  also: readonly number[] = [],
): Promise<InstitutionalFacts> {
  return needsInstitutions(rulesByType, also)
    ? loadInstitutionalFacts(db, users, rulesByType, reference, also)
    : Promise.resolve(noInstitutionalFacts);
}

const noInstitutionalFacts: InstitutionalFacts = { affiliations: [], institutions: [] };

function needsInstitutions(
  rulesByType: ReadonlyMap<number, readonly ConflictRule[]>,
  also: readonly number[],
): boolean {
  const typeEightRules = rulesByType.get(relationTypeIds.pendingEmployment) ?? [];
  return (
    (rulesByType.get(institutionalRelationTypeId) ?? []).length > 0 ||
    typeEightRules.length > 0 ||
    also.length > 0
  );
}

/**
 * The engine run once per user on that user's share of the facts: the relations they are on,
 * and the affiliations at the institutions where they have one.
 */
function findingsOfUsers(
  userIds: readonly number[],
  selection: Pick<ConflictSelection, 'rules' | 'referenceDate'>,
  relations: readonly RelationFact[],
  institutional: InstitutionalFacts,
): ConflictsOfUsers {
  const users = new Set(userIds);
  const resolver = resolveInstitutions(institutional.institutions);
  const relationsOf = new Map<number, RelationFact[]>();
  const share = <T>(map: Map<number, T[]>, userId: number, item: T) => {
    const list = map.get(userId);
    if (!list) map.set(userId, [item]);
    else if (list[list.length - 1] !== item) list.push(item);
  };
  for (const relation of relations) {
    if (users.has(relation.creator.id)) share(relationsOf, relation.creator.id, relation);
    for (const party of relation.parties) {
      if (users.has(party.id)) share(relationsOf, party.id, relation);
    }
  }
  const atPlace = new Map<number, AffiliationFact[]>();
  const placesOf = new Map<number, Set<number>>();
  for (const affiliation of institutional.affiliations) {
    const place = resolver.canonicalIdOf(affiliation.institutionId);
    share(atPlace, place, affiliation);
    if (users.has(affiliation.person.id)) {
      const places = placesOf.get(affiliation.person.id) ?? new Set<number>();
      places.add(place);
      placesOf.set(affiliation.person.id, places);
    }
  }

  const findings = new Map<number, ConflictFindings>();
  for (const userId of users) {
    findings.set(
      userId,
      findConflicts({
        userId,
        referenceDate: selection.referenceDate,
        rules: selection.rules,
        relations: relationsOf.get(userId) ?? [],
        affiliations: [...(placesOf.get(userId) ?? [])].flatMap((place) => atPlace.get(place)!),
        institutions: institutional.institutions,
        resolver,
      }),
    );
  }
  return { findings, institutions: resolver };
}

/**
 * People by id as conflict lists name them: the name lists show and their current
 * affiliation. Deleted users are left out.
 */
export async function describePeople(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { id: number; name: string; affiliation: string | null }>> {
  const people = await loadPeopleByIds(db, ids);
  const described = new Map<number, { id: number; name: string; affiliation: string | null }>();
  for (const [id, person] of people) {
    if (!person.isDeleted)
      described.set(id, { id, name: person.name, affiliation: person.affiliation ?? null });
  }
  return described;
}

/**
 * The list's user_conflicts. It goes out through JSON.stringify (app.ts, verbatimFields), as
 * does toInstitutionListWire's institution_list: exactly the declared fields, nothing more.
 */
export function toUserConflictsWire(findings: ConflictFindings): ConflictPersonWire[] {
  return findings.people.map((person) => ({
    id: person.id,
    name: person.name,
    affiliation: person.affiliation,
    is_provisional: person.isProvisional,
    reason: person.reasons.map((reason) => ({
      ...toReasonEvidenceWire(reason),
      title: reason.title,
    })),
  }));
}

/** What a person's and an institution's reasons both carry (reasonEvidenceShape in common). */
type ReasonEvidence = Omit<ConflictReason, 'title'>;

/** The evidence of a reason as the wire names it (the list's and the chair's matrix). */
export function toReasonEvidenceWire(reason: ReasonEvidence) {
  return {
    rule_value: reason.ruleValue,
    rule_title: reason.ruleTitle,
    relation_id: reason.relationId,
    affiliation_id: reason.affiliationId,
    relation_type_id: reason.relationTypeId,
    relation_type_name: reason.relationTypeName,
    start_year: reason.startYear,
    start_month: reason.startMonth,
    end_year: reason.endYear,
    end_month: reason.endMonth,
    status: reason.status,
    is_provisional: reason.isProvisional,
    is_intern: reason.isIntern,
  };
}

/**
 * One row per institution. The contract's type_of_position, year and years describe its first
 * reason (firm before provisional, then most recent: the collector's order), which is the one a
 * reader needs; every reason is in `reason`.
 */
export function toInstitutionListWire(findings: ConflictFindings): InstitutionConflictWire[] {
  return findings.institutions.map((institution) => {
    const first = institution.reasons[0];
    return {
      institution_id: institution.id,
      institution_name: institution.name,
      type_of_position: first?.positionLabel ?? '',
      year: first ? (first.startYear ?? first.endYear) : null,
      years: first ? formatYears(first.startYear, first.endYear) : '',
      is_provisional: institution.isProvisional,
      reason: institution.reasons.map((reason) => ({
        ...toReasonEvidenceWire(reason),
        type_of_position: reason.positionLabel ?? '',
      })),
    };
  });
}

/**
 * For the list call: `null` when the form selects no rule at all, neither field sent nor any
 * rule in them (the relations pages send the three fields as empty arrays): the call then
 * answers as it always did. Otherwise the checked selection, or a 404/422 before anything is
 * computed.
 */
export async function readListSelection(
  context: AppContext,
  form: ConflictSelectionForm,
): Promise<ConflictSelection | null> {
  if (!hasConflictSelection(form)) return null;
  const isEmpty = conflictSelectionFields.every((field) => {
    const values = readSelectionValues(form[field]);
    return values !== 'unreadable' && values.length === 0;
  });
  if (isEmpty) return null;
  return readConflictSelection(context.db, form, context.conferenceRules);
}

/**
 * The list call with a checked selection: the relations page, with the user's conflicts in
 * user_conflicts and their institutions in institution_list, from one statement: the list's own,
 * which also says which relations can count and names the affiliation of everyone on those (the
 * engine's relations are the list's), and reads the institutional facts alongside
 * (docs/architecture.md, "A conflict list in one statement").
 */
export async function listRelationsWithConflicts(
  context: AppContext,
  userId: number,
  form: { pageName?: string | undefined },
  selection: ConflictSelection,
) {
  const reference = toMonthIndex(selection.referenceDate);
  const rulesByType = groupRulesByType(selection.rules);
  const withInstitutions = needsInstitutions(rulesByType, []);
  const { page, listed } = await listRelationsPageCounting<InstitutionalRow>(
    context,
    userId,
    form,
    {
      // Everything the statement depends on besides the user: the rules as the database has
      // them (a rule changed is another statement), and the month they are read at.
      key: JSON.stringify([reference, selection.rules]),
      ask: (user) => ({
        counts: countsForRules(user, rulesByType, reference) ?? sql`false`,
        affiliationOf: currentAffiliationOf,
        ...(withInstitutions
          ? { alongside: institutionalQuery(user, rulesByType, reference) }
          : {}),
      }),
    },
  );
  const { findings } = findingsOfUsers(
    [userId],
    selection,
    relationFactsOfListed(listed),
    withInstitutions ? readInstitutionalFacts(listed.alongside) : noInstitutionalFacts,
  );
  const mine = findings.get(userId)!;
  return {
    ...page,
    user_conflicts: toUserConflictsWire(mine),
    institution_list: toInstitutionListWire(mine),
  };
}

/**
 * The engine's relations from the list's statement: those that can count, each with its
 * creator and parties as the engine names people (their affiliation, whether deleted).
 */
function relationFactsOfListed({
  relations,
  parties,
  people,
}: CountedRelations<unknown>): RelationFact[] {
  const persons = new Map<number, PersonRef>();
  for (const [id, person] of people) persons.set(id, toPersonRef(person));
  const counting = relations.filter((relation) => relation.counts);
  return toRelationFacts(counting, parties, persons);
}

const exportFiles: Record<ConflictExportFormat, { extension: string; contentType: string }> = {
  hotcrp: { extension: 'txt', contentType: 'text/plain; charset=utf-8' },
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  json: { extension: 'json', contentType: 'application/json; charset=utf-8' },
};

export interface ConflictsFile {
  body: string;
  contentType: string;
  fileName: string;
}

/** POST /v1/web/relations/data/conflicts_export: the list as a file, built by exports.ts. */
export async function exportConflicts(
  context: AppContext,
  userId: number,
  form: ConflictSelectionForm & { format: ConflictExportFormat },
): Promise<ConflictsFile> {
  const selection = await readConflictSelection(context.db, form, context.conferenceRules);
  // The files are made to be handed to chairs: personal relations go as bare conflicts.
  const findings = withholdPersonalDetails(await computeConflicts(context.db, userId, selection));
  const file = exportFiles[form.format];
  const body =
    form.format === 'hotcrp'
      ? toHotcrpCollaborators(findings)
      : form.format === 'csv'
        ? toConflictsCsv(findings)
        : toConflictsJson(findings, {
            conference: selection.conference.name,
            referenceDate: selection.referenceDate,
          });
  return {
    body,
    contentType: file.contentType,
    // Conference names are letters, digits, dots, dashes and underscores: safe in the header.
    fileName: `conflicts-${selection.conference.name}.${file.extension}`,
  };
}
