// The landing page of an invitation mail (docs/product.md, "The screens", Respond to a relation):
// the server's message, then Sign In for people with an account or Create profile.
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useInvitationToken } from '../api/validate-invitation-token.ts';
import { paths } from '../../../app/paths.ts';

export function InvitationResponse({ token }: { token: string }) {
  const invitation = useInvitationToken(token);
  if (invitation.isPending) {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>Checking your invitation...</Text>
      </Group>
    );
  }
  if (invitation.isError || !invitation.data.isValid) {
    return <ErrorAlert message={messages.somethingWentWrong} />;
  }
  const { additionalMessage, email, shouldShowSignIn } = invitation.data;
  return (
    <Stack gap="md">
      {additionalMessage && (
        <Alert color="blue" variant="light" role="note">
          {additionalMessage}
        </Alert>
      )}
      {/* Says which address to sign in or sign up with: people often have several. */}
      {email && <Text>This invitation was sent to {email}.</Text>}
      {shouldShowSignIn ? (
        <Button component={Link} to={paths.home.href()}>
          Sign In
        </Button>
      ) : (
        <Button component={Link} to={paths.invitedRegistration.href(token)}>
          Create profile
        </Button>
      )}
    </Stack>
  );
}
