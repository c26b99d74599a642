// /relations/conflicts and /relations/conflicts/:conferencename/:confid (docs/product.md, "The
// screens", Conflicts): explains where conflicts come from, then the conference, its rules and the
// generated list. Picking a conference changes the URL, so each conference has its own link.
import { Group, Loader, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import type { Crumb } from '../../components/page-header.tsx';
import { useConferenceOptions } from '../../features/conflicts/api/get-conference-options.ts';
import { ConflictsWorkspace } from '../../features/conflicts/components/conflicts-workspace.tsx';
import { findConference } from '../../features/conflicts/find-conference.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { paths } from '../paths.ts';

const renderStatus = (status: number) => <StatusBadge status={status} />;

export function ConflictsPage() {
  const { conferencename, confid } = useParams();
  const navigate = useNavigate();
  const conferences = useConferenceOptions();
  const options = conferences.data?.options ?? [];
  const conference = findConference(options, conferencename, confid);

  const breadcrumbs: Crumb[] = conferencename
    ? [
        { label: 'Home', to: paths.home.href() },
        { label: 'View conflicts', to: paths.conflicts.href() },
        { label: conference?.label ?? conferencename },
      ]
    : [{ label: 'Home', to: paths.home.href() }, { label: 'View conflicts' }];
  return (
    <>
      <PageHeader title="View conflicts" breadcrumbs={breadcrumbs} />
      <Text mb="md" maw={760}>
        Your conflicts of interest come from your relations, under the rules of a conference: each
        rule says which kind of relation counts and for how long (for example, a co-authored
        publication within the last 4 years). Choose a conference, tick the rules that apply and
        press Generate conflict list. Relations still pending or disputed give provisional
        conflicts, marked as such.
      </Text>
      {conferences.data ? (
        <ConflictsWorkspace
          options={options}
          conference={conference}
          requestedName={conferencename}
          onPickConference={(option) => void navigate(paths.conferenceConflicts.href(option))}
          renderStatus={renderStatus}
        />
      ) : conferences.isError ? (
        <ErrorAlert message={conferences.error.message || messages.couldNotFetch} />
      ) : (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{messages.loadingRules}</Text>
        </Group>
      )}
    </>
  );
}
