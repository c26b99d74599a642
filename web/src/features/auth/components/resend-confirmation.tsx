// 'Send the confirmation again' (docs/product.md, Registration): on the sign-in form, for the
// address just typed, when the answer says it is not confirmed yet; under an expired or used
// confirmation link, with its own Email field. Shows the server's answer, which is the same
// whatever the address. It is on the sign-in page, so its schema and call (and zod with them) are
// fetched when it is used, not with the page (docs/benchmarks.md, "Web assets").
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';

const loadCall = () => import('../api/resend-confirmation.ts');
/** Fetched on focus; a failed fetch is tried again on submit. */
const prefetchCall = () => void loadCall().catch(() => undefined);

const buttonLabel = 'Send the confirmation again';

type ResendConfirmationProps = {
  /**
   * The address to confirm, when the page already has it (the sign-in form): then only the
   * button shows, and no form of its own (it sits inside the sign-in form).
   */
  email?: string;
};

export function ResendConfirmation({ email }: ResendConfirmationProps) {
  const [typedEmail, setTypedEmail] = useState('');
  const [sentMessage, setSentMessage] = useState<string>();
  const { submit, isBusy, fieldIssues, failure } = useFormSubmit({
    schema: async () => (await loadCall()).confirmationResendSchema,
    send: async (parsed) => (await loadCall()).resendConfirmation(parsed.email),
    failureMessage: messages.emailCouldNotBeSent,
    onSuccess: (data) => setSentMessage(data.message || messages.confirmationResent),
  });

  function send() {
    setSentMessage(undefined);
    void submit({ email: email ?? typedEmail });
  }

  const outcome = (
    <>
      {sentMessage !== undefined && (
        <Alert color="green" role="status">
          {sentMessage}
        </Alert>
      )}
      {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
    </>
  );

  if (email !== undefined) {
    return (
      <Stack gap="xs">
        {outcome}
        <Button
          type="button"
          variant="light"
          loading={isBusy}
          onClick={send}
          onFocus={prefetchCall}
        >
          {buttonLabel}
        </Button>
      </Stack>
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send();
  }

  return (
    <form onSubmit={handleSubmit} onFocus={prefetchCall} noValidate aria-label={buttonLabel}>
      <Stack gap="xs">
        {outcome}
        <TextInput
          label="Email to confirm"
          type="email"
          autoComplete="email"
          value={typedEmail}
          onChange={(event) => setTypedEmail(event.currentTarget.value)}
          error={fieldIssues.email}
          required
        />
        <Button type="submit" variant="light" loading={isBusy}>
          {buttonLabel}
        </Button>
      </Stack>
    </form>
  );
}
