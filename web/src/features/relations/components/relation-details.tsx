// A relation's fields, read-only, with the info callouts (docs/product.md, "Messages after an
// action") that apply to the viewer and, for publications and awards, the co-author table.
import { Alert, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { institutionStatus, messages, relationStatus, relationTypeIds } from '@recuse/common';
import type { RelationTypeWire } from '@recuse/common';
import type { RelationView } from '../api/get-relation-view.ts';
import { formatListDate, formatListEndDate } from './relation-dates.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';

/** The callouts that apply to this viewer, in the order docs/product.md gives them. */
export function findCallouts(relation: RelationView, type: RelationTypeWire | undefined): string[] {
  const callouts: string[] = [];
  const isCreator = relation.sourceUserIsLoggedInUser === 1;
  const isNamed = relation.relUserIsLoggedInUser === 1;
  if (isCreator && type?.is_multi_person === 1) callouts.push(messages.allPartiesNotified);
  if (
    relation.rInstitutionId &&
    relation.institutionStatus === institutionStatus.awaitingApproval
  ) {
    callouts.push(messages.institutionNotApproved);
  }
  if (relation.DBLPImportedEntry === 1) callouts.push(messages.importedContactAdmin);
  else if (isCreator) callouts.push(messages.creatorMayEdit);
  else if (isNamed) callouts.push(messages.namedUserComment);
  if (isNamed && relation.Status === relationStatus.validated) callouts.push(messages.youAccepted);
  if (isNamed && relation.Status === relationStatus.disputed) callouts.push(messages.youRejected);
  // A type 8 relation names an institution, nobody who could answer: while it is pending it
  // waits for the institution's approval, which the callout above says.
  if (
    isCreator &&
    relation.Status === relationStatus.pending &&
    relation.relationType !== relationTypeIds.pendingEmployment
  ) {
    callouts.push(messages.awaitingOtherUser);
  }
  if (isCreator && relation.Status === relationStatus.disputed) {
    callouts.push(messages.rejectedByOtherUser);
  }
  return callouts;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {/* A long unbroken title breaks rather than widening the page. */}
      <Text style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
    </div>
  );
}

type RelationDetailsProps = { relation: RelationView; type: RelationTypeWire | undefined };

export function RelationDetails({ relation, type }: RelationDetailsProps) {
  const isPublicationLike = type?.is_multi_person === 1;
  const institution = relation.rInstitutionName;
  return (
    <Stack gap="md">
      {findCallouts(relation, type).map((callout) => (
        <Alert key={callout} color="blue" variant="light" role="note">
          {callout}
        </Alert>
      ))}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="Relation type" value={relation.relationTypeName} />
        <Field label="Created by" value={relation.UName} />
        {institution ? (
          <Field label="Institution" value={institution} />
        ) : (
          !isPublicationLike && (
            <Field
              label="Person name"
              value={`${relation.rUserName}${relation.coauthor_status === 2 ? ` ${messages.deletedUser}` : ''}`}
            />
          )
        )}
        {isPublicationLike && (
          <Field label={type.title_label || 'Title'} value={relation.publicationName} />
        )}
        {type?.show_start_date === 1 && (
          <Field
            label={type.show_start_date_label}
            value={formatListDate(
              relation.dateStartYear,
              relation.dateStartMonth,
              type.start_date_format,
            )}
          />
        )}
        {type?.show_end_date === 1 && (
          <Field
            label={type.show_end_date_label}
            value={
              type.end_date_mandatory === 1
                ? formatListDate(relation.dateEndYear, relation.dateEndMonth, type.end_date_format)
                : formatListEndDate(
                    relation.dateEndYear,
                    relation.dateEndMonth,
                    type.end_date_format,
                  )
            }
          />
        )}
        <Field label="Source" value={relation.source} />
        <Field label="Notes" value={relation.notes} />
        {relation.relationType === relationTypeIds.coauthoredPublication && (
          <>
            <Field
              label="Paper type"
              value={relation.paperTypes[String(relation.paperType)] ?? ''}
            />
            <Field label="Community paper" value={relation.communityPaper === 1 ? 'Yes' : 'No'} />
          </>
        )}
        {relation.rejectReason && <Field label="Your reason" value={relation.rejectReason} />}
      </SimpleGrid>
      {isPublicationLike && (
        <Table striped>
          <Table.Caption>{type.coauthors_label || 'Co-authors'}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{type.coauthor_label || 'Co-author'}</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {relation.coAuthors.map((coauthor, index) => (
              <Table.Tr key={coauthor.relation_id || `${coauthor.coauthor_id}-${index}`}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>{coauthor.coauthor_name}</Table.Td>
                <Table.Td>
                  <StatusBadge status={coauthor.status} isCoauthorRow />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
