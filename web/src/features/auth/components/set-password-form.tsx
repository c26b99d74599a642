// The page behind an e-mailed password link (docs/product.md, "The screens", Set password): look
// the token up, then a form, then success or an error. The consent box appears only for users who
// have not opted in yet. An invalid token hides the form.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages, passwordResetSchema } from '@recuse/common';
import type { FieldErrors } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { collectFieldIssues } from '../../../lib/field-issues.ts';
import type { FieldIssues } from '../../../lib/field-issues.ts';
import { usePasswordToken } from '../api/find-password-token.ts';
import { resetPassword } from '../api/reset-password.ts';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { RequiredFieldsNote } from '../../../components/required-fields-note.tsx';
import { paths } from '../../../app/paths.ts';

type Outcome =
  | { kind: 'success' }
  | { kind: 'invalid-token'; message: string }
  | { kind: 'failure'; message: string; errors: FieldErrors };

export function SetPasswordPanel({ token }: { token: string }) {
  const lookup = usePasswordToken(token);
  const [outcome, setOutcome] = useState<Outcome>();

  let body;
  if (lookup.isPending) {
    body = (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>Checking your link...</Text>
      </Group>
    );
  } else if (lookup.isError) {
    body = <ErrorAlert message={messages.checkTheUrl} />;
  } else if (!lookup.data.isValid) {
    body = <ErrorAlert message={lookup.data.message} />;
  } else if (outcome?.kind === 'success') {
    body = (
      <Alert color="green" role="status">
        {messages.passwordSetSuccess}
      </Alert>
    );
  } else if (outcome?.kind === 'invalid-token') {
    body = <ErrorAlert message={outcome.message} />;
  } else {
    body = (
      <Stack gap="md">
        {outcome?.kind === 'failure' && (
          <ErrorAlert message={outcome.message} errors={outcome.errors} />
        )}
        <SetPasswordForm
          token={token}
          email={lookup.data.email}
          needsConsent={!lookup.data.hasOptedIn}
          onOutcome={setOutcome}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.signIn.href()} fz="sm">
        Sign in
      </Anchor>
      {body}
    </Stack>
  );
}

type SetPasswordFormProps = {
  token: string;
  email: string;
  needsConsent: boolean;
  onOutcome: (outcome: Outcome) => void;
};

function SetPasswordForm({ token, email, needsConsent, onOutcome }: SetPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [hasConsented, setHasConsented] = useState(false);
  const [fieldIssues, setFieldIssues] = useState<FieldIssues>({});
  const [isBusy, setIsBusy] = useState(false);

  function validate() {
    const form = {
      email,
      token,
      password,
      password_confirmation: confirmation,
      optedIn: !needsConsent || hasConsented ? '1' : '0',
    } as const;
    const parsed = passwordResetSchema.safeParse(form);
    const issues = parsed.success ? {} : collectFieldIssues(parsed.error.issues);
    // This page words the mismatch its own way (docs/product.md, "Validation rules and limits").
    if (issues.password_confirmation === messages.passwordsShouldMatch) {
      issues.password_confirmation = messages.passwordsDoNotMatch;
    }
    if (needsConsent && !hasConsented) issues.optedIn = messages.termsRequired;
    return { form, issues };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const { form, issues } = validate();
    setFieldIssues(issues);
    if (Object.keys(issues).length > 0) return;
    setIsBusy(true);
    try {
      const answer = await resetPassword(form);
      if (answer.ok) {
        onOutcome({ kind: 'success' });
      } else if (answer.status < 300) {
        // A success that does not read as the reply: the password may not have been set.
        onOutcome({ kind: 'failure', message: messages.passwordCouldNotBeSet, errors: {} });
      } else if (answer.status === 404) {
        onOutcome({ kind: 'invalid-token', message: answer.message || messages.checkTheUrl });
      } else {
        onOutcome({
          kind: 'failure',
          message: answer.message || messages.passwordCouldNotBeUpdated,
          errors: answer.errors,
        });
      }
    } catch {
      onOutcome({ kind: 'failure', message: messages.passwordCouldNotBeUpdated, errors: {} });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <RequiredFieldsNote />
        <Text fz="sm">
          Setting the password for <strong>{email}</strong>.
        </Text>
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          passwordError={fieldIssues.password}
          confirmationError={fieldIssues.password_confirmation}
        />
        {needsConsent && (
          <ConsentCheckbox
            checked={hasConsented}
            onChange={setHasConsented}
            error={fieldIssues.optedIn}
          />
        )}
        <Button type="submit" loading={isBusy} fullWidth>
          Set password
        </Button>
      </Stack>
    </form>
  );
}
