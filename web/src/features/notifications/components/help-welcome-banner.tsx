// The welcome banner pointing new users to the help pages, until they dismiss it.
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '@recuse/common';
import { dismissHelpNotification } from '../api/dismiss-help-notification.ts';
import { paths } from '../../../app/paths.ts';

export function HelpWelcomeBanner({ onDismissed }: { onDismissed: () => void }) {
  const [isBusy, setIsBusy] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);

  async function handleDismiss() {
    setIsBusy(true);
    setHasFailed(false);
    try {
      const answer = await dismissHelpNotification();
      if (answer.ok) onDismissed();
      else setHasFailed(true);
    } catch {
      setHasFailed(true);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Alert color="blue" variant="light" title="Welcome to Recuse" role="note">
      <Text fz="sm">
        Recuse records your relations with other researchers so that conferences can tell who must
        not review whom. New here? The{' '}
        <Anchor component={Link} to={paths.help.href()} fz="sm" c="blue.9" underline="always">
          help pages
        </Anchor>{' '}
        explain relations, confirmations and conflicts in a few minutes.
      </Text>
      {hasFailed && (
        <Text fz="sm" c="red" mt="xs" role="alert">
          {messages.recordNotSaved}
        </Text>
      )}
      <Group justify="flex-end" mt="sm">
        <Button size="xs" variant="default" onClick={handleDismiss} loading={isBusy}>
          Dismiss
        </Button>
      </Group>
    </Alert>
  );
}
