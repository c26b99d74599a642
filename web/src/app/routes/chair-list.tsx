// /chair: the conferences whose workspace the signed-in user may open (their own as chair; every
// one for an administrator), each linking to /conferences/:confid/workspace.
import { Alert, Anchor, List, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '@recuse/common';
import { PageHeader } from '../../components/page-header.tsx';
import { useChairedConferences } from '../../features/conferences/api/conferences.ts';
import { paths } from '../paths.ts';

export function ChairListPage() {
  const chaired = useChairedConferences();
  return (
    <>
      <PageHeader
        title="Chair’s workspace"
        breadcrumbs={[{ label: 'Home', to: paths.home.href() }, { label: 'Chair’s workspace' }]}
      />
      {chaired.isPending && <Loader aria-label="Loading the conferences" />}
      {chaired.isError && (
        <Alert color="red" role="alert">
          {messages.couldNotFetch}
        </Alert>
      )}
      {chaired.data && chaired.data.conferences.length === 0 && (
        <Text>You chair no conference.</Text>
      )}
      {chaired.data && chaired.data.conferences.length > 0 && (
        <List>
          {chaired.data.conferences.map((conference) => (
            <List.Item key={conference.confid}>
              <Anchor component={Link} to={paths.chairWorkspace.href(conference.confid)}>
                {conference.label}
              </Anchor>{' '}
              ({conference.name}
              {conference.reference_date ? `, ${conference.reference_date}` : ''}
              {conference.is_chair ? '' : ', as administrator'})
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}
