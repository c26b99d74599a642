// /admin/relations: the relations an administrator or a conference chair may decide on
// (docs/product.md, "Relation decisions"): a relation's number, or the start of a person's
// name or part of an address; with nothing typed, the newest (for a chair, those of the people
// on their committees). Each opens its log. The server decides what each caller sees.
import { useState } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { SearchResults } from '../../components/search-results.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useProfile } from '../../features/auth/api/get-profile.ts';
import { useDecisionRelations } from '../../features/decisions/api/relation-decisions.ts';
import { DecisionRelationsTable } from '../../features/decisions/components/decision-relations-table.tsx';
import { paths } from '../paths.ts';

export function AdminRelationsPage() {
  const profile = useProfile();
  const isAdmin = profile.data?.Role === 'admin';
  const [searchText, setSearchText] = useState('');
  const relations = useDecisionRelations(searchText);
  const trimmed = searchText.trim();
  return (
    <>
      <PageHeader
        title="Relation decisions"
        breadcrumbs={[
          { label: 'Home', to: paths.home.href() },
          ...(isAdmin ? [{ label: 'Administration', to: paths.admin.href() }] : []),
          { label: 'Relation decisions' },
        ]}
      />
      <Stack gap="md">
        <Text>
          {isAdmin
            ? 'Open a relation to read its history and comments, and to validate or delete it.'
            : 'As a chair you see the relations of the people on your program committees. Open one to read its history and comments, and to validate or delete it.'}
        </Text>
        <TextInput
          label="Find relations"
          description="A relation's number, the start of a person's name, or part of an e-mail address"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          maxLength={200}
          maw={480}
        />
        <SearchResults
          search={relations}
          loaderLabel="Searching relations"
          nothingFound={
            trimmed === '' ? 'There are no relations to show.' : `No relation matches “${trimmed}”.`
          }
        >
          {(rows) => (
            <DecisionRelationsTable
              relations={rows}
              label={trimmed === '' ? 'Newest relations' : 'Relations found'}
            />
          )}
        </SearchResults>
      </Stack>
    </>
  );
}
