// /sign-in. Links from confirmation mails arrive here with ?confirmed=1 or ?confirmed=0, and
// the link that restores an old primary e-mail with ?restored=1 or ?restored=0.
import { Alert, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '@recuse/common';
import { CenteredCard } from '../../components/centered-card.tsx';
import { profileQueryKey } from '../../features/auth/api/keys.ts';
import { ResendConfirmation } from '../../features/auth/components/resend-confirmation.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { paths } from '../paths.ts';
import { loadSignedInPart } from '../signed-in-part.ts';

export function SignInPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const confirmed = searchParams.get('confirmed');
  const restored = searchParams.get('restored');

  return (
    <CenteredCard title="Sign in">
      <Stack gap="md">
        {confirmed === '1' && (
          <Alert color="green" role="status">
            {messages.emailConfirmed}
          </Alert>
        )}
        {restored === '1' && (
          <Alert color="green" role="status">
            {messages.emailRestored}
          </Alert>
        )}
        {(confirmed === '0' || restored === '0') && (
          <Alert color="red" role="alert">
            {messages.resetLinkInvalid}
          </Alert>
        )}
        {/* A confirmation link that no longer works: here is where to ask for a new one. */}
        {confirmed === '0' && <ResendConfirmation />}
        <SignInForm
          // What the next page needs is fetched while the person types.
          onFirstFocus={() => loadSignedInPart().catch(() => undefined)}
          onSignedIn={(profile) => {
            queryClient.setQueryData(profileQueryKey, profile);
            navigate(paths.home.href(), { replace: true });
          }}
        />
      </Stack>
    </CenteredCard>
  );
}
