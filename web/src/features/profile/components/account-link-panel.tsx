// The account-link panel (docs/product.md, "The screens", Profile; docs/dblp.md, "Claims"): the
// saved DBLP URL belongs to a person imported from DBLP before this user signed up; linking takes
// that person over.
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@recuse/common';
import type { FieldErrors } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
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

type LinkState =
  | { step: 'offered' }
  | { step: 'linking' }
  | { step: 'linked' }
  | { step: 'failed'; message: string; errors: FieldErrors };

export function AccountLinkPanel({ dblpName, dblpUrl, onLinked }: AccountLinkPanelProps) {
  const [state, setState] = useState<LinkState>({ step: 'offered' });
  const reloadTimer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  async function handleLink() {
    if (state.step === 'linking' || state.step === 'linked') return;
    setState({ step: 'linking' });
    try {
      const answer = await linkAccount(dblpUrl);
      if (answer.ok) {
        setState({ step: 'linked' });
        reloadTimer.current = window.setTimeout(onLinked, reloadDelayMs);
        return;
      }
      setState({
        step: 'failed',
        message: answer.message || messages.recordNotSaved,
        errors: answer.errors,
      });
    } catch {
      setState({ step: 'failed', message: messages.recordNotSaved, errors: {} });
    }
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
        {state.step === 'linking' && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text fz="sm">{messages.linkingAccount}</Text>
          </Group>
        )}
        {state.step === 'linked' && (
          <Alert color="green" role="status">
            {messages.dblpClaimSent}
          </Alert>
        )}
        {state.step === 'failed' && <ErrorAlert message={state.message} errors={state.errors} />}
        {state.step !== 'linked' && (
          <Group>
            <Button onClick={handleLink} loading={state.step === 'linking'}>
              Link account
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
