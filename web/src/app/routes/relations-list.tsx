// /relations and /relations/pending: the user's relations by type or by name (SPEC section 2).
import { Button, Group, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useRelationList } from '../../features/relations/api/get-relation-list.ts';
import { RelationList } from '../../features/relations/components/relation-list.tsx';

export function RelationsListPage({ isPendingOnly = false }: { isPendingOnly?: boolean }) {
  const title = isPendingOnly ? 'Pending relations' : 'List relations';
  const relationList = useRelationList(isPendingOnly);
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={
          isPendingOnly
            ? [
                { label: 'Home', to: '/' },
                { label: 'List relations', to: '/relations' },
                { label: 'Pending relations' },
              ]
            : [{ label: 'Home', to: '/' }, { label: 'List relations' }]
        }
        actions={
          <>
            {isPendingOnly ? (
              <Button variant="default" component={Link} to="/relations">
                Back to all relations
              </Button>
            ) : (
              <Button variant="default" component={Link} to="/relations/pending">
                List Pending relations
              </Button>
            )}
            <Button component={Link} to="/relations/add">
              Add new relation
            </Button>
          </>
        }
      />
      {relationList.data ? (
        <RelationList
          key={isPendingOnly ? 'pending' : 'all'}
          list={relationList.data}
          isPendingOnly={isPendingOnly}
        />
      ) : relationList.isError ? (
        <ErrorAlert message={relationList.error.message || messages.couldNotFetch} />
      ) : (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{messages.loadingRelations}</Text>
        </Group>
      )}
    </>
  );
}
