// Where an action's outcome is said, in a live region: the success in green, the refusal as
// an error. A page hides the refusal while a dialog shows it instead.
import { Alert } from '@mantine/core';
import type { SubmitFailure } from '../lib/use-form-submit.ts';
import { ErrorAlert } from './error-alert.tsx';

type ActionOutcomeProps = {
  success: string;
  failure: SubmitFailure | null;
  /** False while a dialog shows the refusal itself. */
  showFailure?: boolean;
};

export function ActionOutcome({ success, failure, showFailure = true }: ActionOutcomeProps) {
  return (
    <div aria-live="polite">
      {success && (
        <Alert color="green" role="status">
          {success}
        </Alert>
      )}
      {failure && showFailure && <ErrorAlert message={failure.message} errors={failure.errors} />}
    </div>
  );
}
