// The conflicts page's working area (docs/product.md, "The screens", Conflicts): the conference
// dropdown, its rules as checkboxes (read-only ones ticked for good), Select all and Clear all, and
// 'Generate conflict list'. The list is shown only for the selection it was generated with: any
// change to the rules or the conference hides it until Generate is pressed again. With no rule
// ticked (a conference with no rules yet, or every rule cleared) nothing can be a conflict: the
// page says so at once and asks the server nothing (the list call answers a selection without
// rules as the relations pages' list, docs/api-conflicts.md).
import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { messages } from '@recuse/common';
import type { ConferenceOption } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import type { FormFields } from '../../../lib/api-client.ts';
import { allRuleValues, readonlyRuleValues, toSelectionForm } from '../api/conflict-selection.ts';
import { generateConflictList } from '../api/generate-conflict-list.ts';
import { CommitteeCheck } from './committee-check.tsx';
import type { RenderStatus } from './conflict-list.tsx';

// The list, its picture and its exports are fetched when Generate is pressed, beside the list
// itself (conflict-results.tsx); until both are here, the page says the list is loading.
const loadResults = () => import('./conflict-results.tsx');
const ConflictResults = lazy(() =>
  loadResults().then((module) => ({ default: module.ConflictResults })),
);
/** A failed fetch is tried again when the list is drawn. */
const prefetchResults = () => void loadResults().catch(() => undefined);

const loadingList = (
  <Group gap="sm">
    <Loader size="sm" />
    <Text>{messages.loadingRelations}</Text>
  </Group>
);

type WorkspaceProps = {
  options: ConferenceOption[];
  /** The conference the URL names; undefined when it names none we know. */
  conference: ConferenceOption | undefined;
  /** What the URL named, to say which conference was not found. */
  requestedName: string | undefined;
  onPickConference: (option: ConferenceOption) => void;
  renderStatus: RenderStatus;
};

export function ConflictsWorkspace({
  options,
  conference,
  requestedName,
  onPickConference,
  renderStatus,
}: WorkspaceProps) {
  return (
    <Stack gap="md">
      <Select
        label="Conference"
        placeholder="Choose a conference"
        data={options.map((option) => ({ value: option.value, label: option.label }))}
        value={conference?.value ?? null}
        onChange={(value) => {
          const option = options.find((candidate) => candidate.value === value);
          if (option && option.value !== conference?.value) onPickConference(option);
        }}
        allowDeselect={false}
        searchable={options.length > 10}
        maw={420}
      />
      {conference ? (
        // A new conference starts afresh: all its rules ticked and no list.
        <RuleSelection key={conference.value} conference={conference} renderStatus={renderStatus} />
      ) : (
        <Alert color="red" role="alert" title="Conference not found">
          {`We could not find the conference '${requestedName ?? ''}'. Please choose a conference from the list.`}
        </Alert>
      )}
    </Stack>
  );
}

function RuleSelection({
  conference,
  renderStatus,
}: {
  conference: ConferenceOption;
  renderStatus: RenderStatus;
}) {
  const readonlyValues = readonlyRuleValues(conference.rules);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() =>
    allRuleValues(conference.rules),
  );
  const generation = useMutation({
    mutationFn: (selection: FormFields) => generateConflictList(selection),
  });
  // Generate was pressed with no rule ticked: the list is empty, and the page says why.
  const [isEmptySelectionShown, setIsEmptySelectionShown] = useState(false);

  const changeSelection = (next: Set<string>) => {
    for (const value of readonlyValues) next.add(value);
    const isSame = next.size === selected.size && [...next].every((value) => selected.has(value));
    if (isSame) return;
    setSelected(next);
    // The list on screen no longer matches the ticks: hide it until Generate is pressed.
    generation.reset();
    setIsEmptySelectionShown(false);
  };
  const generate = () => {
    if (selected.size === 0) {
      generation.reset();
      setIsEmptySelectionShown(true);
      return;
    }
    prefetchResults();
    generation.mutate(toSelectionForm(conference, selected));
  };
  const toggle = (value: string, isTicked: boolean) => {
    const next = new Set(selected);
    if (isTicked) next.add(value);
    else next.delete(value);
    changeSelection(next);
  };

  const result = generation.data;
  return (
    <Stack gap="md">
      <Fieldset legend="Conflict rules">
        {conference.rules.length === 0 ? (
          <Text c="dimmed">This conference has no rules yet.</Text>
        ) : (
          <Stack gap="xs">
            {conference.rules.map((rule) => {
              const isReadonly = readonlyValues.has(rule.value);
              return (
                <Checkbox
                  key={rule.value}
                  label={rule.rule_title}
                  description={isReadonly ? 'Always applies: it cannot be unticked.' : undefined}
                  checked={isReadonly || selected.has(rule.value)}
                  disabled={isReadonly}
                  onChange={(event) => toggle(rule.value, event.currentTarget.checked)}
                />
              );
            })}
          </Stack>
        )}
        <Group gap="xs" mt="md">
          <Button
            variant="default"
            size="xs"
            onClick={() => changeSelection(allRuleValues(conference.rules))}
          >
            Select all
          </Button>
          <Button variant="default" size="xs" onClick={() => changeSelection(new Set())}>
            Clear all
          </Button>
        </Group>
      </Fieldset>
      <Group>
        <Button loading={generation.isPending} onClick={generate}>
          Generate conflict list
        </Button>
      </Group>
      {generation.isPending && loadingList}
      {isEmptySelectionShown && (
        <Text role="status">{emptySelectionSentence(conference.rules.length === 0)}</Text>
      )}
      {result && !result.ok && <ErrorAlert message={result.message} errors={result.errors} />}
      {result?.ok && generation.variables && (
        <Suspense fallback={loadingList}>
          <ConflictResults
            selection={generation.variables}
            conferenceName={conference.conference_name}
            list={result.list}
            renderStatus={renderStatus}
          />
        </Suspense>
      )}
      <CommitteeCheck
        selection={toSelectionForm(conference, selected)}
        renderStatus={renderStatus}
      />
    </Stack>
  );
}

/** Why a list generated with no rule ticked is empty. */
export function emptySelectionSentence(hasNoRules: boolean): string {
  return hasNoRules
    ? 'This conference has no rules yet, so no conflicts are generated.'
    : 'No rule is ticked, so no conflicts are generated. Tick the rules that apply and generate the list again.';
}
