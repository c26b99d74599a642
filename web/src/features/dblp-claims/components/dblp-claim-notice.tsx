// The profile's word on the account's DBLP claim while it awaits a decision (docs/dblp.md,
// "Claims"): who decides it, and, when the server offers ORCID sign-in and the claim is not
// disputed, 'Confirm with ORCID', which sends the person to ORCID's sign-in page.
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { dblpClaimMessages, messages } from '@recuse/common';
import type { FullProfile } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { startOrcidProof } from '../api/start-orcid-proof.ts';

export type DblpClaim = NonNullable<FullProfile['dblp_claim']>;

type DblpClaimNoticeProps = {
  claim: DblpClaim;
  /** Where the browser goes to sign in at ORCID (a full page load). */
  goTo?: (url: string) => void;
};

export function DblpClaimNotice({
  claim,
  goTo = (url) => window.location.assign(url),
}: DblpClaimNoticeProps) {
  const action = useAction<'start'>();
  // Once ORCID's address is known the page is left: the button stays busy until it is.
  const [isLeaving, setIsLeaving] = useState(false);
  const isBusy = action.busy !== null || isLeaving;
  const link = (
    <Anchor href={claim.dblp_url} target="_blank" rel="noreferrer" fz="sm" c="blue.9">
      {claim.dblp_url}
    </Anchor>
  );
  const [before, after] =
    claim.state === 'disputed'
      ? splitAround(dblpClaimMessages.disputed)
      : splitAround(dblpClaimMessages.awaitingAdministrator);

  function handleConfirm() {
    if (isBusy) return;
    return action.run('start', startOrcidProof, {
      onDone: ({ url }) => {
        setIsLeaving(true);
        goTo(url);
      },
      failureMessage: messages.somethingWentWrong,
    });
  }

  return (
    <Alert color="yellow" variant="light" title="DBLP claim" role="region">
      <Stack gap="sm">
        <Text fz="sm">
          {before}
          {link}
          {after}
        </Text>
        {claim.can_confirm_with_orcid && (
          <>
            <Text fz="sm">{dblpClaimMessages.orcidOffer}</Text>
            {action.failure && <ErrorAlert message={action.failure.message} />}
            <Group>
              <Button onClick={() => void handleConfirm()} loading={isBusy}>
                {dblpClaimMessages.confirmWithOrcid}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Alert>
  );
}

/** The text of a message around the URL it names, so the URL can be a link. */
function splitAround(message: (url: string) => string): [string, string] {
  const marker = '\u0000';
  const [before = '', after = ''] = message(marker).split(marker);
  return [before, after];
}
