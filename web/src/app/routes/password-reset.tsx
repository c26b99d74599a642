// /user/password-reset: a signed-in user changes their password.
import { Group, Loader, Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { useProfile } from '../../features/auth/api/get-profile.ts';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { paths } from '../paths.ts';

export function PasswordResetPage() {
  const profile = useProfile();
  return (
    <>
      <PageHeader
        title="Password Reset"
        breadcrumbs={[{ label: 'Home', to: paths.home.href() }, { label: 'Password Reset' }]}
      />
      {profile.data ? (
        <ChangePasswordForm email={profile.data.Email} />
      ) : (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>Please wait...</Text>
        </Group>
      )}
    </>
  );
}
