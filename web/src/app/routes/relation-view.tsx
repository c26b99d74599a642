// /relations/:action/:id and /pending-relations/:action/:id, where action is view or modify:
// one relation read-only, what the viewer may do with it, and its activity log. Editing
// (action modify) arrives with the relation form; until then modify shows the same page.
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import {
  relationCommentsQueryKey,
  useRelationComments,
} from '../../features/relations/api/get-relation-comments.ts';
import {
  relationViewQueryKey,
  useRelationView,
} from '../../features/relations/api/get-relation-view.ts';
import type { RelationView } from '../../features/relations/api/get-relation-view.ts';
import { ActivityLog } from '../../features/relations/components/activity-log.tsx';
import { RelationActions } from '../../features/relations/components/relation-actions.tsx';
import { RelationDetails } from '../../features/relations/components/relation-details.tsx';
import { StatusBadge } from '../../features/relations/components/status-badge.tsx';

const actions = new Set(['view', 'modify']);

export function RelationViewPage() {
  const { action = '', id = '' } = useParams();
  const isPendingEmployment = useLocation().pathname.startsWith('/pending-relations/');
  const relationView = useRelationView(id, isPendingEmployment);
  if (!actions.has(action)) return <Navigate to="/404" replace />;
  const relation = relationView.data;
  return (
    <>
      <PageHeader
        title={
          relation ? (
            <Group gap="sm" component="span">
              {`Relation - ${relation.relationTypeName}`}
              <StatusBadge status={relation.Status} />
            </Group>
          ) : (
            'Relation'
          )
        }
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
      {relation ? (
        <RelationPanels relation={relation} isPendingEmployment={isPendingEmployment} id={id} />
      ) : relationView.isError ? (
        <ErrorAlert message={relationView.error.message || messages.couldNotFetch} />
      ) : (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{messages.fetchingRelation}</Text>
        </Group>
      )}
    </>
  );
}

type RelationPanelsProps = { relation: RelationView; isPendingEmployment: boolean; id: string };

function RelationPanels({ relation, isPendingEmployment, id }: RelationPanelsProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const comments = useRelationComments(relation.GID, relation.relationType);
  const type = relation.relationTypes.find((candidate) => candidate.id === relation.relationType);

  function reload() {
    void queryClient.invalidateQueries({ queryKey: relationViewQueryKey(id, isPendingEmployment) });
    void queryClient.invalidateQueries({ queryKey: relationCommentsQueryKey(relation.GID) });
  }

  return (
    <Stack gap="lg">
      <RelationDetails relation={relation} type={type} />
      <RelationActions
        key={relation.GID}
        relation={relation}
        isPendingEmployment={isPendingEmployment}
        onReload={reload}
        onDeleted={() => void navigate('/relations')}
      />
      {comments.isError ? (
        <ErrorAlert message={messages.couldNotFetch} />
      ) : (
        <ActivityLog comments={comments.data ?? []} />
      )}
    </Stack>
  );
}
