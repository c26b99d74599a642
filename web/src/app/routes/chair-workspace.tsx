// /conferences/:confid/workspace: the PC chair's workspace (docs/product.md, "Screens and
// routes"; calls in docs/api-conflicts.md, "The chair's workspace"): uploads, the matrix with
// its reasons and decisions, who leaves the room, the check of one person, versions, the CSV
// files for HotCRP, and the audit of HotCRP's declared conflicts. The conference's chairs and
// administrators only: the server refuses anyone else, and the page says so.
import { Alert, Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { messages } from '@recuse/common';
import { PageHeader } from '../../components/page-header.tsx';
import { CouldNotFetchError } from '../../lib/api-client.ts';
import { useAction } from '../../lib/use-action.ts';
import type { WorkspaceFile } from '../../features/chair-workspace/api/workspace.ts';
import { saveWorkspaceFile, useMatrix } from '../../features/chair-workspace/api/workspace.ts';
import { AuditPanel } from '../../features/chair-workspace/components/audit-panel.tsx';
import { MatrixPanel } from '../../features/chair-workspace/components/matrix-panel.tsx';
import { PersonCheckPanel } from '../../features/chair-workspace/components/person-check-panel.tsx';
import { UploadsPanel } from '../../features/chair-workspace/components/uploads-panel.tsx';
import { VersionsPanel } from '../../features/chair-workspace/components/versions-panel.tsx';
import { paths } from '../paths.ts';

const downloads: Array<{ file: WorkspaceFile; label: string }> = [
  { file: 'hotcrp-assignments', label: 'HotCRP assignments (CSV)' },
  { file: 'hotcrp-assignments-provisional', label: 'HotCRP assignments with provisional (CSV)' },
  { file: 'collaborators', label: 'Collaborators (CSV)' },
  { file: 'matrix', label: 'Matrix with reasons (CSV)' },
];

export function ChairWorkspacePage() {
  const confid = useParams().confid ?? '';
  const matrix = useMatrix(confid);
  const downloading = useAction<WorkspaceFile>();
  const label = matrix.data?.conference.label ?? 'Conference';

  function download(file: WorkspaceFile) {
    return downloading.run(file, () => saveWorkspaceFile(confid, file), {
      onDone: () => undefined,
    });
  }

  const status = matrix.error instanceof CouldNotFetchError ? matrix.error.status : undefined;
  return (
    <>
      <PageHeader
        title={`Workspace: ${label}`}
        breadcrumbs={[
          { label: 'Home', to: paths.home.href() },
          { label: 'Chair’s workspace', to: paths.chairList.href() },
          { label },
        ]}
      />
      {matrix.isPending && <Loader aria-label="Loading the matrix" />}
      {matrix.isError && (
        <Alert color="red" role="alert">
          {status === 403
            ? 'Only the chairs of this conference and administrators may open its workspace.'
            : status === 404
              ? 'There is no such conference.'
              : messages.couldNotFetch}
        </Alert>
      )}
      {matrix.data && (
        <Stack gap="lg">
          <section aria-labelledby="downloads-heading">
            <Text id="downloads-heading" fw={600} mb={4}>
              Downloads
            </Text>
            <Group gap="xs">
              {downloads.map(({ file, label: text }) => (
                <Button key={file} variant="default" size="sm" onClick={() => void download(file)}>
                  {text}
                </Button>
              ))}
            </Group>
            {downloading.failure && (
              <Alert color="red" role="alert" mt="xs">
                {downloading.failure.message}
              </Alert>
            )}
          </section>
          <Tabs defaultValue="matrix" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="matrix">Matrix</Tabs.Tab>
              <Tabs.Tab value="uploads">Uploads</Tabs.Tab>
              <Tabs.Tab value="person">Check a person</Tabs.Tab>
              <Tabs.Tab value="versions">Versions</Tabs.Tab>
              <Tabs.Tab value="audit">Audit</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="matrix" pt="md">
              <MatrixPanel confid={confid} matrix={matrix.data} />
            </Tabs.Panel>
            <Tabs.Panel value="uploads" pt="md">
              <UploadsPanel confid={confid} />
            </Tabs.Panel>
            <Tabs.Panel value="person" pt="md">
              <PersonCheckPanel
                confid={confid}
                titles={new Map(matrix.data.submissions.map((paper) => [paper.paper, paper.title]))}
              />
            </Tabs.Panel>
            <Tabs.Panel value="versions" pt="md">
              <VersionsPanel confid={confid} />
            </Tabs.Panel>
            <Tabs.Panel value="audit" pt="md">
              <AuditPanel confid={confid} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </>
  );
}
