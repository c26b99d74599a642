// The administration of institutions (docs/product.md, "Institutions"): the queue of proposed
// institutions, each with who proposed it and the affiliations and pending applications that
// name it, to approve, merge, reject or edit; and the search over every institution with its
// aliases. An action on an institution that is gone or already decided says so and refreshes
// the lists; nothing changes on the server then.
import type { ReactNode } from 'react';
import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminInstitution, InstitutionProposal } from '@recuse/common';
import { messages, relationTypeIds } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SearchResults } from '../../../components/search-results.tsx';
import type { SaveResult } from '../../../lib/api-client.ts';
import { ActionOutcome } from '../../../components/action-outcome.tsx';
import { useAction } from '../../../lib/use-action.ts';
import type { InstitutionEdit } from '../api/admin-institutions.ts';
import {
  adminInstitutionsQueryKey,
  approveInstitution,
  mergeInstitution,
  rejectInstitution,
  updateInstitution,
  useInstitutionQueue,
  useInstitutionSearch,
} from '../api/admin-institutions.ts';
import type { InstitutionDialog } from './institution-dialogs.tsx';
import { InstitutionDialogModal } from './institution-dialogs.tsx';
import { paths } from '../../../app/paths.ts';

/** Said for a 404: the institution was deleted or never existed. */
export const institutionGone = 'This institution no longer exists. The lists are refreshed.';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Shades that keep a 4.5:1 contrast with the text `autoContrast` picks (as status-badge.tsx). */
function statusOf(institution: AdminInstitution): { label: string; color: string } {
  if (institution.mergedInto) {
    return { label: `Merged into ${institution.mergedInto.name}`, color: 'gray.7' };
  }
  if (institution.status === 1) return { label: 'Approved', color: 'green.6' };
  if (institution.status === 3) return { label: 'Awaiting approval', color: 'yellow.4' };
  return { label: 'Rejected', color: 'red.9' };
}

export function InstitutionStatusBadge({ institution }: { institution: AdminInstitution }) {
  const { label, color } = statusOf(institution);
  return (
    <Badge color={color} variant="filled" autoContrast miw="max-content">
      {label}
    </Badge>
  );
}

export function InstitutionsAdmin() {
  const queryClient = useQueryClient();
  const queue = useInstitutionQueue();
  const [searchText, setSearchText] = useState('');
  const search = useInstitutionSearch(searchText);
  const [dialog, setDialog] = useState<InstitutionDialog | null>(null);
  const { busy: busyId, success, setSuccess, failure, setFailure, run } = useAction<number>();

  /** Runs a decision; on success says `said(data)` and closes the dialog. */
  function decide<T>(
    institution: AdminInstitution,
    call: () => Promise<SaveResult<T>>,
    said: (data: T) => string,
  ) {
    return run(institution.id, call, {
      onDone: (data) => {
        setDialog(null);
        setSuccess(said(data));
      },
      describeRefusal: (refused) =>
        refused.status === 404 ? institutionGone : refused.message || messages.recordNotSaved,
      // Gone or decided meanwhile: close the dialog and show what is true now.
      onRefused: (status) => {
        if (status === 404 || status === 409) setDialog(null);
      },
      onAnswered: () => queryClient.invalidateQueries({ queryKey: adminInstitutionsQueryKey }),
    });
  }

  const approve = (institution: AdminInstitution) =>
    decide(
      institution,
      () => approveInstitution(institution.id),
      ({ validatedRelations }) =>
        `${institution.name} is approved.` +
        (validatedRelations > 0
          ? ` ${plural(validatedRelations, 'pending application was', 'pending applications were')} validated and ${validatedRelations === 1 ? 'its creator' : 'their creators'} told.`
          : ''),
    );
  const merge = (institution: AdminInstitution, target: AdminInstitution) =>
    decide(
      institution,
      () => mergeInstitution(institution.id, target.id),
      (data) =>
        `${institution.name} is merged into ${data.target.name}: ${plural(data.movedAffiliations, 'affiliation', 'affiliations')} and ${plural(data.movedRelations, 'relation', 'relations')} moved` +
        (data.validatedRelations > 0
          ? `, ${plural(data.validatedRelations, 'pending application', 'pending applications')} validated.`
          : '.'),
    );
  const reject = (institution: AdminInstitution, reason: string) =>
    decide(
      institution,
      () => rejectInstitution(institution.id, reason),
      () => `${institution.name} is rejected; the proposer is told why.`,
    );
  const edit = (institution: AdminInstitution, changes: InstitutionEdit) =>
    decide(
      institution,
      () => updateInstitution(institution.id, changes),
      (data) => `${data.institution.name} is saved.`,
    );

  const open = (kind: InstitutionDialog['kind'], institution: AdminInstitution) => {
    setFailure(null);
    setDialog({ kind, institution });
  };

  const decisionButtons = (institution: AdminInstitution) => (
    <Group gap="xs">
      {institution.status === 3 && institution.mergedInto === null && (
        <>
          <Button
            size="xs"
            loading={busyId === institution.id && dialog === null}
            aria-label={`Approve ${institution.name}`}
            onClick={() => void approve(institution)}
          >
            Approve
          </Button>
          <Button
            size="xs"
            variant="outline"
            aria-label={`Merge ${institution.name} into another institution`}
            onClick={() => open('merge', institution)}
          >
            Merge…
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="red"
            aria-label={`Reject ${institution.name}`}
            onClick={() => open('reject', institution)}
          >
            Reject…
          </Button>
        </>
      )}
      {institution.status === 1 && institution.mergedInto === null && (
        <Button
          size="xs"
          variant="outline"
          aria-label={`Merge ${institution.name} into another institution`}
          onClick={() => open('merge', institution)}
        >
          Merge…
        </Button>
      )}
      {institution.mergedInto === null && (
        <Button
          size="xs"
          variant="default"
          aria-label={`Edit ${institution.name}`}
          onClick={() => open('edit', institution)}
        >
          Edit…
        </Button>
      )}
    </Group>
  );

  const trimmed = searchText.trim();
  return (
    <Stack gap="xl">
      <ActionOutcome success={success} failure={failure} showFailure={!dialog} />

      <section aria-labelledby="queue-heading">
        <Title order={2} fz="h3" id="queue-heading" mb="xs">
          Proposed institutions
        </Title>
        {queue.data ? (
          queue.data.length === 0 ? (
            <Text>No institution awaits approval.</Text>
          ) : (
            <Stack gap="md">
              {queue.data.map((proposal) => (
                <ProposalCard key={proposal.id} proposal={proposal}>
                  {decisionButtons(proposal)}
                </ProposalCard>
              ))}
            </Stack>
          )
        ) : queue.isError ? (
          <ErrorAlert message={queue.error.message || messages.couldNotFetch} />
        ) : (
          <Loader size="sm" aria-label="Loading proposed institutions" />
        )}
      </section>

      <section aria-labelledby="all-institutions-heading">
        <Title order={2} fz="h3" id="all-institutions-heading" mb="xs">
          All institutions
        </Title>
        <TextInput
          label="Search institutions"
          description="Part of a name or an alias; the first 50 are shown"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          maw={420}
        />
        <SearchResults
          search={search}
          mt="sm"
          whileRefetching="rows"
          nothingFound={`No institution matches “${trimmed}”.`}
        >
          {(institutions) => (
            <Table.ScrollContainer minWidth={720} mt="sm">
              <Table aria-label="Institutions found">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name and aliases</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>E-mail domains</Table.Th>
                    <Table.Th>Country</Table.Th>
                    <Table.Th>Used by</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {institutions.map((institution) => (
                    <Table.Tr key={institution.id}>
                      <Table.Td>
                        <Text fz="sm" fw={600}>
                          {institution.name}
                        </Text>
                        {institution.aliases.length > 0 && (
                          <Text fz="xs" c="dimmed">
                            {institution.aliases.join(' · ')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <InstitutionStatusBadge institution={institution} />
                      </Table.Td>
                      <Table.Td>{institution.emailDomains.join(', ')}</Table.Td>
                      <Table.Td>{institution.country}</Table.Td>
                      <Table.Td>
                        <Text fz="sm">
                          {plural(institution.affiliationCount, 'affiliation', 'affiliations')},{' '}
                          {plural(institution.relationCount, 'relation', 'relations')}
                        </Text>
                      </Table.Td>
                      <Table.Td>{decisionButtons(institution)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </SearchResults>
      </section>

      {dialog && (
        <InstitutionDialogModal
          dialog={dialog}
          busy={busyId === dialog.institution.id}
          failure={failure}
          onClose={() => setDialog(null)}
          onMerge={(institution, target) => void merge(institution, target)}
          onReject={(institution, reason) => void reject(institution, reason)}
          onEdit={(institution, changes) => void edit(institution, changes)}
        />
      )}
    </Stack>
  );
}

function ProposalCard({
  proposal,
  children,
}: {
  proposal: InstitutionProposal;
  children: ReactNode;
}) {
  const headingId = `proposal-${proposal.id}`;
  return (
    <Card withBorder component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={3} fz="h4" id={headingId}>
              {proposal.name}
            </Title>
            {proposal.aliases.length > 0 && (
              <Text fz="sm" c="dimmed">
                Also: {proposal.aliases.join(' · ')}
              </Text>
            )}
          </div>
          <InstitutionStatusBadge institution={proposal} />
        </Group>
        <Text fz="sm">
          Proposed by{' '}
          {proposal.proposedBy
            ? `${proposal.proposedBy.name} (${proposal.proposedBy.email})`
            : 'an account that no longer exists'}{' '}
          on {new Date(proposal.createdAt).toLocaleDateString('en-GB', { dateStyle: 'medium' })}
          {proposal.country && ` · ${proposal.country}`}
          {proposal.emailDomains.length > 0 && ` · ${proposal.emailDomains.join(', ')}`}
        </Text>
        <Text fz="sm" fw={600}>
          Affiliations ({proposal.affiliations.length})
        </Text>
        {proposal.affiliations.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No profile names it.
          </Text>
        ) : (
          <List size="sm">
            {proposal.affiliations.map((affiliation) => (
              <List.Item key={affiliation.id}>
                {affiliation.person.name}
                {affiliation.position && `, ${affiliation.position}`}
                {affiliation.startDate && ` since ${affiliation.startDate}`}
                {affiliation.isCurrent
                  ? ' (current)'
                  : affiliation.endDate && ` until ${affiliation.endDate}`}
              </List.Item>
            ))}
          </List>
        )}
        <Text fz="sm" fw={600}>
          Pending applications ({proposal.relations.length})
        </Text>
        {proposal.relations.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No relation names it.
          </Text>
        ) : (
          <List size="sm">
            {proposal.relations.map((relation) => (
              <List.Item key={relation.id}>
                <Anchor
                  component={Link}
                  to={paths.relation.href(relation.id, relationTypeIds.pendingEmployment)}
                  fz="sm"
                >
                  Relation {relation.id}
                </Anchor>{' '}
                by {relation.creator.name} ({relation.status === 1 ? 'validated' : 'waiting'})
              </List.Item>
            ))}
          </List>
        )}
        {children}
      </Stack>
    </Card>
  );
}
