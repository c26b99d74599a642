// The committee × submissions matrix as a heat map (a real table: each cell says in words what
// it shows), sortable and filterable by type and status; the conflicts with their reasons as a
// table; and per paper, who leaves the room. A cell or a row opens the pair's decision dialog.
import { useMemo, useState } from 'react';
import {
  Badge,
  Button,
  Group,
  List,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { ConflictDecisionWire, MatrixConflict, MatrixReply } from '@recuse/common';
import { conflictTypeLabels, pairType, reasonLine } from '../reason-text.ts';
import type { SelectedPair } from './decision-dialog.tsx';
import { DecisionDialog } from './decision-dialog.tsx';
import classes from './matrix-panel.module.css';
import { ScrollRegion } from './scroll-region.tsx';

type Cell = { conflict: MatrixConflict | null; decision: ConflictDecisionWire | null };
type Member = MatrixReply['members'][number];

const typeOrder = ['advisor', 'personal', 'collaborator', 'institutional', 'other', 'author'];
const shortLabels: Readonly<Record<string, string>> = {
  advisor: 'A',
  personal: 'P',
  collaborator: 'C',
  institutional: 'I',
  other: 'O',
  author: 'Au',
  cleared: '×',
};

const key = (paper: number, email: string) => `${paper} ${email}`;

/** What a cell shows: the pinned decision first, else the matrix's type. */
function cellType(cell: Cell): string {
  if (cell.decision?.decision === 'not_conflict') return 'cleared';
  if (cell.decision?.decision === 'confirmed') {
    return cell.decision.conflict ?? cell.conflict?.hotcrp_conflict ?? 'other';
  }
  return cell.conflict ? pairType(cell.conflict) : '';
}

function cellWords(cell: Cell): string {
  const type = cellType(cell);
  if (!type) return 'no conflict';
  const words = [type === 'cleared' ? 'not a conflict' : conflictTypeLabels[type]!];
  if (cell.conflict?.is_provisional && !cell.decision) words.push('provisional');
  if (cell.decision) words.push('pinned decision');
  return words.join(', ');
}

type StatusFilter = 'all' | 'firm' | 'provisional' | 'decided' | 'undecided';

function passes(cell: Cell, type: string, status: StatusFilter): boolean {
  const shown = cellType(cell);
  if (!shown) return false;
  if (type !== 'all' && shown !== type) return false;
  switch (status) {
    case 'firm':
      return !cell.conflict?.is_provisional || cell.decision !== null;
    case 'provisional':
      return cell.conflict?.is_provisional === true && cell.decision === null;
    case 'decided':
      return cell.decision !== null;
    case 'undecided':
      return cell.decision === null;
    default:
      return true;
  }
}

export function MatrixPanel({ confid, matrix }: { confid: string; matrix: MatrixReply }) {
  const [typeFilter, setTypeFilter] = useState('all');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const [memberSort, setMemberSort] = useState('file');
  const [paperSort, setPaperSort] = useState('number');
  const [selected, setSelected] = useState<{ paper: number; email: string } | null>(null);

  const cells = useMemo(() => {
    const map = new Map<string, Cell>();
    for (const conflict of matrix.conflicts) {
      map.set(key(conflict.paper, conflict.member_email), {
        conflict,
        decision: conflict.decision,
      });
    }
    for (const decision of matrix.decisions) {
      if (!decision.applies) continue;
      const found = map.get(key(decision.paper, decision.member_email));
      map.set(key(decision.paper, decision.member_email), {
        conflict: found?.conflict ?? null,
        decision,
      });
    }
    return map;
  }, [matrix]);

  const shownCell = (paper: number, email: string): Cell | null => {
    const cell = cells.get(key(paper, email));
    return cell && passes(cell, typeFilter, statusFilter) ? cell : null;
  };
  const countOfMember = (member: Member) =>
    matrix.submissions.filter((paper) => shownCell(paper.paper, member.email)).length;
  const countOfPaper = (paper: number) =>
    matrix.members.filter((member) => shownCell(paper, member.email)).length;

  const members = [...matrix.members].sort((first, second) =>
    memberSort === 'name'
      ? first.name.localeCompare(second.name)
      : memberSort === 'conflicts'
        ? countOfMember(second) - countOfMember(first) || first.line - second.line
        : first.line - second.line,
  );
  const papers = [...matrix.submissions].sort((first, second) =>
    paperSort === 'conflicts'
      ? countOfPaper(second.paper) - countOfPaper(first.paper) || first.paper - second.paper
      : first.paper - second.paper,
  );
  const nameOf = new Map(matrix.members.map((member) => [member.email, member]));
  const titleOf = new Map(matrix.submissions.map((paper) => [paper.paper, paper.title]));
  const rows = [...cells.entries()]
    .filter(([, cell]) => passes(cell, typeFilter, statusFilter))
    .map(([pairKey, cell]) => {
      const [paper, email] = [Number(pairKey.split(' ')[0]), pairKey.split(' ')[1]!];
      return { paper, email, cell };
    })
    .sort(
      (first, second) =>
        first.paper - second.paper ||
        (nameOf.get(first.email)?.line ?? 0) - (nameOf.get(second.email)?.line ?? 0),
    );

  const open = (paper: number, email: string) => setSelected({ paper, email });
  const selectedPair: SelectedPair | null = selected
    ? {
        paper: selected.paper,
        title: titleOf.get(selected.paper) ?? '',
        member: {
          email: selected.email,
          name: nameOf.get(selected.email)?.name ?? '',
        },
        conflict: cells.get(key(selected.paper, selected.email))?.conflict ?? null,
        decision: cells.get(key(selected.paper, selected.email))?.decision ?? null,
      }
    : null;

  return (
    <Stack gap="xl">
      <section aria-labelledby="matrix-heading">
        <Title order={2} fz="h3" id="matrix-heading" mb="xs">
          Matrix: committee × submissions
        </Title>
        <Text fz="sm" mb="sm">
          {matrix.counts.members} members, {matrix.counts.submissions} submissions,{' '}
          {matrix.counts.conflicts} conflicts ({matrix.counts.provisional} provisional). Rules of{' '}
          {matrix.conference.label} at {matrix.conference.reference_month}.
        </Text>
        <Group mb="sm" align="flex-end">
          <NativeSelect
            label="Type"
            value={typeFilter}
            onChange={(event) => setTypeFilter(event.currentTarget.value)}
            data={[
              { value: 'all', label: 'All types' },
              ...typeOrder.map((type) => ({ value: type, label: conflictTypeLabels[type]! })),
              { value: 'cleared', label: 'Not a conflict (decided)' },
            ]}
          />
          <NativeSelect
            label="Status"
            value={statusFilter}
            onChange={(event) => setStatusFilter(event.currentTarget.value as StatusFilter)}
            data={[
              { value: 'all', label: 'All' },
              { value: 'firm', label: 'Firm' },
              { value: 'provisional', label: 'Provisional' },
              { value: 'decided', label: 'Decided (pinned)' },
              { value: 'undecided', label: 'Not decided' },
            ]}
          />
          <NativeSelect
            label="Sort members"
            value={memberSort}
            onChange={(event) => setMemberSort(event.currentTarget.value)}
            data={[
              { value: 'file', label: 'As in the committee file' },
              { value: 'name', label: 'By name' },
              { value: 'conflicts', label: 'Most conflicts first' },
            ]}
          />
          <NativeSelect
            label="Sort submissions"
            value={paperSort}
            onChange={(event) => setPaperSort(event.currentTarget.value)}
            data={[
              { value: 'number', label: 'By paper number' },
              { value: 'conflicts', label: 'Most conflicts first' },
            ]}
          />
        </Group>
        <Text fz="xs" mb="xs">
          Legend: A advisor/advisee, P personal, C collaborator, I institutional, O other, Au
          author, × not a conflict (decided); a dashed border is provisional, a thick one a pinned
          decision.
        </Text>
        <div
          className={classes.scroller}
          role="region"
          aria-label="Matrix, scrolls sideways"
          tabIndex={0}
        >
          <table className={classes.heatmap}>
            <caption className={classes.caption}>
              Conflicts of each committee member (rows) with each submission (columns)
            </caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                {papers.map((paper) => (
                  <th key={paper.paper} scope="col" title={paper.title}>
                    <VisuallyHidden>Paper </VisuallyHidden>
                    {paper.paper}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.email}>
                  <th scope="row" className={classes.member}>
                    {member.name || member.email}
                  </th>
                  {papers.map((paper) => {
                    const cell = shownCell(paper.paper, member.email);
                    const label = `${member.name || member.email}, paper ${paper.paper}: ${cell ? cellWords(cell) : 'no conflict'}`;
                    if (!cell) {
                      return (
                        <td key={paper.paper} className={classes.empty}>
                          <VisuallyHidden>{label}</VisuallyHidden>
                        </td>
                      );
                    }
                    const type = cellType(cell);
                    return (
                      <td
                        key={paper.paper}
                        className={classes.cell}
                        data-type={type}
                        data-provisional={cell.conflict?.is_provisional && !cell.decision}
                        data-pinned={cell.decision !== null}
                      >
                        <UnstyledButton
                          className={classes.cellButton}
                          aria-label={label}
                          title={label}
                          onClick={() => open(paper.paper, member.email)}
                        >
                          <span aria-hidden>{shortLabels[type]}</span>
                        </UnstyledButton>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="conflicts-heading">
        <Title order={2} fz="h3" id="conflicts-heading" mb="xs">
          Conflicts and their reasons ({rows.length})
        </Title>
        {rows.length === 0 ? (
          <Text>No conflicts under these filters.</Text>
        ) : (
          <ScrollRegion label="Conflicts and their reasons, scrolls sideways" minWidth={720}>
            <Table striped withTableBorder aria-labelledby="conflicts-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Paper</Table.Th>
                  <Table.Th scope="col">Member</Table.Th>
                  <Table.Th scope="col">Type</Table.Th>
                  <Table.Th scope="col">Reasons</Table.Th>
                  <Table.Th scope="col">Decision</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ paper, email, cell }) => (
                  <Table.Tr key={key(paper, email)}>
                    <Table.Td>{paper}</Table.Td>
                    <Table.Td>{nameOf.get(email)?.name || email}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {cellType(cell) === 'cleared'
                          ? 'Not a conflict'
                          : conflictTypeLabels[cellType(cell)]}
                        {cell.conflict?.is_provisional && (
                          <Badge color="yellow.4" autoContrast size="sm">
                            Provisional
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {cell.conflict ? (
                        <List fz="sm" spacing={2}>
                          {cell.conflict.reasons.map((reason, index) => (
                            <List.Item key={index}>{reasonLine(reason)}</List.Item>
                          ))}
                        </List>
                      ) : (
                        <Text fz="sm">No reason found</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        {cell.decision && (
                          <Badge color="blue.9" size="sm">
                            Pinned:{' '}
                            {cell.decision.decision === 'confirmed'
                              ? 'confirmed'
                              : 'not a conflict'}
                          </Badge>
                        )}
                        {cell.decision && <Text fz="xs">{cell.decision.reason}</Text>}
                        <Button
                          size="compact-sm"
                          variant="default"
                          onClick={() => open(paper, email)}
                          aria-label={`Decide on paper ${paper} and ${nameOf.get(email)?.name || email}`}
                        >
                          Decide…
                        </Button>
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </section>

      <LeavesTheRoom matrix={matrix} cells={cells} />

      <DecisionDialog confid={confid} pair={selectedPair} onClose={() => setSelected(null)} />
    </Stack>
  );
}

/** Per paper: the members who leave the room while it is discussed, with the first reason. */
function LeavesTheRoom({ matrix, cells }: { matrix: MatrixReply; cells: Map<string, Cell> }) {
  const [paper, setPaper] = useState(String(matrix.submissions[0]?.paper ?? ''));
  const leaving = matrix.members.flatMap((member) => {
    const cell = cells.get(key(Number(paper), member.email));
    if (!cell || cell.decision?.decision === 'not_conflict') return [];
    const first = cell.conflict?.reasons[0];
    const why =
      cell.decision?.decision === 'confirmed'
        ? `Confirmed by the chair: ${cell.decision.reason}`
        : first
          ? reasonLine(first)
          : '';
    return [{ member, why, provisional: !cell.decision && cell.conflict?.is_provisional }];
  });
  const title = matrix.submissions.find((item) => String(item.paper) === paper)?.title ?? '';
  return (
    <section aria-labelledby="room-heading" className={classes.roomSheet}>
      <Title order={2} fz="h3" id="room-heading" mb="xs">
        Who leaves the room
      </Title>
      <Group align="flex-end" mb="sm" className={classes.noPrint}>
        <NativeSelect
          label="Paper"
          value={paper}
          onChange={(event) => setPaper(event.currentTarget.value)}
          data={matrix.submissions.map((item) => ({
            value: String(item.paper),
            label: `${item.paper}: ${item.title}`,
          }))}
        />
        <Button variant="default" onClick={() => window.print()}>
          Print this sheet
        </Button>
      </Group>
      <Text fw={600}>
        Paper {paper}: {title}
      </Text>
      {leaving.length === 0 ? (
        <Text>Nobody on the committee conflicts with this paper.</Text>
      ) : (
        <List>
          {leaving.map(({ member, why, provisional }) => (
            <List.Item key={member.email}>
              <Text span fw={600}>
                {member.name || member.email}
              </Text>{' '}
              ({member.email}){provisional ? ', provisional' : ''}: {why}
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}
