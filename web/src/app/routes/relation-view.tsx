// /relations/:action/:id and /pending-relations/:action/:id, where action is view or modify
// (the relation screens arrive in a later issue).
import { Button } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { PageInProgress } from './page-in-progress.tsx';

const actions = new Set(['view', 'modify']);

export function RelationViewPage() {
  const { action = '' } = useParams();
  if (!actions.has(action)) return <Navigate to="/404" replace />;
  return (
    <>
      <PageHeader
        title="Relation"
        breadcrumbs={[
          { label: 'Home', to: '/' },
          { label: 'List relations', to: '/relations' },
          { label: 'Relation' },
        ]}
        actions={
          <Button variant="default" component={Link} to="/relations">
            Back
          </Button>
        }
      />
      <PageInProgress />
    </>
  );
}
