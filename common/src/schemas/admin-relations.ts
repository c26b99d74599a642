// Relation decisions (docs/product.md, "Relation decisions"): the requests and replies of the
// calls with which an administrator, or a chair of a conference whose committee includes one of
// a relation's people, reads a relation's history and comments and validates or deletes it.
// Shared by the server's routes and the web app's pages.
import { z } from 'zod';
import { idField, requiredText } from './fields.ts';

export const relationDecisionMessages = {
  onlyDeciders:
    'Only administrators and the chairs of a conference may see relation logs and decide on relations.',
  notYourCommittee:
    'Only an administrator, or a chair of a conference whose committee includes one of its people, may see this relation and decide on it.',
  personalRelation:
    'A personal relation is seen only by its parties and the administrators: a chair sees it only as a conflict.',
  namedOnIt: 'You are named on this relation, so another chair or an administrator decides on it.',
  pickRelation: 'Please select the relation.',
  reasonRequired: 'Please enter the reason for the deletion.',
  alreadyDeleted: 'This relation has already been deleted.',
  alreadyValidated: 'This relation is already validated: everyone on it has accepted it.',
  inactive:
    'This relation is inactive: DBLP no longer lists its publication with two of its people.',
  relationGone: 'This relation does not exist (any more).',
  searchTooLong: 'At most 200 characters.',
} as const;

const relationId = idField(relationDecisionMessages.pickRelation);

/** GET /v1/web/admin/relations/{relationId} */
export const relationLogParamsSchema = z.object({ relationId });

/** GET /v1/web/admin/relations?q=: a relation's number, or part of a person's name or address. */
export const relationSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, relationDecisionMessages.searchTooLong)
    .optional()
    .transform((text) => text ?? ''),
});

/** POST /v1/web/admin/relations/validate: an optional comment goes with the decision. */
export const validateRelationDecisionSchema = z.object({
  relationId,
  reason: z
    .string()
    .trim()
    .max(1000, 'At most 1000 characters.')
    .optional()
    .transform((text) => text ?? ''),
});

/** POST /v1/web/admin/relations/delete: the reason is required and told to its people. */
export const deleteRelationDecisionSchema = z.object({
  relationId,
  reason: requiredText(relationDecisionMessages.reasonRequired, 1000),
});

const personSchema = z.object({ id: z.number(), name: z.string() });

/** A relation as the decision pages list it. `status` is the relation's as a whole. */
export const decisionRelationSchema = z.object({
  id: z.number(),
  typeId: z.number(),
  typeName: z.string(),
  title: z.string(),
  status: z.number(),
  isDblpImported: z.boolean(),
  creator: personSchema,
  parties: z.array(personSchema.extend({ status: z.number() })),
  createdAt: z.string(),
  /** Whether the caller may validate or delete it now. */
  canDecide: z.boolean(),
});
export type DecisionRelation = z.infer<typeof decisionRelationSchema>;

/** GET /v1/web/admin/relations: at most 50, newest first. */
export const relationSearchReplySchema = z.object({ relations: z.array(decisionRelationSchema) });
export type RelationSearchReply = z.infer<typeof relationSearchReplySchema>;

/** One field an audited change touched, as text. */
export const historyChangeSchema = z.object({
  field: z.string(),
  before: z.string(),
  after: z.string(),
});

export const historyEntrySchema = z.object({
  id: z.number(),
  /** The audit action, as `relation.<verb>`. */
  action: z.string(),
  actor: personSchema.nullable(),
  createdAt: z.string(),
  changes: z.array(historyChangeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const logCommentSchema = z.object({
  id: z.number(),
  author: z.string(),
  text: z.string(),
  isToAdmin: z.boolean(),
  isChangeComment: z.boolean(),
  createdAt: z.string(),
});

/** GET /v1/web/admin/relations/{relationId}: the relation, its history and its comments. */
export const relationLogReplySchema = z.object({
  relation: decisionRelationSchema.extend({
    startDate: z.string(),
    endDate: z.string(),
    institution: z.string(),
    source: z.string(),
    notes: z.string(),
  }),
  /** Why the caller may not decide on it now (named on it, already deleted), or null. */
  decisionRefusal: z.string().nullable(),
  history: z.array(historyEntrySchema),
  comments: z.array(logCommentSchema),
});
export type RelationLogReply = z.infer<typeof relationLogReplySchema>;

/** The reply of a decision: the relation as it is afterwards. */
export const relationDecisionReplySchema = z.object({
  message: z.literal('SUCCESS'),
  relation: decisionRelationSchema,
});
export type RelationDecisionReply = z.infer<typeof relationDecisionReplySchema>;
