// The submit sequence our forms share: validate with the shared zod schema (the same messages
// the server gives), then send once at a time, and turn the answer into a success or a failure
// with the server's message and field errors. A network failure reads as `failureMessage`.
import { useState } from 'react';
import type { FieldErrors } from '@recuse/common';
import type { SaveResult } from './api-client.ts';
import { collectFieldIssues } from './field-issues.ts';
import type { FieldIssues } from './field-issues.ts';

export interface SubmitFailure {
  message: string;
  errors: FieldErrors;
}

type FailedAnswer = Extract<SaveResult<unknown>, { ok: false }>;

interface Schema<Parsed> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: Parsed }
    | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
}

export interface FormSubmitOptions<Parsed, Data> {
  schema: Schema<Parsed>;
  send: (parsed: Parsed) => Promise<SaveResult<Data>>;
  /** Shown when the server cannot be reached, and when it refuses without a message. */
  failureMessage: string;
  /** The message for a refusal; by default the server's, else `failureMessage`. */
  describeFailure?: (answer: FailedAnswer) => string;
  onSuccess: (data: Data) => void;
}

export function useFormSubmit<Parsed, Data>(options: FormSubmitOptions<Parsed, Data>) {
  const [fieldIssues, setFieldIssues] = useState<FieldIssues>({});
  const [failure, setFailure] = useState<SubmitFailure>();
  const [isBusy, setIsBusy] = useState(false);

  async function submit(values: unknown) {
    if (isBusy) return;
    setFailure(undefined);
    const parsed = options.schema.safeParse(values);
    if (!parsed.success) {
      setFieldIssues(collectFieldIssues(parsed.error.issues));
      return;
    }
    setFieldIssues({});
    setIsBusy(true);
    try {
      const answer = await options.send(parsed.data);
      if (answer.ok) {
        options.onSuccess(answer.data);
      } else {
        const describe =
          options.describeFailure ?? ((failed) => failed.message || options.failureMessage);
        setFailure({ message: describe(answer), errors: answer.errors });
      }
    } catch {
      setFailure({ message: options.failureMessage, errors: {} });
    } finally {
      setIsBusy(false);
    }
  }

  return { submit, isBusy, fieldIssues, failure };
}
