// A generated conflict list (conflicts-workspace.tsx): its exports, then the list and the picture
// in two tabs. A chunk of its own, with the table, the graph and its layout: fetched when
// Generate is pressed, so the conflicts page first loads without them (docs/benchmarks.md,
// "Web assets").
import { Stack, Tabs } from '@mantine/core';
import type { FormFields } from '../../../lib/api-client.ts';
import type { ConflictList as ConflictListData } from '../api/generate-conflict-list.ts';
import { ConflictExports } from './conflict-exports.tsx';
import { ConflictList } from './conflict-list.tsx';
import type { RenderStatus } from './conflict-list.tsx';
import { RelationGraph } from './relation-graph.tsx';

type ConflictResultsProps = {
  selection: FormFields;
  conferenceName: string;
  list: ConflictListData;
  renderStatus: RenderStatus;
};

export function ConflictResults({
  selection,
  conferenceName,
  list,
  renderStatus,
}: ConflictResultsProps) {
  return (
    <Stack gap="md">
      <ConflictExports selection={selection} conferenceName={conferenceName} />
      <Tabs defaultValue="list" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="list">List</Tabs.Tab>
          <Tabs.Tab value="picture">Picture</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list" pt="md">
          <ConflictList list={list} renderStatus={renderStatus} />
        </Tabs.Panel>
        <Tabs.Panel value="picture" pt="md">
          <RelationGraph list={list} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
