// Sign-up (docs/product.md, "The screens" and "Registration"). With an invitation token the e-mail
// comes from the invitation and cannot be changed. Validation errors are listed under 'Please check
// below fields:'.
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { messages, registrationSchema } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { register } from '../api/register.ts';
import type { RegistrationForm as RegistrationFields } from '../api/register.ts';
import { useInvitationToken } from '../api/validate-invitation-token.ts';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { ResendConfirmation } from './resend-confirmation.tsx';
import { RequiredFieldsNote } from '../../../components/required-fields-note.tsx';
import { paths } from '../../../app/paths.ts';

/** Sign-up, after checking the invitation token when the URL has one. */
export function RegistrationPanel({ token }: { token?: string }) {
  const invitation = useInvitationToken(token);
  if (!token) return <RegistrationForm />;
  if (invitation.isPending) {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>Checking your invitation...</Text>
      </Group>
    );
  }
  if (invitation.isError || !invitation.data.isValid) {
    // The server answers an unknown, used or expired token with a bare 'Not found', which
    // tells a person nothing; a failed request is not the link's fault.
    const message = invitation.isError ? messages.somethingWentWrong : messages.invitationInvalid;
    return (
      <Stack gap="md">
        <ErrorAlert message={message} />
        <RegistrationForm />
      </Stack>
    );
  }
  return <RegistrationForm token={token} invitedEmail={invitation.data.email} />;
}

type RegistrationFormProps = { token?: string; invitedEmail?: string };

function RegistrationForm({ token, invitedEmail }: RegistrationFormProps) {
  const navigate = useNavigate();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState(invitedEmail ?? '');
  const [dblpUrl, setDblpUrl] = useState('');
  const [hasNoDblp, setHasNoDblp] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [hasConsented, setHasConsented] = useState(false);
  const [createdMessage, setCreatedMessage] = useState<string>();
  const { submit, isBusy, fieldIssues, failure } = useFormSubmit({
    schema: registrationSchema,
    // The call takes the form as typed; the schema only checks it.
    send: (_parsed, form: RegistrationFields) => register(form),
    failureMessage: messages.recordNotSaved,
    onSuccess: (reply) => setCreatedMessage(reply.message || messages.registrationCreated),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({
      FName: firstName,
      SName: lastName,
      Email: invitedEmail ?? email,
      dblp_url: hasNoDblp ? '' : dblpUrl,
      noDBLP: hasNoDblp ? '1' : '0',
      userToken: token ?? '',
      password,
      confirmPassword: confirmation,
      optedIn: hasConsented ? '1' : '0',
    });
  }

  if (createdMessage !== undefined) {
    return (
      <Stack gap="md">
        <Title order={2}>Thank you!</Title>
        <Text>{createdMessage}</Text>
        {/* No mail arrived (or it expired): ask for another without signing up again. */}
        {!token && <ResendConfirmation email={email} />}
        <Anchor component={Link} to={paths.signIn.href()}>
          Go to sign in
        </Anchor>
      </Stack>
    );
  }

  const issueList = Object.values(fieldIssues);
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <RequiredFieldsNote />
        {issueList.length > 0 && (
          <ErrorAlert title={messages.checkBelowFields} errors={issueList} />
        )}
        {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
        <Group grow align="flex-start">
          <TextInput
            label="First name"
            autoComplete="given-name"
            value={firstName}
            onChange={(event) => setFirstName(event.currentTarget.value)}
            error={Boolean(fieldIssues.FName)}
            required
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            value={lastName}
            onChange={(event) => setLastName(event.currentTarget.value)}
            error={Boolean(fieldIssues.SName)}
            required
          />
        </Group>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          value={invitedEmail ?? email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          disabled={invitedEmail !== undefined}
          error={Boolean(fieldIssues.Email)}
          required
        />
        <TextInput
          label="DBLP URL"
          description="Your DBLP person page, for example https://dblp.org/pid/123/4567"
          type="url"
          value={hasNoDblp ? '' : dblpUrl}
          onChange={(event) => setDblpUrl(event.currentTarget.value)}
          disabled={hasNoDblp}
          error={Boolean(fieldIssues.dblp_url)}
        />
        <Checkbox
          label="I do not have a DBLP URL"
          checked={hasNoDblp}
          onChange={(event) => setHasNoDblp(event.currentTarget.checked)}
        />
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          passwordError={Boolean(fieldIssues.password)}
          confirmationError={Boolean(fieldIssues.confirmPassword)}
        />
        <ConsentCheckbox
          checked={hasConsented}
          onChange={setHasConsented}
          error={Boolean(fieldIssues.optedIn)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(paths.signIn.href())}>
            Cancel
          </Button>
          <Button type="submit" disabled={isBusy}>
            {isBusy ? 'Please wait...' : 'Create account'}
          </Button>
        </Group>
        <Anchor component={Link} to={paths.signIn.href()} ta="center" fz="sm">
          Already have an account? Sign in
        </Anchor>
      </Stack>
    </form>
  );
}
