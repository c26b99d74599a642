// /conferences/:confid: one conference for its chairs and administrators (docs/product.md,
// "Conferences"): its details (edit, delete), co-chairs, programme committee and conflict rules,
// and a link to the conflicts page under it. The server checks every change again.
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '@recuse/common';
import type { ConferenceOption } from '@recuse/common';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAction } from '../../lib/use-action.ts';
import {
  chairedConferencesQueryKey,
  chairsQueryKey,
  deleteConference,
  useChairedConferences,
} from '../../features/conferences/api/conferences.ts';
import { ChairsPanel } from '../../features/conferences/components/chairs-panel.tsx';
import { CommitteePanel } from '../../features/conferences/components/committee-panel.tsx';
import { ConferenceForm } from '../../features/conferences/components/conference-form.tsx';
import { RulesEditor } from '../../features/conferences/components/rules-editor.tsx';
import {
  conferenceOptionsQueryKey,
  useConferenceOptions,
} from '../../features/conflicts/api/get-conference-options.ts';
import { profileQueryKey, useProfile } from '../../features/auth/api/get-profile.ts';
import { paths } from '../paths.ts';
import type { ConferencesNotice } from './conferences.tsx';

export function ConferencePage() {
  const { confid } = useParams();
  const options = useConferenceOptions();
  const chaired = useChairedConferences();
  const conference = options.data?.options.find(
    (option) => String(option.confid) === confid && option.value !== 'DEFAULT',
  );
  const mayChange = chaired.data?.conferences.some((entry) => String(entry.confid) === confid);

  const breadcrumbs = [
    { label: 'Home', to: paths.home.href() },
    { label: 'Conferences', to: paths.conferences.href() },
    { label: conference?.label ?? 'Conference' },
  ];
  const failed = options.isError || chaired.isError;
  // Just created elsewhere: the lists may still be on their way; wait before saying it is not found.
  const isRefreshing = options.isFetching || chaired.isFetching;
  return (
    <>
      <PageHeader title={conference?.label ?? 'Conference'} breadcrumbs={breadcrumbs} />
      {failed ? (
        <ErrorAlert message={messages.couldNotFetch} />
      ) : !options.data || !chaired.data || ((!conference || !mayChange) && isRefreshing) ? (
        <Text>Loading the conference…</Text>
      ) : !conference ? (
        <ErrorAlert
          title="Conference not found"
          message="There is no such conference. It may have been deleted."
        />
      ) : !mayChange ? (
        <ErrorAlert message="Only the chairs of this conference and administrators may change it." />
      ) : (
        <ConferenceSections conference={conference} />
      )}
    </>
  );
}

function ConferenceSections({ conference }: { conference: ConferenceOption }) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: conferenceOptionsQueryKey }),
      queryClient.invalidateQueries({ queryKey: chairedConferencesQueryKey }),
      // The profile's IsChair decides the chair's navigation (Workspace).
      queryClient.invalidateQueries({ queryKey: profileQueryKey }),
    ]);
  const [savedNotice, setSavedNotice] = useState<string>();
  const profile = useProfile();
  const navigate = useNavigate();

  // A chair who removed themselves: an administrator keeps the page, anyone else leaves it.
  async function afterOwnChairRemoval() {
    if (profile.data?.Role === 'admin') {
      await Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: chairsQueryKey(conference.confid) }),
      ]);
      return;
    }
    const state: ConferencesNotice = {
      notice: `You no longer chair ${conference.label}.`,
    };
    void navigate(paths.conferences.href(), { state });
    await refresh();
  }

  return (
    <Stack gap="xl">
      <Text maw={760}>
        Everyone signed in can choose this conference on{' '}
        <Anchor component={Link} to={paths.conferenceConflicts.href(conference)}>
          View conflicts
        </Anchor>{' '}
        and generate their conflicts under its rules. Acronym {conference.conference_name};{' '}
        {conference.reference_date
          ? `rule windows end on ${conference.reference_date}.`
          : 'no reference date: rule windows end today.'}
      </Text>
      <section aria-labelledby="details-heading">
        <Title order={2} fz="h3" id="details-heading" mb="xs">
          Details
        </Title>
        {savedNotice && (
          <Alert color="green" role="status" mb="xs">
            {savedNotice}
          </Alert>
        )}
        <ConferenceForm
          key={`${conference.label}|${conference.reference_date ?? ''}`}
          conference={conference}
          onSaved={() => {
            setSavedNotice('Details saved.');
            void refresh();
          }}
        />
      </section>
      <RulesEditor confid={conference.confid} rules={conference.rules} onChanged={refresh} />
      <CommitteePanel confid={conference.confid} />
      <ChairsPanel
        confid={conference.confid}
        ownEmail={profile.data?.Email ?? ''}
        onOwnChairRemoved={() => void afterOwnChairRemoval()}
      />
      <DeleteConference conference={conference} onDeleted={refresh} />
    </Stack>
  );
}

function DeleteConference({
  conference,
  onDeleted,
}: {
  conference: ConferenceOption;
  onDeleted: () => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const action = useAction<'delete'>();

  function confirm() {
    return action.run('delete', () => deleteConference(conference.confid), {
      onDone: async () => {
        await onDeleted();
        void navigate(paths.conferences.href());
      },
    });
  }

  return (
    <section aria-labelledby="delete-heading">
      <Title order={2} fz="h3" id="delete-heading" mb="xs">
        Delete the conference
      </Title>
      <Text c="dimmed" fz="sm" mb="sm" maw={760}>
        Deleting removes the conference, its rules, chairs and committee; nobody can choose it any
        more.
      </Text>
      <Button color="red" variant="outline" onClick={() => setIsOpen(true)}>
        Delete conference
      </Button>
      <Modal opened={isOpen} onClose={() => setIsOpen(false)} title="Delete conference">
        <Stack gap="sm">
          {action.failure && <ErrorAlert message={action.failure.message} />}
          <Text>Delete {conference.label} for good?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button color="red" loading={action.busy !== null} onClick={() => void confirm()}>
              Delete {conference.label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </section>
  );
}
