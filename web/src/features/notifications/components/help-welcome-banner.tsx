// The welcome banner pointing new users to the help pages, until they dismiss it.
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '@recuse/common';
import { useAction } from '../../../lib/use-action.ts';
import { dismissHelpNotification } from '../api/dismiss-help-notification.ts';
import { paths } from '../../../app/paths.ts';

export function HelpWelcomeBanner({ onDismissed }: { onDismissed: () => void }) {
  const action = useAction<'dismiss'>();

  function handleDismiss() {
    return action.run('dismiss', dismissHelpNotification, {
      onDone: onDismissed,
      // Whatever the server says, the banner says it could not be saved.
      describeRefusal: () => messages.recordNotSaved,
    });
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
      {action.failure && (
        <Text fz="sm" c="red" mt="xs" role="alert">
          {action.failure.message}
        </Text>
      )}
      <Group justify="flex-end" mt="sm">
        <Button
          size="xs"
          variant="default"
          onClick={() => void handleDismiss()}
          loading={action.busy !== null}
        >
          Dismiss
        </Button>
      </Group>
    </Alert>
  );
}
