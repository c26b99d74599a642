// /admin/users: find a registered account by the start of its name or part of its address
// (docs/product.md, "Accounts") and open it. Administrators only (route-access.ts); the server
// checks the role again.
import { useState } from 'react';
import { Alert, Anchor, Badge, Stack, Table, Text, TextInput } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { SearchResults } from '../../components/search-results.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import {
  isAccountSearchable,
  useAccountSearch,
} from '../../features/accounts/api/search-accounts.ts';
import { paths } from '../paths.ts';

/** What the account page hands over after a deletion. */
export type AccountsNotice = { notice?: string };

export function AdminUsersPage() {
  const notice = (useLocation().state as AccountsNotice | null)?.notice;
  const [searchText, setSearchText] = useState('');
  const search = useAccountSearch(searchText);
  const trimmed = searchText.trim();
  return (
    <>
      <PageHeader
        title="Accounts"
        breadcrumbs={[
          { label: 'Home', to: paths.home.href() },
          { label: 'Administration', to: paths.admin.href() },
          { label: 'Accounts' },
        ]}
      />
      <Stack gap="md">
        {notice && (
          <Alert color="green" role="status">
            {notice}
          </Alert>
        )}
        <TextInput
          label="Find an account"
          description="At least 2 letters of a name, or part of an e-mail address"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          maxLength={200}
          maw={420}
        />
        <SearchResults
          search={search}
          loaderLabel="Searching accounts"
          nothingFound={`No account matches “${trimmed}”.`}
          placeholder={
            !isAccountSearchable(trimmed) && (
              <Text c="dimmed" fz="sm">
                Type a name or an address to find an account.
              </Text>
            )
          }
        >
          {(accounts) => (
            <Table.ScrollContainer minWidth={480}>
              <Table aria-label="Accounts found">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Role</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {accounts.map((account) => (
                    <Table.Tr key={account.id}>
                      <Table.Td>
                        <Anchor component={Link} to={paths.adminUser.href(account.id)}>
                          {account.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{account.email}</Table.Td>
                      <Table.Td>
                        {account.role === 'admin' ? (
                          <Badge color="blue.8">Administrator</Badge>
                        ) : (
                          <Badge color="gray.7">Member</Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </SearchResults>
      </Stack>
    </>
  );
}
