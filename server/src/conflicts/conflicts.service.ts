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
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { validationFailed } from '../http/errors.ts';
import type { Conference } from '../modules/conferences/conferences.repo.ts';
import { loadConferenceRules } from '../modules/conferences/conferences.service.ts';
import type { ReferenceDate } from './dates.ts';
import { toMonthIndex } from './dates.ts';
import { findConflicts } from './engine.ts';
import { formatYears, toConflictsCsv, toConflictsJson, toHotcrpCollaborators } from './exports.ts';
import { loadInstitutionalFacts, loadRelationFacts } from './conflicts.repo.ts';
import { groupRulesByType } from './rules.ts';
import type { ConflictFindings, ConflictReason } from './types.ts';

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
 * - a rule sent in another of the three fields than SPEC's split puts it still counts: the
 *   split only groups the checkboxes, and the rule's own type decides what it matches.
 */
export async function readConflictSelection(
  db: Db,
  form: ConflictSelectionForm,
): Promise<ConflictSelection> {
  const { conference, rules } = await loadConferenceRules(db, form.confid);
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
  selection: ConflictSelection,
): Promise<ConflictFindings> {
  const reference = toMonthIndex(selection.referenceDate);
  const rulesByType = groupRulesByType(selection.rules);
  const relations = await loadRelationFacts(db, userId, rulesByType, reference);
  const institutionalRules = rulesByType.get(institutionalRelationTypeId) ?? [];
  const typeEightInstitutions = relations.flatMap((relation) =>
    relation.typeId === relationTypeIds.pendingEmployment &&
    relation.creator.id === userId &&
    relation.institutionId
      ? [relation.institutionId]
      : [],
  );
  const needsInstitutions = institutionalRules.length > 0 || typeEightInstitutions.length > 0;
  const institutional = needsInstitutions
    ? await loadInstitutionalFacts(db, userId, typeEightInstitutions, institutionalRules, reference)
    : { affiliations: [], institutions: [] };
  return findConflicts({
    userId,
    referenceDate: selection.referenceDate,
    rules: selection.rules,
    relations,
    affiliations: institutional.affiliations,
    institutions: institutional.institutions,
  });
}

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

function toReasonEvidenceWire(reason: ReasonEvidence) {
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
 * One row per institution. SPEC's type_of_position, year and years describe its first reason
 * (firm before provisional, then most recent: the collector's order), which is the one a
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
  return readConflictSelection(context.db, form);
}

/** The list call's conflict fields for a checked selection. */
export async function listConflicts(
  context: AppContext,
  userId: number,
  selection: ConflictSelection,
) {
  const findings = await computeConflicts(context.db, userId, selection);
  return {
    user_conflicts: toUserConflictsWire(findings),
    institution_list: toInstitutionListWire(findings),
  };
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
  const selection = await readConflictSelection(context.db, form);
  const findings = await computeConflicts(context.db, userId, selection);
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
