// Every call to the API goes through here. Bodies are form-urlencoded as docs/api.md lists
// them (multipart where it says so); token calls carry the bearer token. Every answer is
// parsed with its call's reply schema from common/src/schemas (docs/api.md, "One contract per
// call"). Two ways to read an answer: a data fetch (fetchData) throws 'Could not fetch the
// data from that resource.' on any failure; a save (saveForm, or callApi for any call whose
// refusal is shown) hands back the server's message and field errors to show in red. A file
// (an export) is not parsed: fetchFile hands back its text.
import type { z } from 'zod';
import { messages } from '@recuse/common';
import type { FieldErrors } from '@recuse/common';
import { readFileName } from './download.ts';
import type { DownloadFile } from './download.ts';
import { endSessionAndGoHome, findAccessToken } from './session.ts';

const apiBaseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '';

/** The key the login and refresh forms send (docs/api.md, "Accounts and sessions"). */
export const apiKey: string = import.meta.env.VITE_API_KEY ?? 'recuse-web';

export type FormFields = Record<string, string>;

export type RequestOptions = {
  method?: 'GET' | 'POST';
  form?: FormFields;
  /** Send the form as multipart/form-data, for the calls the contract lists as multipart. */
  isMultipart?: boolean;
  /** Send the bearer token of the stored session. */
  isTokenCall?: boolean;
  /** A token to send instead of the stored one (sign-in checks new tokens before keeping them). */
  accessToken?: string;
};

export type ApiAnswer = {
  status: number;
  ok: boolean;
  /** JSON when the text parses, else the text. */
  body: unknown;
  /** The body exactly as sent. */
  text: string;
  headers: Headers;
};

/** The raw answer. Throws only on network failure. Calls read it through callApi, fetchData or saveForm. */
export async function request(path: string, options: RequestOptions = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const accessToken = options.accessToken ?? (options.isTokenCall ? findAccessToken() : undefined);
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const response = await fetch(`${apiBaseUrl}${path}`, {
    method: options.method ?? (options.form ? 'POST' : 'GET'),
    headers,
    body: options.form ? encodeForm(options.form, options.isMultipart) : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    ok: response.ok,
    body: parseBody(text),
    text,
    headers: response.headers,
  };
}

function encodeForm(form: FormFields, isMultipart = false): URLSearchParams | FormData {
  if (!isMultipart) return new URLSearchParams(form);
  const data = new FormData();
  for (const [name, value] of Object.entries(form)) data.append(name, value);
  return data;
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
  | { ok: true; data: T }
  | {
      ok: false;
      status: number;
      message: string;
      errors: FieldErrors;
      /** The refusal's body, for a call whose refusal says more (a duplicate names the relation). */
      body?: unknown;
    };

/**
 * A call whose refusals the caller shows: an ok answer parsed with the call's shared reply
 * schema (one of another shape is a failure without a message, so the caller says what it
 * says when nothing can be read), else the server's message and field errors. A 401 on a
 * token call ends the session. Network failures throw, so each form says what it says then.
 */
export async function callApi<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  options: RequestOptions = {},
): Promise<SaveResult<z.output<Schema>>> {
  const answer = await request(path, options);
  if (answer.status === 401 && options.isTokenCall) endSessionAndGoHome();
  if (!answer.ok) {
    return { ok: false, status: answer.status, ...readFailure(answer.body), body: answer.body };
  }
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) return { ok: false, status: answer.status, message: '', errors: {} };
  return { ok: true, data: parsed.data };
}

/** A token call's read whose refusal (403, 404, 422) is shown with the server's own sentence. */
export async function readOrExplain<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
): Promise<z.output<Schema>> {
  const result = await callApi(path, schema, { isTokenCall: true });
  if (!result.ok) throw new Error(result.message || messages.couldNotFetch);
  return result.data;
}

/** A save: callApi posting the form. */
export async function saveForm<Schema extends z.ZodType>(
  path: string,
  form: FormFields,
  schema: Schema,
  options: Omit<RequestOptions, 'form'> = {},
): Promise<SaveResult<z.output<Schema>>> {
  return callApi(path, schema, { method: 'POST', ...options, form });
}

/**
 * A token call whose answer is a file (an export): its text exactly as the server wrote it,
 * under the name the server gave it (else `fallback`'s). There is no reply to parse; a refusal,
 * or no answer, comes back in the server's words ('Could not fetch …' when it says nothing).
 */
export async function fetchFile(
  path: string,
  options: RequestOptions,
  fallback: { fileName: string; contentType: string },
): Promise<SaveResult<DownloadFile>> {
  let answer: ApiAnswer;
  try {
    answer = await request(path, { ...options, isTokenCall: true });
  } catch {
    return { ok: false, status: 0, message: messages.couldNotFetch, errors: {} };
  }
  if (answer.status === 401) endSessionAndGoHome();
  if (!answer.ok) {
    const message = readFailure(answer.body).message || messages.couldNotFetch;
    return { ok: false, status: answer.status, message, errors: {} };
  }
  return {
    ok: true,
    data: {
      fileName: readFileName(answer.headers.get('Content-Disposition')) ?? fallback.fileName,
      contentType: answer.headers.get('Content-Type') ?? fallback.contentType,
      text: answer.text,
    },
  };
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
