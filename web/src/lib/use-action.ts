// The sequence the administration's and the chair's buttons share (unlock, validate, approve,
// confirm …): one call at a time, the last outcome cleared first, then either what the caller
// says on success or the server's refusal in its words (a refusal without words, or no
// answer, reads `messages.recordNotSaved`). `onRefused` gets the refusal's status, so a
// caller can close its dialog and refresh when the record was gone or decided meanwhile.
import { useState } from 'react';
import { messages } from '@recuse/common';
import type { SaveResult } from './api-client.ts';
import type { SubmitFailure } from './use-form-submit.ts';

type Refused = Extract<SaveResult<unknown>, { ok: false }>;

export type ActionHandlers<T> = {
  onDone: (data: T) => Promise<void> | void;
  onRefused?: (status: number) => Promise<void> | void;
  /** The message for a refusal; by default the server's. */
  describeRefusal?: (refused: Refused) => string;
  /** Runs after an answer, whether done or refused (a refresh of the lists). */
  onAnswered?: () => Promise<void> | void;
};

export function useAction<Key>() {
  const [busy, setBusy] = useState<Key | null>(null);
  const [success, setSuccess] = useState('');
  const [failure, setFailure] = useState<SubmitFailure | null>(null);

  async function run<T>(key: Key, call: () => Promise<SaveResult<T>>, handlers: ActionHandlers<T>) {
    setBusy(key);
    setSuccess('');
    setFailure(null);
    try {
      const result = await call();
      if (result.ok) {
        await handlers.onDone(result.data);
      } else {
        const message =
          handlers.describeRefusal?.(result) ?? (result.message || messages.recordNotSaved);
        setFailure({ message, errors: result.errors });
        await handlers.onRefused?.(result.status);
      }
      await handlers.onAnswered?.();
    } catch {
      setFailure({ message: messages.recordNotSaved, errors: {} });
    } finally {
      setBusy(null);
    }
  }

  return { busy, success, setSuccess, failure, setFailure, run };
}
