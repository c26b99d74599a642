// /relations and /relations/pending (the lists arrive in a later issue).
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { PageInProgress } from './page-in-progress.tsx';

export function RelationsListPage({ isPendingOnly = false }: { isPendingOnly?: boolean }) {
  const title = isPendingOnly ? 'Pending relations' : 'List relations';
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
      <PageInProgress />
    </>
  );
}
