// The account-link panel (docs/product.md, "The screens", Profile; docs/dblp.md, "Claims"): the
// saved DBLP URL belongs to a person imported from DBLP before this user signed up; linking takes
// that person over.
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { linkAccount } from '../api/link-account.ts';

/** The panel's heading, which also names it as a region of the page. */
export const linkPanelTitle = 'Is this your DBLP profile?';

/** The page reloads 1 s after an update (docs/product.md, "Timings"). */
export const reloadDelayMs = 1000;

type AccountLinkPanelProps = {
  /** The name DBLP gives the person (fake_user_name). */
  dblpName: string;
  /** The person's DBLP URL (fake_user_dblp). */
  dblpUrl: string;
  /** Called 1 s after the link succeeded, to reload the profile. */
  onLinked: () => void;
};

export function AccountLinkPanel({ dblpName, dblpUrl, onLinked }: AccountLinkPanelProps) {
  const action = useAction<'link'>();
  const [isLinked, setIsLinked] = useState(false);
  const reloadTimer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  function handleLink() {
    if (action.busy !== null || isLinked) return;
    return action.run('link', () => linkAccount(dblpUrl), {
      onDone: () => {
        setIsLinked(true);
        reloadTimer.current = window.setTimeout(onLinked, reloadDelayMs);
      },
    });
  }

  return (
    <Alert color="blue" variant="light" title={linkPanelTitle} role="region">
      <Stack gap="sm">
        <Text fz="sm">
          Publications of{' '}
          <Anchor href={dblpUrl} target="_blank" rel="noreferrer" fz="sm" c="blue.9">
            {dblpName}
          </Anchor>{' '}
          ({dblpUrl}) were imported from DBLP before you signed up.
        </Text>
        <Text fz="sm">
          Linking copies that person&apos;s publications and relations to your account. It only
          updates the DBLP URL of your profile; nothing else in your profile changes.
        </Text>
        {action.busy !== null && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text fz="sm">{messages.linkingAccount}</Text>
          </Group>
        )}
        {isLinked && (
          <Alert color="green" role="status">
            {messages.dblpClaimSent}
          </Alert>
        )}
        {action.failure && (
          <ErrorAlert message={action.failure.message} errors={action.failure.errors} />
        )}
        {!isLinked && (
          <Group>
            <Button onClick={() => void handleLink()} loading={action.busy !== null}>
              Link account
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
