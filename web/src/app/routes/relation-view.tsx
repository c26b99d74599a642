// /relations/:action/:id and /pending-relations/:action/:id, where action is view or modify:
// one relation, what the viewer may do with it, and its activity log. Its creator may modify it
// (the server's permissions.modify: never an imported or closed relation), so the creator gets
// the relation form, editable, under either action; everyone else reads the fields.
import { lazy, useEffect, useRef } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, matchPath, useLocation, useNavigate, useParams } from 'react-router';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useProfile } from '../../features/auth/api/get-profile.ts';
import type { PersonOption } from '../../features/relations/api/get-add-new-data.ts';
import {
  relationCommentsQueryKey,
  useRelationComments,
} from '../../features/relations/api/get-relation-comments.ts';
import {
  relationViewQueryKey,
  useRelationView,
} from '../../features/relations/api/get-relation-view.ts';
import type { RelationView } from '../../features/relations/api/get-relation-view.ts';
import { relationListsQueryKey } from '../../features/relations/api/get-relation-list.ts';
import { ActivityLog } from '../../features/relations/components/activity-log.tsx';
import { RelationActions } from '../../features/relations/components/relation-actions.tsx';
import {
  RelationDetails,
  findCallouts,
} from '../../features/relations/components/relation-details.tsx';
import { RelationForm } from '../../features/relations/components/relation-form/relation-form.tsx';
import type { EditableRelation } from '../../features/relations/components/relation-form/relation-form-values.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { isRefusal } from '../../lib/query-client.ts';
import type { ListNotice } from './relations-list.tsx';
import { paths } from '../paths.ts';

// With the fields of a chosen relation type, which are fetched then (relation-form.tsx).
const InstitutionPicker = lazy(() =>
  import('../../features/profile/components/institution-picker.tsx').then((module) => ({
    default: module.InstitutionPicker,
  })),
);

const actions = new Set(['view', 'modify']);

export function RelationViewPage() {
  const { action = '', id = '' } = useParams();
  const isPendingEmployment =
    matchPath(paths.pendingRelation.pattern, useLocation().pathname) !== null;
  const relationView = useRelationView(id, isPendingEmployment);
  // The profile as the root layout keeps it (not fetched again here).
  const profile = useProfile({ enabled: false });
  // Administrators and chairs decide on relations from the relation's log (whether this one is
  // theirs to decide on, that page says).
  const mayDecide = profile.data?.Role === 'admin' || profile.data?.IsChair === true;
  if (!actions.has(action)) return <Navigate to={paths.notFound.href()} replace />;
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
          { label: 'Home', to: paths.home.href() },
          { label: 'List relations', to: paths.relations.href() },
          { label: 'Relation' },
        ]}
        actions={
          <>
            {relation && mayDecide && (
              <Button variant="light" component={Link} to={paths.adminRelation.href(relation.GID)}>
                Log and decisions
              </Button>
            )}
            <Button variant="default" component={Link} to={paths.relations.href()}>
              Back
            </Button>
          </>
        }
      />
      {relation ? (
        <RelationPanels
          version={relationView.dataUpdatedAt}
          relation={relation}
          isPendingEmployment={isPendingEmployment}
          id={id}
        />
      ) : relationView.isError ? (
        <ErrorAlert
          message={
            isRefusal(relationView.error)
              ? messages.relationNotFound
              : relationView.error.message || messages.couldNotFetch
          }
        />
      ) : (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{messages.fetchingRelation}</Text>
        </Group>
      )}
    </>
  );
}

type RelationPanelsProps = {
  relation: RelationView;
  isPendingEmployment: boolean;
  id: string;
  /** When the relation was last fetched. */
  version: number;
};

function RelationPanels({ relation, isPendingEmployment, id, version }: RelationPanelsProps) {
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
      {relation.permissions.modify === 1 ? (
        <>
          {findCallouts(relation, type).map((callout) => (
            <Alert key={callout} color="blue" variant="light" role="note">
              {callout}
            </Alert>
          ))}
          <ModifyRelationForm
            // A reload after a save starts the form afresh from what the server now holds.
            key={version}
            relation={relation}
            onReload={reload}
          />
        </>
      ) : (
        <RelationDetails relation={relation} type={type} />
      )}
      <RelationActions
        key={relation.GID}
        relation={relation}
        isPendingEmployment={isPendingEmployment}
        onReload={reload}
        onDeleted={() => {
          // The lists still hold the relation: they are fetched afresh, and say what happened.
          queryClient.removeQueries({ queryKey: relationListsQueryKey });
          void navigate(paths.relations.href(), {
            state: { notice: 'relationDeleted' } satisfies ListNotice,
          });
        }}
      />
      {comments.isError ? (
        <ErrorAlert message={messages.couldNotFetch} />
      ) : (
        <ActivityLog comments={comments.data ?? []} />
      )}
    </Stack>
  );
}

/**
 * After UPDATED (or UPDATED COAUTHOR) the page reloads after 1 s (docs/product.md, "Messages after
 * an action").
 */
export const afterUpdateDelayMs = 1000;

/** The view's answer carries the person picker's list too (docs/api-relations.md). */
type ViewWithLists = EditableRelation & { usersDrp?: PersonOption[] };

function ModifyRelationForm({
  relation,
  onReload,
}: {
  relation: ViewWithLists;
  onReload: () => void;
}) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <RelationForm
      relation={relation}
      relationTypes={relation.relationTypes}
      knownPeople={relation.usersDrp ?? []}
      paperTypes={relation.paperTypes}
      renderInstitutionPicker={(props) => <InstitutionPicker {...props} />}
      onSaved={() => {
        timer.current = setTimeout(onReload, afterUpdateDelayMs);
      }}
    />
  );
}
