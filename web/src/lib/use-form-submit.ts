// The submit sequence every form shares: validate with the shared zod schema (the same messages
// the server gives), then send once at a time, and turn the answer into a success or a failure
// with the server's message and field errors. A network failure reads as `failureMessage`.
// A form may pass its schema as a loader instead: zod and the shared schemas are then fetched
// when the form is first used rather than with its page (the sign-in form, docs/benchmarks.md,
// "Web assets").
import { useRef, useState } from 'react';
import type { FieldErrors } from '@recuse/common';
import type { SaveResult } from './api-client.ts';
import { collectFieldIssues } from './field-issues.ts';
import type { FieldIssues, Issue } from './field-issues.ts';

export type RefusedAnswer = Extract<SaveResult<unknown>, { ok: false }>;

export interface SubmitFailure {
  message: string;
  errors: FieldErrors;
  /** The refusal as the server answered it; absent when the server could not be reached. */
  refusal?: RefusedAnswer;
}

interface Schema<Parsed> {
  safeParse(
    input: unknown,
  ): { success: true; data: Parsed } | { success: false; error: { issues: readonly Issue[] } };
}

export interface FormSubmitOptions<Parsed, Data, Values, Issues> {
  /** The shared schema, or a function that loads it (awaited on each submit). */
  schema: Schema<Parsed> | (() => Promise<Schema<Parsed>>);
  /**
   * What the form shows for the schema's issues (and for none, after a valid submit); by default
   * the first message of each field, keyed by the field's wire name.
   */
  collectIssues?: (issues: readonly Issue[]) => Issues;
  /** Sends the parsed form; `values` are what the form submitted, for a call that sends them as they are. */
  send: (parsed: Parsed, values: Values) => Promise<SaveResult<Data>>;
  /** Shown when the server cannot be reached, and when it refuses without a message. */
  failureMessage: string;
  /** The message for a refusal; by default the server's, else `failureMessage`. */
  describeFailure?: (answer: RefusedAnswer) => string;
  onSuccess: (data: Data) => void;
  /** After a refusal: its status tells a gone record or link from a field to correct. */
  onRefused?: (answer: RefusedAnswer) => void;
}

export function useFormSubmit<Parsed, Data, Values = unknown, Issues = FieldIssues>(
  options: FormSubmitOptions<Parsed, Data, Values, Issues>,
) {
  const collect =
    options.collectIssues ?? (collectFieldIssues as (issues: readonly Issue[]) => Issues);
  const [fieldIssues, setFieldIssues] = useState<Issues>(() => collect([]));
  const [failure, setFailure] = useState<SubmitFailure>();
  const [isBusy, setIsBusy] = useState(false);
  // Set at once for the whole submit (isBusy, a state, shows only the sending part), so a second
  // submit while a loaded schema is awaited is ignored too.
  const isSubmitting = useRef(false);

  async function submit(values: Values) {
    if (isSubmitting.current) return;
    isSubmitting.current = true;
    try {
      await check(values);
    } finally {
      isSubmitting.current = false;
    }
  }

  async function check(values: Values) {
    setFailure(undefined);
    let schema: Schema<Parsed>;
    try {
      schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
    } catch {
      // The schema's code could not be fetched: the server cannot be reached either.
      setFailure({ message: options.failureMessage, errors: {} });
      return;
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setFieldIssues(collect(parsed.error.issues));
      return;
    }
    setFieldIssues(collect([]));
    setIsBusy(true);
    try {
      const answer = await options.send(parsed.data, values);
      if (answer.ok) {
        options.onSuccess(answer.data);
      } else {
        const describe =
          options.describeFailure ?? ((refused) => refused.message || options.failureMessage);
        setFailure({ message: describe(answer), errors: answer.errors, refusal: answer });
        options.onRefused?.(answer);
      }
    } catch {
      setFailure({ message: options.failureMessage, errors: {} });
    } finally {
      setIsBusy(false);
    }
  }

  /** Forgets the last check and answer (a form that starts over, such as a new relation type). */
  function reset() {
    setFieldIssues(collect([]));
    setFailure(undefined);
  }

  return { submit, isBusy, fieldIssues, failure, reset };
}
