// The picture (docs/decisions/web.md, "Conflicts page"): the user in the middle, the people they
// share relations with around them, coloured by relation type, conflicts under the chosen rules
// ringed in red (dashed while provisional). A user may have thousands of co-authors, so it draws at
// most 60 people, those they share most relations with, and a filter box and the legend's type
// switches find the others; no label is ever drawn over another. The list beside it is the text
// alternative.
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Checkbox, Fieldset, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { institutionalRelationTypeId, relationTypeNames, relationTypes } from '@recuse/common';
import type { ConflictList } from '../api/generate-conflict-list.ts';
import type { GraphPerson, PlacedPerson } from '../graph-model.ts';
import {
  buildGraphPeople,
  countPeopleByType,
  graphSize,
  placeOnRing,
  selectShownPeople,
} from '../graph-model.ts';

/** Dark enough to tell apart on white; the legend's checkboxes use the same colours. */
export const relationTypeColours: Readonly<Record<number, string>> = {
  1: '#862e9c',
  2: '#087f5b',
  3: '#1864ab',
  4: '#d9480f',
  5: '#a61e4d',
  6: '#b08900',
  7: '#364fc7',
  8: '#0b7285',
  [institutionalRelationTypeId]: '#495057',
};
const conflictColour = '#e03131';
const typeOrder = [...relationTypes.map((type) => type.id), institutionalRelationTypeId];
const limits = ['20', '40', '60'];

const formatCount = (count: number) => count.toLocaleString('en-US');
const people = (count: number) => `${formatCount(count)} ${count === 1 ? 'person' : 'people'}`;

function describePerson(person: GraphPerson): string {
  const types = [...person.countsByType]
    .map(([typeId, count]) => `${relationTypeNames[typeId] ?? typeId} ${count}`)
    .join(', ');
  const mark =
    person.conflict === 'conflict'
      ? '; a conflict'
      : person.conflict === 'provisional'
        ? '; a provisional conflict'
        : '';
  return `${person.name}: ${types}${mark}`;
}

export function RelationGraph({ list }: { list: ConflictList }) {
  const everyone = useMemo(() => buildGraphPeople(list.relations, list.people), [list]);
  const peopleByType = useMemo(() => countPeopleByType(everyone), [everyone]);
  const [nameQuery, setNameQuery] = useState('');
  const [hiddenTypeIds, setHiddenTypeIds] = useState<ReadonlySet<number>>(new Set());
  const [isConflictsOnly, setIsConflictsOnly] = useState(false);
  const [limit, setLimit] = useState('40');
  // Typing stays quick with thousands of people: the picture follows a moment later.
  const deferredQuery = useDeferredValue(nameQuery);
  const selection = useMemo(
    () =>
      selectShownPeople(everyone, {
        nameQuery: deferredQuery,
        hiddenTypeIds,
        isConflictsOnly,
        limit: Number(limit),
      }),
    [everyone, deferredQuery, hiddenTypeIds, isConflictsOnly, limit],
  );
  const placed = useMemo(() => placeOnRing(selection.shown, typeOrder), [selection]);
  const summaryId = useId();

  if (everyone.length === 0) {
    return (
      <Text c="dimmed">You share no relations with anyone yet, so there is nothing to draw.</Text>
    );
  }
  const toggleType = (typeId: number, isShown: boolean) => {
    const next = new Set(hiddenTypeIds);
    if (isShown) next.delete(typeId);
    else next.add(typeId);
    setHiddenTypeIds(next);
  };
  const presentTypes = typeOrder.filter((typeId) => peopleByType.has(typeId));
  const isFiltered = deferredQuery.trim() !== '' || hiddenTypeIds.size > 0 || isConflictsOnly;

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md">
        <TextInput
          label="Find a person"
          value={nameQuery}
          onChange={(event) => setNameQuery(event.currentTarget.value)}
        />
        <NativeSelect
          label="People shown at most"
          data={limits}
          value={limit}
          onChange={(event) => setLimit(event.currentTarget.value)}
        />
        <Checkbox
          label="Conflicts only"
          checked={isConflictsOnly}
          onChange={(event) => setIsConflictsOnly(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      <Fieldset legend="Relation types (people)" variant="unstyled">
        <Group gap="md">
          {presentTypes.map((typeId) => (
            <Checkbox
              key={typeId}
              color={relationTypeColours[typeId]}
              label={`${relationTypeNames[typeId] ?? typeId} (${formatCount(peopleByType.get(typeId) ?? 0)})`}
              checked={!hiddenTypeIds.has(typeId)}
              onChange={(event) => toggleType(typeId, event.currentTarget.checked)}
            />
          ))}
        </Group>
      </Fieldset>
      <ConflictLegend />
      <Text id={summaryId} size="sm" aria-live="polite">
        {`Showing ${formatCount(selection.shown.length)} of ${people(everyone.length)}`}
        {isFiltered ? ` (${formatCount(selection.matching)} match)` : ''}
        {selection.shown.length < selection.matching
          ? ', those you share most relations with. Type a name to find others.'
          : '.'}
      </Text>
      <svg
        viewBox={`0 0 ${graphSize} ${graphSize}`}
        role="img"
        aria-labelledby={summaryId}
        style={{ width: '100%', maxWidth: graphSize, height: 'auto', alignSelf: 'center' }}
      >
        <Edges placed={placed} />
        {placed.map((person) => (
          <PersonNode key={person.id} person={person} />
        ))}
        <circle cx={graphSize / 2} cy={graphSize / 2} r={24} fill="#212529" />
        <text
          x={graphSize / 2}
          y={graphSize / 2}
          textAnchor="middle"
          dominantBaseline="central"
          fill="#fff"
          fontSize={14}
          fontWeight={700}
        >
          You
        </text>
      </svg>
    </Stack>
  );
}

function Edges({ placed }: { placed: readonly PlacedPerson[] }) {
  const center = graphSize / 2;
  return (
    <g>
      {placed.map((person) => (
        <line
          key={person.id}
          x1={center}
          y1={center}
          x2={person.x}
          y2={person.y}
          stroke={
            person.conflict === 'none' ? relationTypeColours[person.primaryTypeId] : conflictColour
          }
          strokeOpacity={person.conflict === 'none' ? 0.35 : 0.7}
          strokeWidth={Math.min(4, 1 + Math.log2(person.total))}
          strokeDasharray={person.conflict === 'provisional' ? '6 4' : undefined}
        />
      ))}
    </g>
  );
}

function PersonNode({ person }: { person: PlacedPerson }) {
  // Labels run outward along the radius, so neighbours never overlap; on the left half they
  // are turned over to read left to right. Straight above and below the user they read level
  // when there is room (graph-model's placeLabel).
  const isLeftHalf = person.angle > 90;
  const labelOffset = person.radius + 8;
  const labelStyle = {
    fontSize: 12,
    fontWeight: person.conflict === 'none' ? 400 : 700,
    fill: '#212529',
  };
  return (
    <g data-person-id={person.id} data-conflict={person.conflict}>
      <title>{describePerson(person)}</title>
      {person.conflict !== 'none' && (
        <circle
          cx={person.x}
          cy={person.y}
          r={person.radius + 4}
          fill="none"
          stroke={conflictColour}
          strokeWidth={3}
          strokeDasharray={person.conflict === 'provisional' ? '4 3' : undefined}
        />
      )}
      <circle
        cx={person.x}
        cy={person.y}
        r={person.radius}
        fill={relationTypeColours[person.primaryTypeId] ?? '#868e96'}
        stroke="#fff"
        strokeWidth={1.5}
      />
      {person.labelPlacement === 'radial' ? (
        <text
          transform={`translate(${person.x} ${person.y}) rotate(${isLeftHalf ? person.angle + 180 : person.angle})`}
          x={isLeftHalf ? -labelOffset : labelOffset}
          textAnchor={isLeftHalf ? 'end' : 'start'}
          dominantBaseline="central"
          {...labelStyle}
        >
          {person.label}
        </text>
      ) : (
        <text
          x={person.x}
          y={person.labelPlacement === 'above' ? person.y - labelOffset : person.y + labelOffset}
          textAnchor="middle"
          dominantBaseline={person.labelPlacement === 'above' ? 'text-after-edge' : 'hanging'}
          {...labelStyle}
        >
          {person.label}
        </text>
      )}
    </g>
  );
}

function ConflictLegend() {
  const swatch = (conflict: 'conflict' | 'provisional' | 'none') => (
    <svg width={22} height={22} viewBox="0 0 22 22" aria-hidden="true">
      {conflict !== 'none' && (
        <circle
          cx={11}
          cy={11}
          r={9}
          fill="none"
          stroke={conflictColour}
          strokeWidth={2.5}
          strokeDasharray={conflict === 'provisional' ? '4 3' : undefined}
        />
      )}
      <circle cx={11} cy={11} r={5} fill="#868e96" />
    </svg>
  );
  return (
    <Group gap="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      <Group gap={4} component="li">
        {swatch('conflict')}
        <Text size="sm">Conflict</Text>
      </Group>
      <Group gap={4} component="li">
        {swatch('provisional')}
        <Text size="sm">Provisional conflict (pending or disputed)</Text>
      </Group>
      <Group gap={4} component="li">
        {swatch('none')}
        <Text size="sm">Related, not a conflict under these rules</Text>
      </Group>
    </Group>
  );
}
