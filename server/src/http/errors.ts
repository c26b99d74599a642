// Errors a service throws on purpose: each carries the HTTP status and the body the client
// sees, so routes stay thin and every refusal reads the same way.
import type { FieldErrors } from '@recuse/common';
import { errorReplySchema, messages } from '@recuse/common';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

/**
 * 422 with the errors object (docs/api.md, "Wire conventions"): the fields and what to do about
 * each.
 */
export function validationFailed(errors: FieldErrors, message: string = messages.checkBelowFields) {
  return new HttpError(422, { message, errors });
}

/** 404 for anything the caller may not see: never reveal that it exists. */
export function notFound() {
  return new HttpError(404, { message: messages.notFound });
}

export function unauthorized() {
  return new HttpError(401, messages.unauthorized);
}

export function badRequest(message: string) {
  return new HttpError(400, { message });
}

export function conflict(errors: FieldErrors, message: string = messages.checkBelowFields) {
  return new HttpError(409, { message, errors });
}

/**
 * The refusal schema under each status a route declares it may refuse with, for its OpenAPI
 * description and its serializer: `response: { 200: reply, ...refusals(404, 422) }`. Only
 * statuses whose every body is `{message, errors?}` belong here.
 */
export function refusals<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorReplySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorReplySchema])) as Record<
    Status,
    typeof errorReplySchema
  >;
}
