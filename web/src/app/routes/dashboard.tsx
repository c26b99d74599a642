// The dashboard at '/': greeting, the help-welcome banner, the incomplete-profile warning and the
// notifications (docs/product.md, "The screens", Dashboard).
import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { isProfileComplete, useProfile } from '../../features/auth/api/get-profile.ts';
import { HelpWelcomeBanner } from '../../features/notifications/components/help-welcome-banner.tsx';
import { NotificationsCard } from '../../features/notifications/components/notifications-card.tsx';
import { paths } from '../paths.ts';

export function DashboardPage() {
  const profile = useProfile();
  if (!profile.data) {
    if (profile.isError) return <ErrorAlert message={messages.couldNotFetch} />;
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>Loading your dashboard...</Text>
      </Group>
    );
  }
  const { data } = profile;
  const isComplete = isProfileComplete(data);
  const refetchProfile = () => void profile.refetch();
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        Hello, {data.FName}!
      </Title>
      {data.ShowHelpNotification === 'Y' && <HelpWelcomeBanner onDismissed={refetchProfile} />}
      {!isComplete && (
        <Alert
          color="yellow"
          title={messages.completeProfile}
          role="note"
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <Anchor component={Link} to={paths.profile.href()}>
            Go to My Profile
          </Anchor>
        </Alert>
      )}
      <NotificationsCard
        notifications={data.Notifications}
        isProfileComplete={isComplete}
        onChanged={refetchProfile}
      />
    </Stack>
  );
}
