// /admin: the administration page (docs/product.md, "Roles and permissions"): the areas an
// administrator looks after, and the administrators with the grant and revocation of the role.
// Administrators only (route-access.ts); every call checks the role again on the server.
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useProfile } from '../../features/auth/api/get-profile.ts';
import { RolesPanel } from '../../features/accounts/components/roles-panel.tsx';
import { paths } from '../paths.ts';

/** The administration pages besides this one. */
const adminAreas = [
  {
    to: paths.adminInstitutions.href(),
    label: 'Institutions',
    description: 'approve, merge or reject proposed institutions; edit and search all',
  },
  {
    to: paths.adminRequests.href(),
    label: 'Requests',
    description: 'answer Contact-admin and Contact-us messages; decide DBLP claims',
  },
  {
    to: paths.adminRelations.href(),
    label: 'Relation decisions',
    description: "read any relation's history and comments; validate or delete it",
  },
  {
    to: paths.adminUsers.href(),
    label: 'Accounts',
    description:
      'find an account; see its profile, relations and sign-in; unlock, change role, delete',
  },
  {
    to: paths.adminDblp.href(),
    label: 'DBLP',
    description: 'dump imports, the crawl queue and its failures, each person’s last refresh',
  },
  {
    to: paths.adminDefaultRules.href(),
    label: 'Default rules',
    description: "add, edit and delete the Default conference's conflict rules",
  },
];

export function AdminPage() {
  const profile = useProfile();
  const navigate = useNavigate();

  async function leaveAfterOwnRevocation() {
    await profile.refetch();
    navigate(paths.home.href());
  }

  return (
    <>
      <PageHeader
        title="Administration"
        breadcrumbs={[{ label: 'Home', to: paths.home.href() }, { label: 'Administration' }]}
      />
      <Stack gap="xl">
        <nav aria-labelledby="admin-areas-heading">
          <Title order={2} fz="h3" id="admin-areas-heading" mb="xs">
            Areas
          </Title>
          <List spacing="xs">
            {adminAreas.map((area) => (
              <List.Item key={area.to}>
                <Anchor component={Link} to={area.to}>
                  {area.label}
                </Anchor>
                <Text span c="dimmed" fz="sm">
                  {' '}
                  — {area.description}
                </Text>
              </List.Item>
            ))}
          </List>
        </nav>
        <RolesPanel
          ownEmail={profile.data?.Email ?? ''}
          onOwnRoleRevoked={() => void leaveAfterOwnRevocation()}
        />
      </Stack>
    </>
  );
}
