// A signed-in user's password change (docs/product.md, "The screens"): new password, confirmation,
// rules.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { loggedInPasswordResetSchema, messages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { changePassword } from '../api/change-password.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { RequiredFieldsNote } from '../../../components/required-fields-note.tsx';

export function ChangePasswordForm({ email }: { email: string }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isUpdated, setIsUpdated] = useState(false);
  const { submit, isBusy, fieldIssues, failure } = useFormSubmit({
    schema: loggedInPasswordResetSchema,
    send: changePassword,
    failureMessage: messages.passwordCouldNotBeUpdated,
    onSuccess: () => {
      setIsUpdated(true);
      setPassword('');
      setConfirmation('');
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsUpdated(false);
    void submit({ email, password, confirmPassword: confirmation });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md" maw={480}>
        <RequiredFieldsNote />
        {isUpdated && (
          <Alert color="green" role="status">
            {messages.passwordUpdated}
          </Alert>
        )}
        {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
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
