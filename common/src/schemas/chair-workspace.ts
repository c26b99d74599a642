// The PC chair's workspace on the wire (docs/api-conflicts.md, "The chair's workspace"): the
// committee and submissions a chair uploads as HotCRP's CSV files, who each row turned out to
// be among our people, and the answers of the matrix and audit calls. Browser and server share
// these, so both read the same shapes and show the same messages.
import { z } from 'zod';
import { emailField, formFlag, readWholeNumber, wholeNumberField } from './fields.ts';
import {
  conferenceNameSchema,
  conflictReasonWireSchema,
  conflictRuleWireSchema,
} from './conflicts.ts';

/**
 * The largest CSV file the chair's uploads take, in bytes: 16 MiB holds an authors file of a
 * venue of 10,000 submissions (40,000 author lines with their titles) several times over. Every
 * other call keeps the app's 1 MiB.
 */
export const maxCsvUploadBytes = 16 * 1024 * 1024;

export const chairWorkspaceMessages = {
  fileTooLarge: 'The file is too large: a CSV file may be at most 16 MiB.',
  noFile:
    "Please send the CSV file: as the request body with Content-Type text/csv, or as the multipart field 'file'.",
  emptyFile: 'The file is empty: its first line must name the columns.',
  unreadable: (line: number, detail: string) =>
    `The file could not be read at line ${line}: ${detail}`,
  missingHeader: (header: string, example: string) =>
    `The file has no '${header}' column. Its first line must name the columns, for example: ${example}`,
  noEmail: (line: number) => `Line ${line} has no e-mail address.`,
  duplicateEmail: (line: number, email: string, firstLine: number) =>
    `Line ${line}: ${email} is already on line ${firstLine}.`,
  badPaper: (line: number, value: string) =>
    `Line ${line}: the paper number '${value}' is not a whole number from 1 to 999999.`,
  badEmail: (line: number, value: string) => `Line ${line}: '${value}' is not an e-mail address.`,
  tooLong: (line: number, column: string, max: number) =>
    `Line ${line}: the ${column} is longer than ${max} characters.`,
  moreProblems: (count: number) => `… and ${count} more.`,
  duplicateAuthor: (line: number, email: string, paper: number, firstLine: number) =>
    `Line ${line}: ${email} is already an author of paper ${paper} on line ${firstLine}.`,
  duplicatePair: (line: number, email: string, paper: number, firstLine: number) =>
    `Line ${line}: paper ${paper} and ${email} are already on line ${firstLine}.`,
  noAction: (line: number) => `Line ${line} has no action.`,
  paperRequired: 'Please give the paper number, a whole number from 1 to 999999.',
  paperUnknown: (paper: number) => `Paper ${paper} is not among the submissions.`,
  memberUnknown: (email: string) => `${email} is not on the committee.`,
  reasonRequired: 'Please say why: the reason is kept with the decision.',
  decisionRequired: "Please choose 'confirmed' or 'not_conflict'.",
  conflictTypeOnlyConfirmed: 'A conflict type goes with a confirmed conflict only.',
  noDecision: 'There is no decision on this paper and member.',
  noAuditRun: 'No audit has been run for this conference yet.',
  alreadyMember: (email: string, line: number) =>
    `${email} is already on the committee (line ${line}).`,
  hasAccount: (email: string) =>
    `${email} already has an account on Recuse: it needs no invitation.`,
  lineRequired: 'Please give the line of the file, a whole number.',
  pickRequired: "Please pick one of the row's candidates by their id, or 'none' to leave it.",
  noSuchLine: (file: string, line: number) => `There is no line ${line} in the ${file}.`,
  matchedByIdentifier: (line: number) =>
    `Line ${line} is tied to someone by its address or DBLP profile: there is nothing to pick.`,
  noCandidates: (line: number) =>
    `Line ${line} has no candidates: nobody of ours has its name, so there is nothing to pick.`,
  notACandidate: (id: number, line: number) =>
    `User ${id} is not one of the candidates for line ${line}.`,
} as const;

/**
 * The body of the upload calls. The CSV arrives as the request body (`text/csv`), as the
 * multipart field or file `file`, or as `file` in a form or JSON body; the route's parsers make
 * each of them this one field.
 */
export const csvUploadSchema = z.object({
  file: z
    .string({ error: chairWorkspaceMessages.noFile })
    .max(maxCsvUploadBytes, chairWorkspaceMessages.fileTooLarge),
});
export type CsvUpload = z.infer<typeof csvUploadSchema>;

/**
 * How a row was tied to one of our people: its address, its DBLP pid, or the chair's pick among
 * the people of its name; a name alone never ties anyone. (ORCID iDs are read and kept, but our
 * people have no ORCID iD to compare them with yet.)
 */
export const matchedByValues = ['email', 'dblp', 'pick'] as const;
export type MatchedBy = (typeof matchedByValues)[number];

export const personRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  affiliation: z.string().nullable(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

/**
 * A person of the row's name, with what tells namesakes apart: the domain of their address
 * (never the address itself) and their DBLP pid.
 */
export const candidateSchema = personRefSchema.extend({
  email_domain: z.string().nullable(),
  dblp_pid: z.string().nullable(),
});
export type Candidate = z.infer<typeof candidateSchema>;

/** The chair's pick for a row only a name matches: a candidate, or none of them (`user_id` null). */
export const matchPickWireSchema = z.object({
  user_id: z.number().nullable(),
  picked_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** ISO 8601. */
  picked_at: z.string(),
});
export type MatchPickWire = z.infer<typeof matchPickWireSchema>;

/** An institution of the registry that a row's affiliation or e-mail domain names. */
export const placedInstitutionSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** `name` or `alias` (the row's affiliation), `email_domain` (the row's address). */
  matched_by: z.enum(['name', 'alias', 'email_domain']),
  is_approved: z.boolean(),
});
export type PlacedInstitution = z.infer<typeof placedInstitutionSchema>;

const rowMatchShape = {
  /**
   * `matched`: one person by e-mail (primary or confirmed secondary) or DBLP pid, or the one
   * the chair picked among the candidates; `ambiguous`: no identifier matched but people of the
   * same name exist (the candidates), for the chair to settle; `unmatched`: nobody (or none of
   * the candidates, as the chair picked).
   */
  status: z.enum(['matched', 'unmatched', 'ambiguous']),
  matched_by: z.enum(matchedByValues).nullable(),
  user: personRefSchema.nullable(),
  /** The people of the row's name when no identifier matched (also once the chair picked). */
  candidates: z.array(candidateSchema),
  /** The chair's pick that settles the row, if any (docs/api-conflicts.md, "Picking a candidate"). */
  pick: matchPickWireSchema.nullable(),
  /** Where the row's affiliation and e-mail domain place it, matched or not. */
  institutions: z.array(placedInstitutionSchema),
};

const personColumnsShape = {
  /** The line of the uploaded file (the header is line 1). */
  line: z.number(),
  given_name: z.string(),
  family_name: z.string(),
  email: z.string(),
  affiliation: z.string(),
  orcid: z.string().nullable(),
  dblp: z.string().nullable(),
};

export const committeeRowSchema = z.object({ ...personColumnsShape, ...rowMatchShape });
export type CommitteeRow = z.infer<typeof committeeRowSchema>;

/** The invitation mailed to a committee address nobody has an account for. */
export const committeeInvitationSchema = z.object({
  first_sent_at: z.string(),
  last_sent_at: z.string(),
  times_sent: z.number(),
  /** Who sent the latest mail ('(Deleted user)' once their account is gone), or null. */
  sent_by: z.string().nullable(),
});
export type CommitteeInvitation = z.infer<typeof committeeInvitationSchema>;

/** A row of the committee as the committee calls answer it: the match and the invitation. */
export const committeeMemberSchema = committeeRowSchema.extend({
  /**
   * A registered account holds the address (confirmed, as primary or secondary address); an
   * address without one can be invited.
   */
  has_account: z.boolean(),
  invitation: committeeInvitationSchema.nullable(),
});
export type CommitteeMember = z.infer<typeof committeeMemberSchema>;

/** POST /v1/web/conference/{confid}/committee/invite: the address to mail again. */
export const committeeInviteSchema = z.object({ email: emailField });

export const committeeInviteReplySchema = z.object({
  message: z.literal('INVITED'),
  member: committeeMemberSchema,
});
export type CommitteeInviteReply = z.infer<typeof committeeInviteReplySchema>;

export const authorRowSchema = z.object({
  ...personColumnsShape,
  paper: z.number(),
  /** False for a contact who is not an author (HotCRP's `iscontact` nonauthor). */
  is_author: z.boolean(),
  is_contact: z.boolean(),
  ...rowMatchShape,
});
export type AuthorRow = z.infer<typeof authorRowSchema>;

export const matchCountsSchema = z.object({
  rows: z.number(),
  matched: z.number(),
  unmatched: z.number(),
  ambiguous: z.number(),
});
export type MatchCounts = z.infer<typeof matchCountsSchema>;

/** POST and GET /v1/web/conference/{confid}/committee. */
export const committeeReplySchema = z.object({
  message: z.enum(['UPLOADED', 'SUCCESS']),
  counts: matchCountsSchema,
  rows: z.array(committeeMemberSchema),
  /** The ambiguous rows, with their candidates: nobody is tied to them by name alone. */
  needs_decision: z.array(committeeMemberSchema),
});
export type CommitteeReply = z.infer<typeof committeeReplySchema>;

export const submissionSchema = z.object({ paper: z.number(), title: z.string() });

/** POST and GET /v1/web/conference/{confid}/submissions. */
export const submissionsReplySchema = z.object({
  message: z.enum(['UPLOADED', 'SUCCESS']),
  counts: matchCountsSchema.extend({ submissions: z.number() }),
  submissions: z.array(submissionSchema),
  rows: z.array(authorRowSchema),
  needs_decision: z.array(authorRowSchema),
});
export type SubmissionsReply = z.infer<typeof submissionsReplySchema>;

/**
 * POST /v1/web/conference/{confid}/committee/pick and …/submissions/pick: the chair's pick for
 * the row on `line` of the file, a candidate's user id or `none`.
 */
export const matchPickSchema = z.object({
  line: wholeNumberField(chairWorkspaceMessages.lineRequired, 1, 99_999_999),
  pick: z
    .union([z.number(), z.string()], { error: chairWorkspaceMessages.pickRequired })
    .transform((value, context) => {
      if (typeof value === 'string' && value.trim().toLowerCase() === 'none') return null;
      const id = readWholeNumber(value);
      if (id !== undefined && id >= 1 && id <= 2_147_483_647) return id;
      context.addIssue({ code: 'custom', message: chairWorkspaceMessages.pickRequired });
      return z.NEVER;
    }),
});
export type MatchPickInput = z.input<typeof matchPickSchema>;

/** The answer of a pick on the committee: every row the pick settles now. */
export const committeePickReplySchema = z.object({
  message: z.literal('PICKED'),
  rows: z.array(committeeRowSchema),
});
export type CommitteePickReply = z.infer<typeof committeePickReplySchema>;

/**
 * The answer of a pick on the submissions: every author line the pick settles now (all the lines
 * of the same address, whatever the paper).
 */
export const submissionsPickReplySchema = z.object({
  message: z.literal('PICKED'),
  rows: z.array(authorRowSchema),
});
export type SubmissionsPickReply = z.infer<typeof submissionsPickReplySchema>;

// ---- The matrix: committee × submissions ----

/** HotCRP's conflict keywords we write, the most specific first (docs/review-systems.md). */
export const hotcrpConflictValues = [
  'advisor',
  'personal',
  'collaborator',
  'institutional',
  'other',
] as const;

export const conflictDecisionValues = ['confirmed', 'not_conflict'] as const;
export type ConflictDecisionValue = (typeof conflictDecisionValues)[number];

export const conflictDecisionWireSchema = z.object({
  paper: z.number(),
  member_email: z.string(),
  decision: z.enum(conflictDecisionValues),
  /** The type a confirmed conflict is exported with, when the chair chose one. */
  conflict: z.enum(hotcrpConflictValues).nullable(),
  reason: z.string(),
  decided_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** ISO 8601. */
  decided_at: z.string(),
  /** The member is on the committee and the paper among the submissions (else it waits). */
  applies: z.boolean(),
});
export type ConflictDecisionWire = z.infer<typeof conflictDecisionWireSchema>;

/**
 * What ties a member to a submission:
 * - `relation`: a relation (types 1 to 7) between the member and an author, under its rule;
 * - `institutional`: the member's and the author's time at one institution overlapped recently
 *   enough for the institutional rule (both known to us);
 * - `institution`: the member's own affiliation there (or a type 8 application) meets a rule,
 *   and the author's affiliation or e-mail domain in the authors file places them there;
 * - `declared_affiliation`: the committee file and the authors file place both there (for a
 *   member we hold no affiliation of), under the conference's first institutional rule;
 * - `submission_coauthor`: the author co-authors another submission to this conference with the
 *   member (`other_paper`), when the chair counts those;
 * - `author`: the member is an author of the submission (HotCRP knows: never exported).
 */
export const matrixReasonKinds = [
  'relation',
  'institutional',
  'institution',
  'declared_affiliation',
  'submission_coauthor',
  'author',
] as const;
export type MatrixReasonKind = (typeof matrixReasonKinds)[number];

/**
 * A reason in the matrix: a conflict list's reason (the same evidence fields) with the author it is
 * about, and with no relation type where the evidence is the submission itself (`author`,
 * `submission_coauthor`, `declared_affiliation`).
 */
export const matrixReasonSchema = conflictReasonWireSchema.extend({
  kind: z.enum(matrixReasonKinds),
  /** The author (a line of the authors file) the reason is about. */
  author: z.object({
    line: z.number(),
    name: z.string(),
    email: z.string(),
    user_id: z.number().nullable(),
  }),
  relation_type_id: z.number().nullable(),
  relation_type_name: z.string().nullable(),
  institution: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** How the authors file placed the author at `institution`. */
  matched_by: z.enum(['name', 'alias', 'email_domain']).nullable(),
  other_paper: z.number().nullable(),
  /** HotCRP's keyword for this reason; null for `author`. */
  hotcrp_conflict: z.enum(hotcrpConflictValues).nullable(),
});
export type MatrixReason = z.infer<typeof matrixReasonSchema>;

export const matrixConflictSchema = z.object({
  paper: z.number(),
  member_line: z.number(),
  member_email: z.string(),
  /** True only when every reason is provisional. */
  is_provisional: z.boolean(),
  /** What the HotCRP assignment file sets; null when the member is only an author of it. */
  hotcrp_conflict: z.enum(hotcrpConflictValues).nullable(),
  reasons: z.array(matrixReasonSchema),
  /** The chair's decision on the pair, if any (docs/api-conflicts.md, "Decisions"). */
  decision: conflictDecisionWireSchema.nullable(),
});
export type MatrixConflict = z.infer<typeof matrixConflictSchema>;

/** GET /v1/web/conference/{confid}/matrix. */
export const matrixReplySchema = z.object({
  conference: conferenceNameSchema.extend({
    /** R as used, 'YYYY-MM' (today's month when the conference has no date). */
    reference_month: z.string(),
  }),
  rules: z.array(conflictRuleWireSchema),
  counts_submission_coauthors: z.boolean(),
  members: z.array(
    z.object({
      line: z.number(),
      name: z.string(),
      email: z.string(),
      status: z.enum(['matched', 'unmatched', 'ambiguous']),
      user_id: z.number().nullable(),
    }),
  ),
  submissions: z.array(submissionSchema),
  /** The member × submission pairs with at least one reason, by paper then member line. */
  conflicts: z.array(matrixConflictSchema),
  /** Every decision of the conference, also on pairs the matrix finds nothing for. */
  decisions: z.array(conflictDecisionWireSchema),
  counts: z.object({
    members: z.number(),
    submissions: z.number(),
    conflicts: z.number(),
    provisional: z.number(),
  }),
});
export type MatrixReply = z.infer<typeof matrixReplySchema>;

/** POST /v1/web/conference/{confid}/settings. */
export const workspaceSettingsSchema = z.object({
  counts_submission_coauthors: formFlag,
});
export const workspaceSettingsReplySchema = z.object({
  message: z.literal('UPDATED'),
  counts_submission_coauthors: z.boolean(),
});
export type WorkspaceSettingsReply = z.infer<typeof workspaceSettingsReplySchema>;

/** The export calls' query: provisional conflicts go into HotCRP's file only when asked. */
export const assignmentsExportQuerySchema = z.object({
  provisional: z.enum(['include', 'exclude']).default('exclude'),
});

/** The CSV the export calls answer, as the OpenAPI document describes it. */
export const csvFileReplySchema = z.string().describe('A CSV file (RFC 4180, CRLF line ends).');

// ---- Decisions: a chair's word on one member and one submission ----

const paperField = wholeNumberField(chairWorkspaceMessages.paperRequired, 1, 999_999);

/** POST /v1/web/conference/{confid}/decision. */
export const conflictDecisionSchema = z.object({
  paper: paperField,
  email: emailField,
  decision: z.enum(conflictDecisionValues, { error: chairWorkspaceMessages.decisionRequired }),
  reason: z
    .string({ error: chairWorkspaceMessages.reasonRequired })
    .trim()
    .min(1, chairWorkspaceMessages.reasonRequired)
    .max(1000, 'At most 1000 characters.'),
  /** For a confirmed conflict: the type HotCRP gets (else the matrix's, else `other`). */
  conflict: z
    .union([z.enum(hotcrpConflictValues), z.literal('')])
    .optional()
    .transform((value) => (value ? value : null)),
});
export type ConflictDecisionInput = z.input<typeof conflictDecisionSchema>;

/** POST /v1/web/conference/{confid}/decision/delete. */
export const conflictDecisionKeySchema = z.object({ paper: paperField, email: emailField });

export const conflictDecisionReplySchema = z.object({
  message: z.enum(['SAVED', 'DELETED']),
  decision: conflictDecisionWireSchema,
});
export type ConflictDecisionReply = z.infer<typeof conflictDecisionReplySchema>;

/** GET /v1/web/conference/{confid}/decisions. */
export const conflictDecisionsReplySchema = z.object({
  decisions: z.array(conflictDecisionWireSchema),
});
export type ConflictDecisionsReply = z.infer<typeof conflictDecisionsReplySchema>;

// ---- Versions: each stored computation, and what changed since the last export ----

/** One line HotCRP's assignment file would carry, as a version keeps it. */
export const versionPairSchema = z.object({
  paper: z.number(),
  member_email: z.string(),
  action: z.enum(['conflict', 'clearconflict']),
  conflict: z.enum(hotcrpConflictValues).nullable(),
  is_provisional: z.boolean(),
  /** A chair's decision: exported pinned. */
  is_pinned: z.boolean(),
});
export type VersionPair = z.infer<typeof versionPairSchema>;

export const matrixVersionSchema = z.object({
  number: z.number(),
  /** `recompute` (the chair asked), `member` (a late member's row), `export` (a download). */
  cause: z.enum(['recompute', 'member', 'export']),
  created_at: z.string(),
  exported_at: z.string().nullable(),
  pairs: z.number(),
});
export type MatrixVersion = z.infer<typeof matrixVersionSchema>;

/** GET /v1/web/conference/{confid}/versions: the newest first. */
export const matrixVersionsReplySchema = z.object({ versions: z.array(matrixVersionSchema) });
export type MatrixVersionsReply = z.infer<typeof matrixVersionsReplySchema>;

/** A HotCRP assignment (its uploaded assignments file) on the same paper and member. */
export const touchedAssignmentSchema = z.object({ line: z.number(), action: z.string() });

export const matrixChangeSchema = z.object({
  paper: z.number(),
  title: z.string(),
  member_email: z.string(),
  /** Null for `appeared`. */
  before: versionPairSchema.nullable(),
  /** Null for `disappeared`. */
  after: versionPairSchema.nullable(),
  /** HotCRP's assignments of this member on this paper, when its file was uploaded. */
  assignments: z.array(touchedAssignmentSchema),
});
export type MatrixChange = z.infer<typeof matrixChangeSchema>;

/**
 * GET /v1/web/conference/{confid}/changes (and the answer of POST recompute): the matrix now
 * against the last exported version.
 */
export const matrixChangesReplySchema = z.object({
  message: z.enum(['SUCCESS', 'RECOMPUTED', 'UNCHANGED', 'ADDED']),
  /** The version stored by this call or the newest one (null: none stored yet). */
  version: matrixVersionSchema.nullable(),
  /** The version last exported (null: never: everything has appeared). */
  since: matrixVersionSchema.nullable(),
  appeared: z.array(matrixChangeSchema),
  disappeared: z.array(matrixChangeSchema),
  /** Same pair, another type, action, pin or provisional state. */
  changed: z.array(matrixChangeSchema),
  assignments: z
    .object({ rows: z.number(), uploaded_at: z.string(), touched: z.number() })
    .nullable(),
});
export type MatrixChangesReply = z.infer<typeof matrixChangesReplySchema>;

/** POST /v1/web/conference/{confid}/assignments (HotCRP's assignments CSV). */
export const assignmentsReplySchema = z.object({
  message: z.literal('UPLOADED'),
  counts: z.object({ rows: z.number(), papers: z.number(), members: z.number() }),
});
export type AssignmentsReply = z.infer<typeof assignmentsReplySchema>;

/** POST /v1/web/conference/{confid}/committee/member: one late member. */
export const lateMemberSchema = z.object({
  given_name: z.string().trim().max(300).default(''),
  family_name: z.string().trim().max(300).default(''),
  email: emailField,
  affiliation: z.string().trim().max(300).default(''),
  orcid: z.string().trim().max(300).default(''),
  dblp: z.string().trim().max(300).default(''),
});
export type LateMemberInput = z.input<typeof lateMemberSchema>;

export const lateMemberReplySchema = matrixChangesReplySchema.extend({
  member: committeeMemberSchema,
  /**
   * `sent`: nobody has an account for the address and it was mailed an invitation;
   * `limit_reached`: it was not, the day's invitations being used up (invite it later);
   * `not_needed`: it is an account's.
   */
  invitation_outcome: z.enum(['sent', 'limit_reached', 'not_needed']),
  /** The new member's row of the matrix. */
  conflicts: z.array(matrixConflictSchema),
});
export type LateMemberReply = z.infer<typeof lateMemberReplySchema>;

// ---- The audit of declared conflicts (HotCRP's PC conflicts CSV) ----

export const auditItemSchema = z.object({
  paper: z.number(),
  title: z.string(),
  member_email: z.string(),
  member_name: z.string(),
  /** `not_on_committee`: the declared file names someone the committee file does not. */
  member_status: z.enum(['matched', 'unmatched', 'ambiguous', 'not_on_committee']),
  /**
   * HotCRP's conflict type as the declared file wrote it; null when the file has no line for
   * the pair (a missed conflict may show the file's `No conflict`).
   */
  declared: z.string().nullable(),
  /** What Recuse would set (null when it finds nothing). */
  hotcrp_conflict: z.enum(hotcrpConflictValues).nullable(),
  is_provisional: z.boolean(),
  /** The matrix's reasons for the pair (empty for an unsupported one). */
  reasons: z.array(matrixReasonSchema),
  decision: conflictDecisionWireSchema.nullable(),
  /** The evidence in words, or what was looked for and not found. */
  evidence: z.string(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

const auditKeySchema = z.object({ paper: z.number(), member_email: z.string() });

export const auditRunSchema = z.object({
  number: z.number(),
  created_at: z.string(),
  counts: z.object({
    /** Lines of the file declaring a conflict (authors and `no conflict` lines apart). */
    declared: z.number(),
    /** Declared and found by Recuse too. */
    explained: z.number(),
    missed: z.number(),
    unsupported: z.number(),
  }),
  missed: z.array(auditItemSchema),
  unsupported: z.array(auditItemSchema),
  /** This run against the first (null for the first run itself). */
  comparison: z
    .object({
      with: z.object({ number: z.number(), created_at: z.string() }),
      declared_added: z.array(auditKeySchema),
      declared_removed: z.array(auditKeySchema),
      missed: z.object({ new: z.array(auditKeySchema), resolved: z.array(auditKeySchema) }),
      unsupported: z.object({
        new: z.array(auditKeySchema),
        resolved: z.array(auditKeySchema),
      }),
    })
    .nullable(),
});
export type AuditRun = z.infer<typeof auditRunSchema>;

/** POST /v1/web/conference/{confid}/audit and GET audit/{number}. */
export const auditReplySchema = z.object({
  message: z.enum(['AUDITED', 'SUCCESS']),
  run: auditRunSchema,
});
export type AuditReply = z.infer<typeof auditReplySchema>;

/** GET /v1/web/conference/{confid}/audit: every run, the newest first. */
export const auditRunsReplySchema = z.object({
  runs: z.array(auditRunSchema.pick({ number: true, created_at: true, counts: true })),
});
export type AuditRunsReply = z.infer<typeof auditRunsReplySchema>;

/** GET /v1/web/conference/{confid}/export/audit.csv: which run (the newest by default). */
export const auditExportQuerySchema = z.object({
  run: z
    .string()
    .regex(/^\d{1,9}$/, 'The run is a whole number.')
    .transform(Number)
    .optional(),
});
