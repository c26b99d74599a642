// Errors a service throws on purpose: each carries the HTTP status and the body the client
// sees, so routes stay thin and every refusal reads the same way.
import type { FieldErrors } from '@recuse/common';
import { messages } from '@recuse/common';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

/** 422 with SPEC's errors object: the fields and what to do about each. */
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
