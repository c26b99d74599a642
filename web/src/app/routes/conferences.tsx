// /conferences: the conferences the user chairs (every one for an administrator) and a form to
// create one (docs/product.md, "Conferences"). Any registered user may create a conference and
// becomes its chair (docs/api-conflicts.md, "Conference management").
import { Alert, Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { profileQueryKey } from '../../features/auth/api/get-profile.ts';
import { conferenceOptionsQueryKey } from '../../features/conflicts/api/get-conference-options.ts';
import {
  chairedConferencesQueryKey,
  useChairedConferences,
} from '../../features/conferences/api/conferences.ts';
import { ConferenceForm } from '../../features/conferences/components/conference-form.tsx';
import { paths } from '../paths.ts';

/** What a page that sends the user here has to say (a chair who removed themselves). */
export type ConferencesNotice = { notice?: string };

export function ConferencesPage() {
  const notice = (useLocation().state as ConferencesNotice | null)?.notice;
  const chaired = useChairedConferences();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const conferences = chaired.data?.conferences ?? [];

  return (
    <>
      <PageHeader
        title="Conferences"
        breadcrumbs={[{ label: 'Home', to: paths.home.href() }, { label: 'Conferences' }]}
      />
      <Stack gap="xl">
        {notice && (
          <Alert color="green" role="status">
            {notice}
          </Alert>
        )}
        <Text maw={760}>
          Chairs keep a conference&apos;s conflict rules and programme committee here. Every
          conference is offered to everyone on View conflicts as soon as it is created, with its
          rules; anyone signed in may create one and becomes its chair.
        </Text>
        <section aria-labelledby="my-conferences-heading">
          <Title order={2} fz="h3" id="my-conferences-heading" mb="xs">
            My conferences
          </Title>
          {chaired.isError ? (
            <ErrorAlert message={chaired.error.message || messages.couldNotFetch} />
          ) : chaired.isPending ? (
            <Text>Loading your conferences…</Text>
          ) : conferences.length === 0 ? (
            <Text>You do not chair any conference yet.</Text>
          ) : (
            <List spacing="xs">
              {conferences.map((conference) => (
                <List.Item key={conference.confid}>
                  <Anchor component={Link} to={paths.conference.href(conference.confid)}>
                    {conference.label}
                  </Anchor>
                  <Text span c="dimmed" fz="sm">
                    {' '}
                    — {conference.name}
                    {conference.reference_date
                      ? `, reference date ${conference.reference_date}`
                      : ''}
                    {conference.is_chair ? '' : ' (you are not a chair: administrator)'}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
        </section>
        <section aria-labelledby="create-conference-heading">
          <Title order={2} fz="h3" id="create-conference-heading" mb="xs">
            Create a conference
          </Title>
          <ConferenceForm
            onSaved={(reply) =>
              void Promise.all([
                queryClient.invalidateQueries({ queryKey: chairedConferencesQueryKey }),
                queryClient.invalidateQueries({ queryKey: conferenceOptionsQueryKey }),
                // The profile's IsChair decides the chair's navigation (Workspace).
                queryClient.invalidateQueries({ queryKey: profileQueryKey }),
              ]).then(() => navigate(paths.conference.href(reply.conference.confid)))
            }
          />
        </section>
      </Stack>
    </>
  );
}
