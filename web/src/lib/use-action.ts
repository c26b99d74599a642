// The sequence the administration's and the chair's buttons share (unlock, validate, approve,
// confirm …): one call at a time, the last outcome cleared first, then either what the caller
// says on success or the server's refusal in its words (a refusal without words, or no
// answer, reads `failureMessage`, by default `messages.recordNotSaved`). `onRefused` gets the refusal's status, so a
// caller can close its dialog and refresh when the record was gone or decided meanwhile. A form
// whose outcome shows once for a whole list (an inbox, an action bar) runs its sends here too.
import { useState } from 'react';
import { messages } from '@recuse/common';
import type { SaveResult } from './api-client.ts';
import type { SubmitFailure } from './use-form-submit.ts';

type Refused = Extract<SaveResult<unknown>, { ok: false }>;

export type ActionHandlers<T> = {
  onDone: (data: T) => Promise<void> | void;
  onRefused?: (status: number) => Promise<void> | void;
  /** The message for a refusal; by default the server's, else `failureMessage`. */
  describeRefusal?: (refused: Refused) => string;
  /** What no answer (or a refusal without words) reads as; by default `messages.recordNotSaved`. */
  failureMessage?: string;
  /** Runs after an answer, whether done or refused (a refresh of the lists). */
  onAnswered?: () => Promise<void> | void;
};

export function useAction<Key>() {
  const [busy, setBusy] = useState<Key | null>(null);
  const [success, setSuccess] = useState('');
  const [failure, setFailure] = useState<SubmitFailure | null>(null);

  /** Runs one action; true when it was done (a form can then clear what was typed). */
  async function run<T>(
    key: Key,
    call: () => Promise<SaveResult<T>>,
    handlers: ActionHandlers<T>,
  ): Promise<boolean> {
    setBusy(key);
    setSuccess('');
    setFailure(null);
    try {
      const result = await call();
      if (result.ok) {
        await handlers.onDone(result.data);
      } else {
        const message =
          handlers.describeRefusal?.(result) ??
          (result.message || (handlers.failureMessage ?? messages.recordNotSaved));
        setFailure({ message, errors: result.errors, refusal: result });
        await handlers.onRefused?.(result.status);
      }
      await handlers.onAnswered?.();
      return result.ok;
    } catch {
      setFailure({ message: handlers.failureMessage ?? messages.recordNotSaved, errors: {} });
      return false;
    } finally {
      setBusy(null);
    }
  }

  return { busy, success, setSuccess, failure, setFailure, run };
}

/**
 * Work done in the browser that throws when it fails (a download, the clipboard), read as an
 * answer: what it throws becomes the refusal, in the words `describe` gives it.
 */
export async function settle<T>(
  work: () => Promise<T>,
  describe: (thrown: unknown) => string,
): Promise<SaveResult<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (thrown) {
    return { ok: false, status: 0, message: describe(thrown), errors: {} };
  }
}
