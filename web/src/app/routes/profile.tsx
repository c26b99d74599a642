// /user/profile: the profile edit form (its institution picker searches as the person types), below the DBLP
// claim awaiting a decision, if any, and the account's DBLP refresh status with Refresh now.
// After a save the page reloads the form's data and the profile kept in the browser, so the
// dashboard's complete-profile warning goes once the profile is complete.
import { Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { profileQueryKey } from '../../features/auth/api/get-profile.ts';
import { DblpClaimNotice } from '../../features/dblp-claims/components/dblp-claim-notice.tsx';
import { OwnDblpStatus } from '../../features/dblp-status/components/own-dblp-status.tsx';
import { useFullProfile } from '../../features/profile/api/get-full-profile.ts';
import { ProfileForm } from '../../features/profile/components/profile-form.tsx';
import { paths } from '../paths.ts';

export function ProfilePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fullProfile = useFullProfile();

  function reload() {
    void fullProfile.refetch();
    void queryClient.invalidateQueries({ queryKey: profileQueryKey, refetchType: 'all' });
  }

  return (
    <>
      <PageHeader
        title="My Profile"
        breadcrumbs={[{ label: 'Home', to: paths.home.href() }, { label: 'My Profile' }]}
      />
      {fullProfile.data ? (
        <Stack gap="lg">
          {fullProfile.data.dblp_claim && <DblpClaimNotice claim={fullProfile.data.dblp_claim} />}
          <OwnDblpStatus />
          <ProfileForm
            profile={fullProfile.data}
            onReload={reload}
            onCancel={() => void navigate(paths.home.href())}
          />
        </Stack>
      ) : fullProfile.isError ? (
        <ErrorAlert message={messages.couldNotFetch} />
      ) : (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>Loading your profile...</Text>
        </Group>
      )}
    </>
  );
}
