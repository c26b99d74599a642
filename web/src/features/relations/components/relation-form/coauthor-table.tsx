// The co-author (or co-awardee) table of types 3, 6 and 7 (docs/product.md, "The relation form"):
// number, a searchable person picker, the status badge, and Remove for rows added on this page.
// Stored rows keep their person (the picker is disabled), and 'Add co-author' ('Add co-awardee' on
// awards and grants) checks the last new row, then adds one after a 1 s spinner.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { RelationTypeWire } from '@recuse/common';
import type { PersonOption } from '../../api/get-add-new-data.ts';
import { StatusBadge } from '../../../../components/status-badge.tsx';
import { HelpButton } from './help-modals.tsx';
import { PersonPicker } from './person-picker.tsx';
import { checkLastNewRow, newCoauthorRow } from './relation-form-values.ts';
import type { CoauthorRow, PersonPick } from './relation-form-values.ts';

/** Adding a co-author shows a spinner for 1 s (docs/product.md, "Timings"). */
export const addCoauthorDelayMs = 1000;

type CoauthorTableProps = {
  type: RelationTypeWire;
  rows: CoauthorRow[];
  knownPeople: readonly PersonOption[];
  onChange: (rows: CoauthorRow[]) => void;
  /** The form's message for the list as a whole. */
  error?: string;
};

/**
 * Removal only when allowModify is 1 and the row has no relation id (docs/product.md, "The relation
 * form").
 */
export const canRemoveRow = (row: CoauthorRow) =>
  row.allowModify === 1 && row.partyId === undefined;

export function CoauthorTable({ type, rows, knownPeople, onChange, error }: CoauthorTableProps) {
  const rowLabel = type.coauthor_label || 'Co-author';
  const listLabel = type.coauthors_label || 'Co-authors';
  const [addError, setAddError] = useState('');
  const [isAdding, setIsAdding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const pickedIds = useMemo(
    () =>
      new Set(
        rows.flatMap((row) =>
          row.person?.kind === 'user' && row.status !== 2 ? [row.person.id] : [],
        ),
      ),
    [rows],
  );

  function updateRow(index: number, person: PersonPick | null) {
    setAddError('');
    onChange(rows.map((row, at) => (at === index ? { ...row, person } : row)));
  }

  function removeRow(index: number) {
    setAddError('');
    onChange(rows.filter((_, at) => at !== index));
  }

  function addRow() {
    const problem = checkLastNewRow(rows);
    if (problem) {
      setAddError(problem);
      return;
    }
    setAddError('');
    setIsAdding(true);
    timer.current = setTimeout(() => {
      setIsAdding(false);
      onChange([...rows, newCoauthorRow()]);
    }, addCoauthorDelayMs);
  }

  return (
    <Stack gap="xs">
      <Table>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Group gap={4} component="span">
            <Text span fw={500} c="var(--mantine-color-text)">
              {listLabel}
            </Text>
            <HelpButton topic="coauthor" />
          </Group>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>{rowLabel}</Table.Th>
            <Table.Th w={110}>Status</Table.Th>
            <Table.Th w={100}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => {
            // The picker is disabled for deleted rows and for stored ones (an id is set).
            const isLocked = row.status === 2 || row.partyId !== undefined;
            return (
              <Table.Tr key={row.key}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>
                  <PersonPicker
                    label={`${rowLabel} ${index + 1}`}
                    hideLabel
                    knownPeople={knownPeople}
                    value={row.person}
                    excludedIds={pickedIds}
                    disabled={isLocked}
                    onChange={(person) => updateRow(index, person)}
                  />
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={row.status} isCoauthorRow />
                </Table.Td>
                <Table.Td>
                  {canRemoveRow(row) && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      aria-label={`Remove ${rowLabel.toLowerCase()} ${index + 1}`}
                      onClick={() => removeRow(index)}
                    >
                      Remove
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {(addError || error) && (
        <Text c="red" fz="sm" aria-live="polite">
          {addError || error}
        </Text>
      )}
      <Group>
        <Button variant="light" loading={isAdding} onClick={addRow}>
          Add {rowLabel.toLowerCase()}
        </Button>
      </Group>
    </Stack>
  );
}
