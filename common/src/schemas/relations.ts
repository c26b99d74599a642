// The relation forms (docs/api-relations.md; their rules in docs/product.md, "Validation rules and
// limits"): the save of every type, the answers to a relation (accept, reject, request a change,
// contact the admin), and the replies. The browser validates with these before sending; the server
// validates again and checks what only the database knows (people, institutions, duplicates, who
// may do what).
import { z } from 'zod';
import {
  messages,
  relationDateCleared,
  relationDateInvalid,
  relationDateRequired,
  relationDateTooLate,
} from '../messages.ts';
import type { RelationDate } from '../relation-dates.ts';
import {
  earliestRelationYear,
  endsBeforeStart,
  formatRelationDate,
  isAfter,
  latestRelationDate,
} from '../relation-dates.ts';
import type { RelationType } from '../relation-types.ts';
import { dateFormats, findRelationType, paperTypeFor, relationTypeIds } from '../relation-types.ts';
import { isEmail, readWholeNumber } from './fields.ts';

export const maxCommentLength = 1000;
export const maxTitleLength = 500;
export const maxNotesLength = 1000;
export const maxSourceLength = 300;
export const maxPartiesPerRelation = 500;
const maxDatabaseId = 2_147_483_647;

/** A value as a form, multipart or JSON body may carry it; repeated fields arrive as arrays. */
const looseValue = z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()], {
  error: 'Please send this field once.',
});
const loose = looseValue.optional();
type Loose = z.infer<typeof loose>;

const textOf = (value: Loose): string =>
  value === undefined || value === null || typeof value === 'boolean' ? '' : String(value).trim();

/** 'none' for blank (and 0), the id for a valid one, 'invalid' for anything else. */
export function parseIdField(value: unknown): number | 'none' | 'invalid' {
  if (value === undefined || value === null || value === '') return 'none';
  if (typeof value !== 'string' && typeof value !== 'number') return 'invalid';
  const text = String(value).trim();
  if (text === '' || text === '0') return 'none';
  if (!/^\d+$/.test(text)) return 'invalid';
  const id = Number(text);
  return id >= 1 && id <= maxDatabaseId ? id : 'invalid';
}

const readFlag = (value: Loose): boolean =>
  typeof value === 'boolean'
    ? value
    : ['1', 'true', 'y', 'yes', 'on'].includes(textOf(value).toLowerCase());

/** A person named on a relation: someone we know, by id, or an e-mail ('Create email'). */
export type PersonChoice = { userId: number } | { email: string };

/** One co-author row of a save: a stored party (by its row id) or a new one. */
export interface CoauthorChoice {
  /** The relation_parties row id (`relation_id` on the wire), for rows already saved. */
  partyId: number | undefined;
  person: PersonChoice;
  /** Sent with status 2: the creator removes this co-author. */
  isRemoved: boolean;
}

export type InstitutionPick = { id: number } | { name: string };

/** A relation save as the server reads it, whatever the type. */
export interface RelationSave {
  /** `GID` on the wire: set when modifying. */
  relationId: number | undefined;
  typeId: number;
  /** Person types (1, 2, 4, 5): the other person. */
  person: PersonChoice | undefined;
  /** Publication-like types (3, 6, 7): the co-authors (or co-awardees). */
  coauthors: CoauthorChoice[];
  /** Publication title, award or grant name; '' for other types. */
  title: string;
  publicationId: number | undefined;
  /** Type 8: the institution, picked or typed. */
  institution: InstitutionPick | undefined;
  start: RelationDate | null;
  end: RelationDate | null;
  source: string;
  notes: string;
  /**
   * `sourceUserUpdateComment` on the wire: the change comment, or a first comment on a new
   * relation.
   */
  comment: string;
  paperType: number;
  isCommunityPaper: boolean;
}

type AddIssue = (path: string, message: string) => void;

/** A person from rUserId / rUserName: an id, else a typed e-mail, else why not. */
function readPerson(idValue: Loose, nameValue: Loose, problem: AddIssue): PersonChoice | undefined {
  const id = parseIdField(idValue);
  if (typeof id === 'number') return { userId: id };
  // Some pickers put a created e-mail option's value in the id field.
  const typed = id === 'invalid' ? textOf(idValue) : textOf(nameValue);
  if (typed === '') {
    problem('rUserId', messages.personRequired);
    return undefined;
  }
  if (!isEmail(typed)) {
    problem('rUserId', messages.personNotInSystem);
    return undefined;
  }
  return { email: typed.toLowerCase() };
}

const coauthorRowSchema = z.looseObject({
  relation_id: z.unknown().optional(),
  coauthor_id: z.unknown().optional(),
  coauthor_name: z.unknown().optional(),
  status: z.unknown().optional(),
});

/**
 * coAuthorDetails: a JSON list in a form (docs/api.md, "Wire conventions"), or the list itself in a
 * JSON body.
 */
function readCoauthors(
  value: unknown,
  addIssue: AddIssue,
): { rows: CoauthorChoice[]; hasProblems: boolean } {
  let hasProblems = false;
  const problem: AddIssue = (path, message) => {
    hasProblems = true;
    addIssue(path, message);
  };
  return { rows: readCoauthorRows(value, problem), hasProblems };
}

function readCoauthorRows(value: unknown, problem: AddIssue): CoauthorChoice[] {
  let rows: unknown = value;
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    try {
      rows = JSON.parse(value);
    } catch {
      problem('coAuthorDetails', messages.coauthorsMalformed);
      return [];
    }
  }
  if (rows === undefined || rows === null) return [];
  if (!Array.isArray(rows) || rows.length > 2 * maxPartiesPerRelation) {
    problem(
      'coAuthorDetails',
      Array.isArray(rows) ? messages.tooManyCoauthors : messages.coauthorsMalformed,
    );
    return [];
  }
  const choices: CoauthorChoice[] = [];
  for (const row of rows) {
    const parsed = coauthorRowSchema.safeParse(row);
    if (!parsed.success) {
      problem('coAuthorDetails', messages.coauthorsMalformed);
      continue;
    }
    const {
      relation_id: partyIdValue,
      coauthor_id: idValue,
      coauthor_name: nameValue,
    } = parsed.data;
    const partyId = parseIdField(partyIdValue);
    const isRemoved = String(parsed.data.status ?? '').trim() === '2';
    if (partyId === 'invalid') {
      problem('coAuthorDetails', messages.coauthorsMalformed);
      continue;
    }
    const id = parseIdField(idValue);
    const typed =
      typeof idValue === 'string' && id === 'invalid'
        ? idValue.trim()
        : typeof nameValue === 'string'
          ? nameValue.trim()
          : '';
    let person: PersonChoice | undefined;
    if (typeof id === 'number') person = { userId: id };
    else if (typed === '') problem('coAuthorDetails', messages.coauthorNotSelected);
    else if (!isEmail(typed)) problem('coAuthorDetails', messages.coauthorEmailRequired);
    else person = { email: typed.toLowerCase() };
    // A removed row that was never saved is simply not there.
    if (person && !(isRemoved && partyId === 'none')) {
      choices.push({
        partyId: typeof partyId === 'number' ? partyId : undefined,
        person,
        isRemoved,
      });
    }
  }
  return choices;
}

const personKey = (person: PersonChoice) =>
  'userId' in person ? `id:${person.userId}` : `email:${person.email}`;

/**
 * One date of the form, in plain words: nothing sent is no date (an error when the type makes
 * it mandatory: 'Please select the …' on a new relation, '… is a required field.' when a
 * modification clears it); a year from 1900, with a month 1 to 12 where the format asks for
 * one; never past the type's cap.
 */
function readDate(
  yearValue: Loose,
  monthValue: Loose,
  options: {
    field: string;
    label: string;
    format: number;
    isMandatory: boolean;
    isModifying: boolean;
    latest: RelationDate;
  },
  problem: AddIssue,
): RelationDate | null {
  const yearText = textOf(yearValue);
  const monthText = options.format === dateFormats.monthYear ? textOf(monthValue) : '';
  if (yearText === '' && monthText === '') {
    if (options.isMandatory) {
      problem(
        options.field,
        options.isModifying
          ? relationDateCleared(options.label)
          : relationDateRequired(options.label),
      );
    }
    return null;
  }
  const year = /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
  const month =
    options.format === dateFormats.monthYear
      ? /^\d{1,2}$/.test(monthText)
        ? Number(monthText)
        : NaN
      : null;
  if (!(year >= earliestRelationYear) || (month !== null && !(month >= 1 && month <= 12))) {
    problem(options.field, relationDateInvalid(options.label));
    return null;
  }
  const date = { year, month };
  if (isAfter(date, options.latest)) {
    problem(
      options.field,
      relationDateTooLate(options.label, formatRelationDate(options.latest, options.format)),
    );
    return null;
  }
  return date;
}

function readDates(
  raw: SaveFields,
  type: RelationType,
  isModifying: boolean,
  problem: AddIssue,
  now: Date,
) {
  const latest = latestRelationDate(type, now);
  const start = type.showStartDate
    ? readDate(
        raw.dateStartYear,
        raw.dateStartMonth,
        {
          field: 'dateStartYear',
          label: type.startDateLabel,
          format: type.startDateFormat,
          isMandatory: type.isStartDateMandatory,
          isModifying,
          latest,
        },
        problem,
      )
    : null;
  const end = type.showEndDate
    ? readDate(
        raw.dateEndYear,
        raw.dateEndMonth,
        {
          field: 'dateEndYear',
          label: type.endDateLabel,
          format: type.endDateFormat,
          isMandatory: type.isEndDateMandatory,
          isModifying,
          latest,
        },
        problem,
      )
    : null;
  if (start && end && endsBeforeStart(start, end)) problem('dateEndYear', messages.endBeforeStart);
  return { start, end };
}

function readLimitedText(value: Loose, field: string, max: number, problem: AddIssue): string {
  const text = textOf(value);
  if (text.length > max) {
    problem(
      field,
      max === maxCommentLength ? messages.atMost1000Characters : `At most ${max} characters.`,
    );
  }
  return text;
}

/**
 * The save calls' fields (docs/api-relations.md, "Saving"); every one optional, read by the type's
 * rules below.
 */
const saveFieldsSchema = z.object({
  GID: loose,
  relationType: loose,
  relationTypeName: loose,
  rUserId: loose,
  rUserName: loose,
  coAuthorDetails: z
    .union([z.string().max(500_000), z.array(z.unknown()), z.null()], {
      error: messages.coauthorsMalformed,
    })
    .optional(),
  publicationName: loose,
  publicationId: loose,
  oldPublicationName: loose,
  dateStartYear: loose,
  dateStartMonth: loose,
  dateEndYear: loose,
  dateEndMonth: loose,
  source: loose,
  notes: loose,
  sourceUserUpdateComment: loose,
  paperType: loose,
  communityPaperId: loose,
  rInstitutionId: loose,
  rInstitutionName: loose,
});
type SaveFields = z.output<typeof saveFieldsSchema>;

/**
 * The fields of coauthor_save, pending_employment_save and save (docs/api-relations.md, "Saving"),
 * checked by the rules for the type sent (docs/product.md, "The relation form" and "Validation
 * rules and limits"). Fields a type does not use are ignored.
 */
export function buildRelationSaveSchema(now: () => Date = () => new Date()) {
  return saveFieldsSchema.transform((raw, context): RelationSave => {
    const problem: AddIssue = (path, message) =>
      context.addIssue({ code: 'custom', path: [path], message });
    const typeId = parseIdField(raw.relationType);
    const type = typeof typeId === 'number' ? findRelationType(typeId) : undefined;
    const gid = parseIdField(raw.GID);
    if (gid === 'invalid') problem('GID', messages.recordNotSaved);
    const relationId = typeof gid === 'number' ? gid : undefined;
    const isModifying = relationId !== undefined;
    const comment = readLimitedText(
      raw.sourceUserUpdateComment,
      'sourceUserUpdateComment',
      maxCommentLength,
      problem,
    );
    const source = readLimitedText(raw.source, 'source', maxSourceLength, problem);
    const notes = readLimitedText(raw.notes, 'notes', maxNotesLength, problem);
    const save: RelationSave = {
      relationId,
      typeId: type?.id ?? 0,
      person: undefined,
      coauthors: [],
      title: '',
      publicationId: undefined,
      institution: undefined,
      start: null,
      end: null,
      source,
      notes,
      comment,
      paperType: 1,
      isCommunityPaper: false,
    };
    if (!type) {
      problem('relationType', messages.relationTypeRequired);
      return save;
    }
    if (isModifying && comment === '') {
      problem('sourceUserUpdateComment', messages.changeCommentRequired);
    } else if (!isModifying && type.isCommentRequired && comment === '') {
      problem('sourceUserUpdateComment', messages.commentRequired);
    }
    Object.assign(save, readDates(raw, type, isModifying, problem, now()));

    if (type.kind === 'person') {
      save.person = readPerson(raw.rUserId, raw.rUserName, problem);
    }
    if (type.kind === 'publication') {
      readPublicationFields(raw, type, save, problem);
    }
    if (type.kind === 'institution') {
      const institutionId = parseIdField(raw.rInstitutionId);
      const name = textOf(raw.rInstitutionName).replace(/\s+/g, ' ');
      if (typeof institutionId === 'number') save.institution = { id: institutionId };
      else if (institutionId === 'invalid') problem('rInstitutionId', messages.institutionUnknown);
      else if (name === '') problem('rInstitutionId', messages.institutionRequired);
      else if (name.length > 200) problem('rInstitutionName', 'At most 200 characters.');
      else save.institution = { name };
    }
    return save;
  });
}

function readPublicationFields(
  raw: SaveFields,
  type: RelationType,
  save: RelationSave,
  problem: AddIssue,
) {
  const isAward = type.id !== relationTypeIds.coauthoredPublication;
  save.title = readLimitedText(
    raw.publicationName,
    'publicationName',
    maxTitleLength,
    problem,
  ).replace(/\s+/g, ' ');
  const publicationId = parseIdField(raw.publicationId);
  if (publicationId === 'invalid') problem('publicationId', messages.publicationUnknown);
  save.publicationId = typeof publicationId === 'number' ? publicationId : undefined;
  if (save.title === '' && save.publicationId === undefined) {
    problem(
      'publicationName',
      isAward ? messages.awardNameRequired : messages.publicationTitleRequired,
    );
  }

  const paperTypeText = textOf(raw.paperType);
  const chosen =
    paperTypeText === '' || paperTypeText === '0'
      ? undefined
      : (readWholeNumber(paperTypeText) ?? NaN);
  if (chosen !== undefined && chosen !== 1 && chosen !== 2) {
    problem('paperType', messages.paperTypeInvalid);
  }
  save.paperType = paperTypeFor(type.id, chosen === 2 ? 2 : undefined);
  save.isCommunityPaper =
    type.id === relationTypeIds.coauthoredPublication && readFlag(raw.communityPaperId);

  const coauthors = readCoauthors(raw.coAuthorDetails, problem);
  save.coauthors = coauthors.rows;
  const active = save.coauthors.filter((row) => !row.isRemoved);
  if (active.length === 0 && !coauthors.hasProblems) {
    problem('coAuthorDetails', isAward ? messages.coawardeesRequired : messages.coauthorsRequired);
  }
  if (active.length > maxPartiesPerRelation) problem('coAuthorDetails', messages.tooManyCoauthors);
  const seen = new Set<string>();
  for (const row of active) {
    const key = personKey(row.person);
    if (seen.has(key)) {
      problem('coAuthorDetails', messages.coauthorListedTwice);
      break;
    }
    seen.add(key);
  }
}

export const relationSaveSchema = buildRelationSaveSchema();
export type RelationSaveForm = z.input<typeof saveFieldsSchema>;

// ---- Answers to a relation ----

const requiredComment = (message: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: message })
    .optional()
    .transform((value) => (value === undefined || value === null ? '' : String(value).trim()))
    .pipe(z.string().min(1, message).max(maxCommentLength, messages.atMost1000Characters));

const optionalComment = z
  .union([z.string(), z.number(), z.null()], { error: messages.atMost1000Characters })
  .optional()
  .transform((value) => (value === undefined || value === null ? '' : String(value).trim()))
  .pipe(z.string().max(maxCommentLength, messages.atMost1000Characters));

/** GID as sent by any relation call: an id, else the save cannot be made. */
const gidField = z
  .union([z.string().max(30), z.number()], { error: messages.recordNotSaved })
  .transform((value, context) => {
    const id = parseIdField(value);
    if (typeof id === 'number') return id;
    context.addIssue({ code: 'custom', message: messages.recordNotSaved });
    return z.NEVER;
  });

/**
 * When the relation type name is empty on a reject or a change request, the record cannot be saved
 * (docs/product.md, "Validation rules and limits"). The other descriptive fields the contract sends
 * are accepted and not needed (docs/api-relations.md, "Answering").
 */
const typeNameField = z
  .union([z.string().max(300), z.number(), z.null()], { error: messages.recordNotSaved })
  .optional()
  .refine((value) => value !== undefined && value !== null && String(value).trim() !== '', {
    message: messages.recordNotSaved,
  });

const descriptiveFields = {
  relationTypeId: loose,
  rUserName: loose,
  numberOfCoAuthors: loose,
  // Not `loose` inside the union: an optional member drops out of the OpenAPI document, which
  // then offered only the list.
  coAuthorIds: z.union([looseValue, z.array(z.unknown())]).optional(),
  publicationName: loose,
};

/** POST relation_accept_relation and relation_accept_coauthor_relation. */
export const acceptRelationSchema = z.object({
  GID: gidField,
  relationTypeName: typeNameField,
  rejectionComment: optionalComment,
  ...descriptiveFields,
});
export type AcceptRelation = z.output<typeof acceptRelationSchema>;

/** POST relation_reject_relation and relation_reject_coauthor_relation. */
export const rejectRelationSchema = z.object({
  GID: gidField,
  relationTypeName: typeNameField,
  rejectionComment: requiredComment(messages.rejectReasonRequired),
  ...descriptiveFields,
});
export type RejectRelation = z.output<typeof rejectRelationSchema>;

/** POST relation_request_to_modify and relation_request_to_modify_pending_emp. */
export const requestToModifySchema = z.object({
  GID: gidField,
  relationTypeName: typeNameField,
  modificationsComment: requiredComment(messages.commentsRequired),
  relationTypeId: loose,
  changeRelationToPending: loose,
  contactAdmin: z
    .union([z.string().max(10), z.number(), z.boolean(), z.null()])
    .optional()
    .transform((value) => readFlag(value ?? undefined)),
});
export type RequestToModify = z.output<typeof requestToModifySchema>;

/** POST /v1/web/relation/data/delete (beyond the contract): the creator deletes their relation. */
export const deleteRelationSchema = z.object({ GID: gidField });

/** GET /v1/web/relation_modify_request_comments_list. */
export const commentsListQuerySchema = z.object({
  relationId: z.string().max(30).optional(),
  relationType: z.string().max(30).optional(),
});

/** GET /v1/web/users/search. */
export const peopleSearchQuerySchema = z.object({
  q: z.string({ error: messages.searchTooShort }).max(200).default(''),
});

/** POST /v1/web/relations/data/list. The rule fields select a conflict list (docs/api-conflicts.md). */
export const relationListSchema = z.object({
  conflictRules: z.union([z.string().max(100_000), z.array(z.unknown())]).optional(),
  conflictRulesPendingEmp: z.union([z.string().max(100_000), z.array(z.unknown())]).optional(),
  conflictInstiRules: z.union([z.string().max(100_000), z.array(z.unknown())]).optional(),
  pageName: z.string().max(50).optional(),
  filterBy: z.string().max(50).optional(),
});

// ---- Replies ----

export const relationSaveReplySchema = z.object({
  GID: z.number(),
  status: z.enum(['CREATED', 'UPDATED', 'UPDATED COAUTHOR']),
  message: z.string(),
});
export type RelationSaveReply = z.infer<typeof relationSaveReplySchema>;

/** 409 for a relation that exists already; GID names it when the caller may see it. */
export const duplicateReplySchema = z.object({
  GID: z.number().nullable(),
  status: z.literal('DUPLICATE ENTRY'),
  message: z.string(),
});

export const relationActionReplySchema = z.object({
  GID: z.number(),
  status: z.enum(['UPDATED', 'SUCCESS', 'DELETED']),
  message: z.string(),
});
export type RelationActionReply = z.infer<typeof relationActionReplySchema>;
