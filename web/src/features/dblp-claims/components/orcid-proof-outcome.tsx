// What came of the ORCID sign-in that ORCID sent the person back from: the claim confirmed, or
// why not (the server's message), then the way back to the profile.
import { useEffect } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { dblpClaimMessages, messages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useOrcidProof } from '../api/finish-orcid-proof.ts';
import { paths } from '../../../app/paths.ts';

type OrcidProofOutcomeProps = {
  /** ORCID's query parameters: `code` and `state`, or `error` when the person cancelled. */
  code: string;
  state: string;
  error: string;
  /** Called once the claim is confirmed, so the profile is fetched afresh. */
  onConfirmed: () => void;
};

export function OrcidProofOutcome({ code, state, error, onConfirmed }: OrcidProofOutcomeProps) {
  const hasSignIn = !error && Boolean(code && state);
  const proof = useOrcidProof(hasSignIn ? code : '', hasSignIn ? state : '');
  const isConfirmed = proof.data?.ok === true;
  useEffect(() => {
    if (isConfirmed) onConfirmed();
  }, [isConfirmed, onConfirmed]);

  return (
    <Stack gap="md">
      <Outcome
        pending={hasSignIn && proof.isPending}
        failure={
          error
            ? dblpClaimMessages.orcidCancelled
            : !hasSignIn
              ? dblpClaimMessages.orcidReturnIncomplete
              : proof.isError
                ? messages.somethingWentWrong
                : proof.data && !proof.data.ok
                  ? proof.data.message || messages.somethingWentWrong
                  : undefined
        }
        confirmedUrl={proof.data?.ok ? proof.data.data.dblpUrl : undefined}
      />
      <Group>
        <Button
          component={Link}
          to={paths.profile.href()}
          variant={isConfirmed ? 'filled' : 'default'}
        >
          Back to your profile
        </Button>
      </Group>
    </Stack>
  );
}

function Outcome(props: { pending: boolean; failure?: string; confirmedUrl?: string }) {
  if (props.failure) return <ErrorAlert message={props.failure} />;
  if (props.confirmedUrl) {
    return (
      <Alert color="green" role="status">
        {dblpClaimMessages.orcidConfirmed(props.confirmedUrl)}
      </Alert>
    );
  }
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text>{dblpClaimMessages.checkingOrcid}</Text>
    </Group>
  );
}
