// The administrators' requests inbox (docs/product.md, "Requests inbox"): messages to the
// administrators left on a relation (Contact admin) and Contact-us messages, newest first; an
// answer goes into the relation's activity log (or, for Contact us, to the author as a
// notification and a mail), and a request is closed once handled. Shared by the server's
// routes and the web app's inbox page.
import { z } from 'zod';
import { formFlag, idField, requiredText } from './fields.ts';

export const requestMessages = {
  onlyAdministrators: 'Only administrators may read and answer requests.',
  pickRequest: 'Please select the request.',
  pickKind: 'Please say which kind of request this is.',
  answerRequired: 'Please enter your answer.',
  requestGone: 'This request no longer exists.',
  alreadyClosed: 'This request is already closed.',
  relationDeleted:
    'The relation of this request was deleted, so the answer cannot go into its activity log. Close the request instead.',
  authorGone:
    'The account that sent this request no longer exists, so nobody can read an answer. Close the request instead.',
  answerNotice: 'An administrator answered your message about the relation.',
  contactAnswerNotice: (subject: string) => `An administrator answered your message “${subject}”.`,
} as const;

/** 'relation': a Contact-admin comment on a relation; 'contact': a Contact-us message. */
export const requestKindSchema = z.enum(['relation', 'contact'], {
  error: requestMessages.pickKind,
});
export type RequestKind = z.infer<typeof requestKindSchema>;

/** GET /v1/web/admin/requests?state=: the open requests (default) or the closed ones. */
export const requestListSchema = z.object({
  state: z.enum(['open', 'closed']).optional().default('open'),
});

const requestTarget = {
  kind: requestKindSchema,
  requestId: idField(requestMessages.pickRequest),
};

/** POST /v1/web/admin/requests/answer: the answer, and whether the request is then closed. */
export const answerRequestSchema = z.object({
  ...requestTarget,
  answer: requiredText(requestMessages.answerRequired, 1000),
  /** Close the request with the answer; a flag ('1', 'true', 'on'), on unless sent as '0'. */
  close: z
    .union([z.boolean(), z.string(), z.number()])
    .optional()
    .transform((value) => (value === undefined ? true : formFlag.parse(value))),
});

/** POST /v1/web/admin/requests/close */
export const closeRequestSchema = z.object(requestTarget);

const personSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** One request of the inbox. */
export const adminRequestSchema = z.object({
  kind: requestKindSchema,
  id: z.number(),
  createdAt: z.string(),
  /** null when the author's account was deleted. */
  author: personSchema.nullable(),
  /** Contact us: the subject; '' for a Contact-admin comment. */
  subject: z.string(),
  text: z.string(),
  /** The relation a Contact-admin comment is about; null for Contact us. */
  relation: z
    .object({
      id: z.number(),
      typeId: z.number(),
      typeName: z.string(),
      /** The publication's title, '' for relations without one. */
      title: z.string(),
      /** The relation's own status (2: deleted). */
      status: z.number(),
      /** Where the web app shows it: /relations/view/{id} or /pending-relations/view/{id}. */
      path: z.string(),
    })
    .nullable(),
  answers: z.array(z.object({ text: z.string(), createdAt: z.string(), by: z.string() })),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
});
export type AdminRequest = z.infer<typeof adminRequestSchema>;

/** GET /v1/web/admin/requests: at most 200, newest first. */
export const requestListReplySchema = z.object({ requests: z.array(adminRequestSchema) });

/** POST /v1/web/admin/requests/answer and /close: the request afterwards. */
export const requestReplySchema = z.object({
  message: z.literal('SUCCESS'),
  request: adminRequestSchema,
});
