// /admin/relations/:relationId: one relation's log and the decisions on it (docs/product.md,
// "Relation decisions"): the relation, its history from the audit log (who changed what and
// when, each field before and after), its comments, and Validate and Delete for those who may
// decide. Administrators and conference chairs (route-access.ts); the server checks again.
import { Badge, Card, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { RelationLogReply } from '@recuse/common';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useProfile } from '../../features/auth/api/get-profile.ts';
import { useRelationLog } from '../../features/decisions/api/relation-decisions.ts';
import {
  actionLabel,
  actorLabel,
  fieldLabel,
  shownValue,
} from '../../features/decisions/components/history-labels.ts';
import { peopleText } from '../../features/decisions/components/decision-relations-table.tsx';
import { RelationDecisionPanel } from '../../features/decisions/components/relation-decision-panel.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatDateTime } from '../../lib/date-format.ts';
import { paths } from '../paths.ts';

export function AdminRelationLogPage() {
  const { relationId = '' } = useParams();
  const profile = useProfile();
  const log = useRelationLog(relationId);
  const relation = log.data?.relation;
  return (
    <>
      <PageHeader
        title={
          relation ? (
            <Group gap="sm" component="span">
              {`Relation ${relation.id} - ${relation.typeName}`}
              <StatusBadge status={relation.status} />
            </Group>
          ) : (
            `Relation ${relationId}`
          )
        }
        breadcrumbs={[
          { label: 'Home', to: paths.home.href() },
          ...(profile.data?.Role === 'admin'
            ? [{ label: 'Administration', to: paths.admin.href() }]
            : []),
          { label: 'Relation decisions', to: paths.adminRelations.href() },
          { label: `Relation ${relationId}` },
        ]}
      />
      {log.data ? (
        <RelationLog log={log.data} />
      ) : log.isError ? (
        <ErrorAlert message={log.error.message || messages.couldNotFetch} />
      ) : (
        <Group gap="sm">
          <Loader size="sm" aria-label="Loading the relation's log" />
          <Text>{messages.fetchingRelation}</Text>
        </Group>
      )}
    </>
  );
}

function RelationLog({ log }: { log: RelationLogReply }) {
  const { relation } = log;
  const details: [string, string][] = [
    ['Title', relation.title],
    ['People', peopleText(relation)],
    ['From', relation.startDate],
    ['To', relation.endDate],
    ['Institution', relation.institution],
    ['Source', relation.source],
    ['Notes', relation.notes],
    ['Created', formatDateTime(relation.createdAt)],
    ['Imported from DBLP', relation.isDblpImported ? 'yes' : 'no'],
  ];
  return (
    <Stack gap="xl">
      <section aria-labelledby="relation-details-heading">
        <Title order={2} fz="h3" id="relation-details-heading" mb="xs">
          The relation
        </Title>
        <Table
          variant="vertical"
          withTableBorder
          maw={720}
          aria-labelledby="relation-details-heading"
        >
          <Table.Tbody>
            {details
              .filter(([, value]) => value !== '')
              .map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={180}>{label}</Table.Th>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </section>

      <section aria-labelledby="decision-heading">
        <Title order={2} fz="h3" id="decision-heading" mb="xs">
          Decision
        </Title>
        <RelationDecisionPanel log={log} />
      </section>

      <section aria-labelledby="history-heading">
        <Title order={2} fz="h3" id="history-heading" mb="xs">
          History ({log.history.length})
        </Title>
        {log.history.length === 0 ? (
          <Text>No change has been recorded for this relation.</Text>
        ) : (
          <Stack gap="sm">
            {log.history.map((entry) => {
              const headingId = `history-${entry.id}`;
              return (
                <Card key={entry.id} withBorder component="article" aria-labelledby={headingId}>
                  <Title order={3} fz="h5" id={headingId}>
                    {actionLabel(entry.action)}, by {actorLabel(entry.actor)},{' '}
                    {formatDateTime(entry.createdAt)}
                  </Title>
                  {entry.changes.length > 0 && (
                    // No scrolling box (it would hold nothing to focus): narrow screens wrap.
                    <Table
                      aria-label={`Changes: ${actionLabel(entry.action)}`}
                      fz="sm"
                      mt="xs"
                      layout="fixed"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Field</Table.Th>
                          <Table.Th>Before</Table.Th>
                          <Table.Th>After</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {entry.changes.map((change) => (
                          <Table.Tr key={change.field}>
                            <Table.Td>{fieldLabel(change.field)}</Table.Td>
                            <Table.Td>{shownValue(change.before)}</Table.Td>
                            <Table.Td>{shownValue(change.after)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  )}
                </Card>
              );
            })}
          </Stack>
        )}
      </section>

      <section aria-labelledby="comments-heading">
        <Title order={2} fz="h3" id="comments-heading" mb="xs">
          Comments ({log.comments.length})
        </Title>
        {log.comments.length === 0 ? (
          <Text>No comments.</Text>
        ) : (
          <List spacing="sm" listStyleType="none">
            {log.comments.map((comment) => (
              <List.Item key={comment.id}>
                <Text fz="sm" fw={600}>
                  {comment.author}, {formatDateTime(comment.createdAt)}{' '}
                  {comment.isToAdmin && (
                    <Badge color="blue.8" size="sm">
                      To the administrators
                    </Badge>
                  )}
                  {comment.isChangeComment && (
                    <Badge color="gray.7" size="sm">
                      With a change
                    </Badge>
                  )}
                </Text>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{comment.text}</Text>
              </List.Item>
            ))}
          </List>
        )}
      </section>
    </Stack>
  );
}
