// /admin/users/:userId: one account (docs/product.md, "Accounts"): the profile, the sign-in
// state, the affiliations and the relations (each opening its log), with Unlock, the
// administrator role and Delete. Administrators only (route-access.ts); the server checks again.
import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import type { AdminUser } from '@recuse/common';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDateTime } from '../../lib/date-format.ts';
import { useAdminUser } from '../../features/accounts/api/admin-users.ts';
import { AccountActions } from '../../features/accounts/components/account-actions.tsx';
import { useProfile } from '../../features/auth/api/get-profile.ts';
import { DecisionRelationsTable } from '../../features/decisions/components/decision-relations-table.tsx';
import { paths } from '../paths.ts';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');

export function AdminUserPage() {
  const { userId = '' } = useParams();
  const account = useAdminUser(userId);
  const user = account.data;
  return (
    <>
      <PageHeader
        title={user ? `Account - ${user.name}` : 'Account'}
        breadcrumbs={[
          { label: 'Home', to: paths.home.href() },
          { label: 'Administration', to: paths.admin.href() },
          { label: 'Accounts', to: paths.adminUsers.href() },
          { label: user?.name ?? 'Account' },
        ]}
      />
      {user ? (
        <Account user={user} />
      ) : account.isError ? (
        <ErrorAlert message={account.error.message || messages.couldNotFetch} />
      ) : (
        <Group gap="sm">
          <Loader size="sm" aria-label="Loading the account" />
          <Text>Loading the account…</Text>
        </Group>
      )}
    </>
  );
}

function Account({ user }: { user: AdminUser }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const ownEmail = profile.data?.Email ?? '';
  const isOwn = ownEmail !== '' && ownEmail.toLowerCase() === user.email.toLowerCase();
  const { signIn } = user;
  const profileRows: [string, ReactNode][] = [
    ['Name', user.name],
    ['Other names', user.otherNames.join(', ')],
    ['E-mail', `${user.email} (${user.isEmailConfirmed ? 'confirmed' : 'not confirmed'})`],
    ['Secondary e-mail', user.secondaryEmail],
    ['New e-mail awaiting confirmation', user.pendingEmail],
    [
      'DBLP',
      user.dblpUrl && (
        <Anchor href={user.dblpUrl} target="_blank" rel="noreferrer">
          {user.dblpUrl}
        </Anchor>
      ),
    ],
    [
      'Role',
      user.role === 'admin' ? (
        <Badge color="blue.8">Administrator</Badge>
      ) : (
        <Badge color="gray.7">Member</Badge>
      ),
    ],
    ['Registered', when(user.createdAt)],
  ];
  const signInRows: [string, ReactNode][] = [
    [
      'Locked',
      signIn.isLocked ? <Badge color="red.9">Locked until {when(signIn.lockedUntil)}</Badge> : 'no',
    ],
    ['Failed sign-ins', String(signIn.failedLoginCount)],
    ['Active sign-ins', String(signIn.activeSessions)],
    ['Last signed in', signIn.lastActiveAt ? when(signIn.lastActiveAt) : 'not known'],
  ];
  const facts = (rows: [string, ReactNode][], headingId: string) => (
    <Table variant="vertical" withTableBorder maw={720} aria-labelledby={headingId}>
      <Table.Tbody>
        {rows
          .filter(([, value]) => value !== '' && value !== false)
          .map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={240}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );

  async function leaveAfterOwnRevocation() {
    await profile.refetch();
    navigate(paths.home.href());
  }

  return (
    <Stack gap="xl">
      <section aria-labelledby="account-actions-heading">
        <Title order={2} fz="h3" id="account-actions-heading" mb="xs">
          Actions
        </Title>
        <AccountActions
          user={user}
          isOwn={isOwn}
          onOwnRoleRevoked={() => void leaveAfterOwnRevocation()}
        />
      </section>
      <section aria-labelledby="account-profile-heading">
        <Title order={2} fz="h3" id="account-profile-heading" mb="xs">
          Profile
        </Title>
        {facts(profileRows, 'account-profile-heading')}
      </section>
      <section aria-labelledby="account-sign-in-heading">
        <Title order={2} fz="h3" id="account-sign-in-heading" mb="xs">
          Sign-in
        </Title>
        {facts(signInRows, 'account-sign-in-heading')}
      </section>
      <section aria-labelledby="account-affiliations-heading">
        <Title order={2} fz="h3" id="account-affiliations-heading" mb="xs">
          Affiliations ({user.affiliations.length})
        </Title>
        {user.affiliations.length === 0 ? (
          <Text>No affiliation.</Text>
        ) : (
          // No scrolling box (it would hold nothing to focus): narrow screens wrap.
          <Table
            aria-labelledby="account-affiliations-heading"
            layout="fixed"
            style={{ overflowWrap: 'anywhere' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Institution</Table.Th>
                <Table.Th>Position</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.affiliations.map((affiliation) => (
                <Table.Tr key={affiliation.id}>
                  <Table.Td>{affiliation.institution}</Table.Td>
                  <Table.Td>{affiliation.position}</Table.Td>
                  <Table.Td>{affiliation.startDate}</Table.Td>
                  <Table.Td>{affiliation.isCurrent ? 'current' : affiliation.endDate}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>
      <section aria-labelledby="account-relations-heading">
        <Title order={2} fz="h3" id="account-relations-heading" mb="xs">
          Relations ({user.relations.length})
        </Title>
        {user.relations.length === 0 ? (
          <Text>No relation.</Text>
        ) : (
          <DecisionRelationsTable relations={user.relations} label={`Relations of ${user.name}`} />
        )}
      </section>
    </Stack>
  );
}
