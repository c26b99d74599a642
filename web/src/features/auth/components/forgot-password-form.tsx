// Request a link to set a new password (SPEC section 2): the server's message on success,
// 'Email could not be sent.' when it cannot be reached.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { messages, passwordRequestSchema } from '@recuse/common';
import type { FieldErrors } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { requestPasswordLink } from '../api/request-password.ts';

type Result = { ok: true; message: string } | { ok: false; message: string; errors: FieldErrors };

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [emailIssue, setEmailIssue] = useState<string>();
  const [result, setResult] = useState<Result>();
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    setResult(undefined);
    const parsed = passwordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailIssue(parsed.error.issues[0]?.message);
      return;
    }
    setEmailIssue(undefined);
    setIsBusy(true);
    try {
      const answer = await requestPasswordLink(parsed.data.email);
      setResult(
        answer.ok
          ? { ok: true, message: answer.data.message ?? messages.passwordRequestSent }
          : {
              ok: false,
              message: answer.message || messages.emailCouldNotBeSent,
              errors: answer.errors,
            },
      );
    } catch {
      setResult({ ok: false, message: messages.emailCouldNotBeSent, errors: {} });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          Enter the email address of your account and we will mail you a link to set a new password.
        </Text>
        {result?.ok === true && (
          <Alert color="green" role="status">
            {result.message}
          </Alert>
        )}
        {result?.ok === false && <ErrorAlert message={result.message} errors={result.errors} />}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={emailIssue}
          required
        />
        <Button type="submit" loading={isBusy} fullWidth>
          Recover password
        </Button>
        <Anchor component={Link} to="/sign-in" ta="center" fz="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
