// A signed-in user's password change (SPEC section 2): new password, confirmation, rules.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { loggedInPasswordResetSchema, messages } from '@recuse/common';
import type { FieldErrors } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { collectFieldIssues } from '../../../lib/field-issues.ts';
import type { FieldIssues } from '../../../lib/field-issues.ts';
import { changePassword } from '../api/change-password.ts';
import { PasswordRules } from './password-rules.tsx';

type Result = { ok: true } | { ok: false; message: string; errors: FieldErrors };

export function ChangePasswordForm({ email }: { email: string }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fieldIssues, setFieldIssues] = useState<FieldIssues>({});
  const [result, setResult] = useState<Result>();
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    setResult(undefined);
    const form = { email, password, confirmPassword: confirmation };
    const parsed = loggedInPasswordResetSchema.safeParse(form);
    const issues = parsed.success ? {} : collectFieldIssues(parsed.error.issues);
    setFieldIssues(issues);
    if (Object.keys(issues).length > 0) return;
    setIsBusy(true);
    try {
      const answer = await changePassword(form);
      if (answer.ok) {
        setResult({ ok: true });
        setPassword('');
        setConfirmation('');
      } else {
        setResult({
          ok: false,
          message: answer.message || messages.passwordCouldNotBeUpdated,
          errors: answer.errors,
        });
      }
    } catch {
      setResult({ ok: false, message: messages.passwordCouldNotBeUpdated, errors: {} });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md" maw={480}>
        {result?.ok === true && (
          <Alert color="green" role="status">
            {messages.passwordUpdated}
          </Alert>
        )}
        {result?.ok === false && <ErrorAlert message={result.message} errors={result.errors} />}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldIssues.password}
          required
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
          error={fieldIssues.confirmPassword}
          required
        />
        <PasswordRules />
        <Group justify="flex-end">
          <Button type="submit" loading={isBusy}>
            Update password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
