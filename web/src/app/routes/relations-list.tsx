// /relations and /relations/pending: the user's relations by type or by name (docs/product.md, "The
// screens", Relations list).
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useRelationList } from '../../features/relations/api/get-relation-list.ts';
import { RelationList } from '../../features/relations/components/relation-list.tsx';
import { paths } from '../paths.ts';

/** What another page tells the list it did, in the navigation's state (after Delete). */
export type ListNotice = { notice: 'relationDeleted' };

function readNotice(state: unknown): string | undefined {
  const notice = (state as Partial<ListNotice> | null)?.notice;
  return notice === 'relationDeleted' ? messages.relationDeleted : undefined;
}

export function RelationsListPage({ isPendingOnly = false }: { isPendingOnly?: boolean }) {
  const title = isPendingOnly ? 'Pending relations' : 'List relations';
  const relationList = useRelationList(isPendingOnly);
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => readNotice(location.state));
  // Shown once: the entry forgets it, so a reload or Back does not say it again.
  useEffect(() => {
    if (readNotice(location.state)) {
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [location, navigate]);
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={
          isPendingOnly
            ? [
                { label: 'Home', to: paths.home.href() },
                { label: 'List relations', to: paths.relations.href() },
                { label: 'Pending relations' },
              ]
            : [{ label: 'Home', to: paths.home.href() }, { label: 'List relations' }]
        }
        actions={
          <>
            {isPendingOnly ? (
              <Button variant="default" component={Link} to={paths.relations.href()}>
                Back to all relations
              </Button>
            ) : (
              <Button variant="default" component={Link} to={paths.pendingRelations.href()}>
                List Pending relations
              </Button>
            )}
            <Button component={Link} to={paths.relationAdd.href()}>
              Add new relation
            </Button>
          </>
        }
      />
      {notice && (
        <Alert color="green" role="status" mb="md">
          {notice}
        </Alert>
      )}
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
