// /admin/relations: the relations an administrator or a conference chair may decide on
// (docs/product.md, "Relation decisions"): a relation's number, or the start of a person's
// name or part of an address; with nothing typed, the newest (for a chair, those of the people
// on their committees). Each opens its log. The server decides what each caller sees.
import { useState } from 'react';
import { Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useProfile } from '../../features/auth/api/get-profile.ts';
import { useDecisionRelations } from '../../features/decisions/api/relation-decisions.ts';
import { DecisionRelationsTable } from '../../features/decisions/components/decision-relations-table.tsx';

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
          { label: 'Home', to: '/' },
          ...(isAdmin ? [{ label: 'Administration', to: '/admin' }] : []),
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
        <div aria-live="polite">
          {relations.isError ? (
            <ErrorAlert message={relations.error.message || messages.couldNotFetch} />
          ) : relations.data === undefined || relations.isFetching ? (
            <Group gap="xs">
              <Loader size="xs" aria-label="Searching relations" />
              <Text fz="sm">Searching…</Text>
            </Group>
          ) : relations.data.length === 0 ? (
            <Text>
              {trimmed === ''
                ? 'There are no relations to show.'
                : `No relation matches “${trimmed}”.`}
            </Text>
          ) : (
            <DecisionRelationsTable
              relations={relations.data}
              label={trimmed === '' ? 'Newest relations' : 'Relations found'}
            />
          )}
        </div>
      </Stack>
    </>
  );
}
