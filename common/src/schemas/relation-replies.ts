// Replies of the relation read calls (docs/api-relations.md): the add-relation form's data, one
// relation as its viewer sees it, and its activity log. The server declares them on its routes
// (the serializer sends only these fields) and the web app parses every answer with them.
import { z } from 'zod';
import { conflictPersonWireSchema, institutionConflictWireSchema } from './conflicts.ts';
import { wireFlag as flag } from './fields.ts';
import { institutionDropListSchema } from './institutions.ts';

const dateFormat = z.union([z.literal(1), z.literal(2)]);

/**
 * A relation type as the forms need it: flags 0/1, date formats 1 (year) or 2 (month and year);
 * `relationTypeToWire` (relation-types.ts) makes one. is_multi_person and what follows it go
 * beyond the contract: the rest of what the form needs, so no client hard-codes it.
 */
export const relationTypeWireSchema = z.object({
  id: z.number(),
  name: z.string(),
  type_name: z.string(),
  description: z.string(),
  show_start_date: flag,
  show_end_date: flag,
  start_date_mandatory: flag,
  end_date_mandatory: flag,
  show_start_date_label: z.string(),
  show_end_date_label: z.string(),
  start_date_format: dateFormat,
  end_date_format: dateFormat,
  is_multi_person: flag,
  comment_mandatory: flag,
  allow_ongoing: flag,
  max_days_ahead: z.number(),
  title_label: z.string(),
  coauthors_label: z.string(),
  coauthor_label: z.string(),
});
export type RelationTypeWire = z.infer<typeof relationTypeWireSchema>;

/** One person of a picker (the contract's usersDrp). */
export const personOptionSchema = z.object({
  label: z.string(),
  value: z.number(),
  /** DBLP's name, which tells two people of the same name apart ('Wei Wang 0003'); '' if none. */
  dblp_name: z.string(),
  /** The contract allows a secondary e-mail, which pickers also match. */
  sec_email: z.string().optional(),
  /** Search answers only, beyond the contract: 1 when the typed e-mail is this person's. */
  typed_email: z.literal(1).optional(),
});
export type PersonOption = z.infer<typeof personOptionSchema>;

/**
 * GET /v1/web/users/search. Beyond the contract: `own_email` 1 when the typed e-mail is one of
 * the caller's own addresses (the answer then names nobody).
 */
export const peopleSearchReplySchema = z.object({
  usersDrp: z.array(personOptionSchema),
  own_email: z.literal(1).optional(),
});
export type PeopleSearchReply = z.infer<typeof peopleSearchReplySchema>;

/** Paper types by id ('1': 'Research paper'). */
const paperTypesSchema = z.record(z.string(), z.string());

export const publicationOptionSchema = z.object({
  label: z.string(),
  value: z.number(),
  year: z.number().nullable(),
  /** DBLP's key of an imported publication, '' otherwise. */
  dblp_key: z.string(),
});
export type PublicationOption = z.infer<typeof publicationOptionSchema>;

/** GET /v1/web/relation/data/addnew. */
export const addNewReplySchema = z.object({
  relationTypes: z.array(relationTypeWireSchema),
  relationTypesOrdered: z.array(relationTypeWireSchema),
  usersDrp: z.array(personOptionSchema),
  institutionDrop: institutionDropListSchema,
  paperTypes: paperTypesSchema,
  allPublications: z.array(publicationOptionSchema),
  /** Prefix of a DBLP record's page; a publication's dblp_key completes it. */
  publicationDBLPUrl: z.string(),
  LoggedInUserFullName: z.string(),
  defaultSource: z.string(),
});
export type AddNewReply = z.infer<typeof addNewReplySchema>;

/** What the server would let the viewer do, from the same rules the actions enforce. */
export const relationPermissionsSchema = z.object({
  accept: flag,
  reject: flag,
  requestChange: flag,
  contactAdmin: flag,
  modify: flag,
  delete: flag,
});
export type RelationPermissions = z.infer<typeof relationPermissionsSchema>;

/** A person on a co-authored publication, award or grant. */
export const relationCoauthorSchema = z.object({
  relation_id: z.number(),
  relation_parent_id: z.number(),
  coauthor_id: z.number(),
  coauthor_name: z.string(),
  /** The person's answer; 2 for someone removed or a deleted user. */
  status: z.number(),
  reject_reason: z.string(),
  allowModify: flag,
});
export type RelationCoauthor = z.infer<typeof relationCoauthorSchema>;

/** GET /v1/web/relation/data/view/{id}. */
export const relationViewReplySchema = z.object({
  GID: z.number(),
  /** The creator's id and name. */
  UId: z.number(),
  UName: z.string(),
  relationType: z.number(),
  relationTypeName: z.string(),
  rUserId: z.number(),
  rUserName: z.string(),
  source: z.string(),
  notes: z.string(),
  paperType: z.number(),
  dateStartYear: z.number().nullable(),
  dateStartMonth: z.number().nullable(),
  dateEndYear: z.number().nullable(),
  dateEndMonth: z.number().nullable(),
  isOngoing: flag,
  /** The viewer's own answer when named, else the whole relation's. */
  Status: z.number(),
  allowModify: flag,
  sourceUserIsLoggedInUser: flag,
  relUserIsLoggedInUser: flag,
  publicationId: z.number().nullable(),
  publicationName: z.string(),
  publicationDBLPUrl: z.string(),
  DBLPImportedEntry: flag,
  communityPaper: flag,
  coauthor_status: z.number(),
  rInstitutionId: z.number().nullable(),
  rInstitutionName: z.string(),
  institutionStatus: z.number().nullable(),
  /** The creator's latest change comment, '' if none. */
  sourceUserUpdateComment: z.string(),
  latest_unread_notification_id: z.number().nullable(),
  LoggedInUserFullName: z.string(),
  /** The viewer's own rejection reason. */
  rejectReason: z.string(),
  permissions: relationPermissionsSchema,
  coAuthors: z.array(relationCoauthorSchema),
  numberOfCoAuthors: z.number(),
  relationTypes: z.array(relationTypeWireSchema),
  paperTypes: paperTypesSchema,
  usersDrp: z.array(personOptionSchema),
  institutionDrop: institutionDropListSchema,
});
export type RelationViewReply = z.infer<typeof relationViewReplySchema>;

/** GET /v1/web/relation/data/pending_employment_view/{id}: the view plus the institution. */
export const pendingEmploymentViewReplySchema = relationViewReplySchema.extend({
  institutionId: z.number().nullable(),
  institutionName: z.string(),
});
export type PendingEmploymentViewReply = z.infer<typeof pendingEmploymentViewReplySchema>;

/** One comment of a relation's activity log. */
export const relationCommentSchema = z.object({
  id: z.number(),
  submittedBy: z.string(),
  /** 'Y' for a message to the administrators. */
  contactAdmin: z.enum(['Y', 'N']),
  Comments: z.string(),
  isChangeComment: flag,
  /** 1 for an administrator's answer to a message to the administrators (its author reads it). */
  isAdminAnswer: flag,
  createdAt: z.string(),
});
export type RelationComment = z.infer<typeof relationCommentSchema>;

/** One action on a relation, from the audit log. */
export const relationActionEntrySchema = z.object({
  submittedBy: z.string(),
  action: z.string(),
  /** The actor's status after an answer or a validation; null for other actions. */
  status: z.number().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type RelationActionEntry = z.infer<typeof relationActionEntrySchema>;

/** GET /v1/web/relation_modify_request_comments_list. */
export const relationCommentsReplySchema = z.object({
  data: z.array(relationCommentSchema),
  user_action_data: z.array(relationActionEntrySchema),
});
export type RelationCommentsReply = z.infer<typeof relationCommentsReplySchema>;

// ---- POST /v1/web/relations/data/list ----

const listDates = {
  start_date: z.number().nullable(),
  start_date_month: z.number().nullable(),
  end_date: z.number().nullable(),
  end_date_month: z.number().nullable(),
};

/** A relation with one other person (types 1, 2, 4, 5). */
export const personRowSchema = z.object({
  display_coauthor_name: z.string(),
  co_author_id: z.number(),
  /** The other person's status; 2 means a deleted user. */
  co_author_status: z.number(),
  ...listDates,
  status: z.number(),
  modify_id: z.number(),
});
export type PersonRow = z.infer<typeof personRowSchema>;

export const publicationCoauthorSchema = z.object({
  coauthor_id: z.number(),
  coauthor_name: z.string(),
  status: z.number(),
  alow_modify: flag,
  /** The party row; 0 for the creator. */
  relationId: z.number(),
});
export type PublicationCoauthor = z.infer<typeof publicationCoauthorSchema>;

export const publicationYearSchema = z.object({
  date_end_year: z.number().nullable(),
  status: z.number(),
  co_author_names: z.string(),
  parent_id: z.number(),
  co_authors: z.array(publicationCoauthorSchema),
});
export type PublicationYear = z.infer<typeof publicationYearSchema>;

/** A titled relation (types 3, 6, 7), one row per title. */
export const publicationRowSchema = z.object({
  publication_name: z.string(),
  /** Keyed by year, 'ongoing', or 'year-id' for a second relation of the same title and year. */
  publication_years: z.record(z.string(), publicationYearSchema),
});
export type PublicationRow = z.infer<typeof publicationRowSchema>;

/** A pending application to an institution (type 8). */
export const institutionRowSchema = z.object({
  institution_name: z.string(),
  institution_id: z.number().nullable(),
  institution_status: z.number().nullable(),
  ...listDates,
  status: z.number(),
  modify_id: z.number(),
});
export type InstitutionRow = z.infer<typeof institutionRowSchema>;

/** One of the user's affiliations, as the relations pages list them. */
export const listedAffiliationSchema = z.object({
  institution_name: z.string(),
  institution_id: z.number(),
  institution_status: z.number(),
  type_of_position: z.string(),
  year: z.number().nullable(),
  years: z.string(),
});
export type ListedAffiliation = z.infer<typeof listedAffiliationSchema>;

/**
 * The relations pages' list: rows by relation type id ('1' … '8'). With a rule selection
 * (conflictSelectionFormSchema) the call also answers the user's conflicts: `user_conflicts`
 * holds the people, and `institution_list` the institutional conflicts instead of the
 * user's affiliations. Without one, `user_conflicts` is empty.
 */
export const relationListReplySchema = z.object({
  errors: z.record(z.string(), z.array(z.string())),
  tot_relations: z.number(),
  institution_list: z.array(z.union([listedAffiliationSchema, institutionConflictWireSchema])),
  user_conflicts: z.array(conflictPersonWireSchema),
  relation_types: z.array(relationTypeWireSchema),
  relations: z.record(
    z.string(),
    z.array(z.union([personRowSchema, publicationRowSchema, institutionRowSchema])),
  ),
});
export type RelationListReply = z.infer<typeof relationListReplySchema>;

/** The list's answer to a rule selection: the affiliations give way to institutional conflicts. */
export const conflictListReplySchema = relationListReplySchema.extend({
  institution_list: z.array(institutionConflictWireSchema),
});
export type ConflictListReply = z.infer<typeof conflictListReplySchema>;
