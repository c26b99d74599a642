// A signed-in user's password change (SPEC section 2): new password, confirmation, rules.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { loggedInPasswordResetSchema, messages } from '@recuse/common';
import type { FieldErrors } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { collectFieldIssues } from '../../../lib/field-issues.ts';
import type { FieldIssues } from '../../../lib/field-issues.ts';
import { changePassword } from '../api/change-password.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

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
        <NewPasswordFields
          passwordLabel="New password"
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          passwordError={fieldIssues.password}
          confirmationError={fieldIssues.confirmPassword}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isBusy}>
            Update password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
