// Every call to the API goes through here. Bodies are form-urlencoded as SPEC section 7
// lists them; token calls carry the bearer token. Two ways to read an answer, as SPEC
// section 7 describes: a data fetch throws 'Could not fetch the data from that resource.'
// on any failure, a save hands back the server's message and field errors to show in red.
import type { z } from 'zod';
import { messages } from '@recuse/common';
import type { FieldErrors } from '@recuse/common';
import { endSessionAndGoHome, findAccessToken } from './session.ts';

const apiBaseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '';

/** The key the login and refresh forms send (DESIGN section 3). */
export const apiKey: string = import.meta.env.VITE_API_KEY ?? 'recuse-web';

export type FormFields = Record<string, string>;

export type RequestOptions = {
  method?: 'GET' | 'POST';
  form?: FormFields;
  /** Send the bearer token of the stored session. */
  isTokenCall?: boolean;
  /** A token to send instead of the stored one (sign-in checks new tokens before keeping them). */
  accessToken?: string;
};

export type ApiAnswer = { status: number; ok: boolean; body: unknown };

/** The raw answer: status and parsed body (JSON when it parses, else text). Throws only on network failure. */
export async function request(path: string, options: RequestOptions = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const accessToken = options.accessToken ?? (options.isTokenCall ? findAccessToken() : undefined);
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const response = await fetch(`${apiBaseUrl}${path}`, {
    method: options.method ?? (options.form ? 'POST' : 'GET'),
    headers,
    body: options.form ? new URLSearchParams(options.form) : undefined,
  });
  const text = await response.text();
  return { status: response.status, ok: response.ok, body: parseBody(text) };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export class CouldNotFetchError extends Error {
  constructor(readonly status?: number) {
    super(messages.couldNotFetch);
    this.name = 'CouldNotFetchError';
  }
}

/**
 * A data fetch with the session's token, its answer parsed with the call's shared reply schema
 * (common/src/schemas): a 401 ends the session; anything else not ok, or an answer of another
 * shape, throws 'Could not fetch the data from that resource.'.
 */
export async function fetchData<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  options: RequestOptions = {},
): Promise<z.output<Schema>> {
  const isTokenCall = options.isTokenCall ?? true;
  let answer: ApiAnswer;
  try {
    answer = await request(path, { ...options, isTokenCall });
  } catch {
    throw new CouldNotFetchError();
  }
  if (answer.status === 401 && isTokenCall) endSessionAndGoHome();
  if (!answer.ok) throw new CouldNotFetchError(answer.status);
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new CouldNotFetchError(answer.status);
  return parsed.data;
}

export type { FieldErrors };

export type SaveResult<T> =
  { ok: true; data: T } | { ok: false; status: number; message: string; errors: FieldErrors };

/**
 * A save: the server's own message and field errors come back to show in red. A 401 on a
 * token call ends the session. Network failures throw, so each form can say what SPEC says.
 */
export async function saveForm<T>(
  path: string,
  form: FormFields,
  options: Omit<RequestOptions, 'form'> = {},
): Promise<SaveResult<T>> {
  const answer = await request(path, { method: 'POST', ...options, form });
  if (answer.status === 401 && options.isTokenCall) endSessionAndGoHome();
  if (answer.ok) return { ok: true, data: answer.body as T };
  return { ok: false, status: answer.status, ...readFailure(answer.body) };
}

/** The message and field errors of a failed answer, whichever spelling the server used. */
export function readFailure(body: unknown): { message: string; errors: FieldErrors } {
  if (typeof body !== 'object' || body === null) {
    return { message: typeof body === 'string' && body ? body : '', errors: {} };
  }
  const record = body as Record<string, unknown>;
  const message = [record.message, record.MSG, record.error].find(
    (value): value is string => typeof value === 'string',
  );
  return { message: message ?? '', errors: readFieldErrors(record.errors) };
}

function readFieldErrors(value: unknown): FieldErrors {
  if (typeof value !== 'object' || value === null) return {};
  const errors: FieldErrors = {};
  for (const [field, list] of Object.entries(value as Record<string, unknown>)) {
    const texts = (Array.isArray(list) ? list : [list]).filter(
      (text): text is string => typeof text === 'string',
    );
    if (texts.length > 0) errors[field] = texts;
  }
  return errors;
}
