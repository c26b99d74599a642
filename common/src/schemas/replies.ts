// Replies many calls share: the refusal every call may answer, the bare 'SUCCESS' of the
// calls that change one thing, and the health check's. Each call's own reply schema sits
// beside its request schema (auth.ts, profile.ts, …); docs/api.md, "One contract per call".
import { z } from 'zod';

/** Field errors as the API answers them: each field with its messages. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/**
 * A refusal: 403, 404, 409 and 422 (with the fields to fix), and the 400, 413, 415, 429 and 500
 * of the error handler. Sign-in and refresh refuse in their own shapes (auth.ts).
 */
export const errorReplySchema = z.object({
  message: z.string(),
  errors: fieldErrorsSchema.optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** The answer of a call that did the one thing it was asked. */
export const successReplySchema = z.object({ message: z.literal('SUCCESS') });
export type SuccessReply = z.infer<typeof successReplySchema>;

/** GET /healthz: 200 'ok'; 503 'unavailable' while the database does not answer. */
export const healthReplySchema = z.object({ status: z.enum(['ok', 'unavailable']) });
