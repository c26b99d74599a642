// A conference's conflict rules with Add, Edit and Delete (docs/product.md, "Conferences"): the
// chair's page and the administrators' DEFAULT rules page share it. Each change answers the
// conference as it is afterwards; the caller refreshes what shows it.
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  conflictRuleSaveSchema,
  institutionalRelationTypeId,
  messages,
  relationTypeNames,
  relationTypesOrdered,
} from '@recuse/common';
import type { ConflictRuleWire, RuleOperation } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { RequiredFieldsNote } from '../../../components/required-fields-note.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { deleteRule, saveRule } from '../api/conferences.ts';
import {
  describeRule,
  emptyRuleForm,
  ruleFormToInput,
  ruleSaveToFields,
  ruleToFormValues,
} from '../rule-form.ts';
import type { RuleFormValues } from '../rule-form.ts';

type RulesEditorProps = {
  /** The conference's id, or 'DEFAULT'. */
  confid: string | number;
  rules: ConflictRuleWire[];
  /** After every saved change. */
  onChanged: () => Promise<unknown> | void;
};

type Dialog = { kind: 'add' } | { kind: 'edit' | 'delete'; rule: ConflictRuleWire };

const typeOptions = [
  { value: String(institutionalRelationTypeId), label: relationTypeNames[0]! },
  ...relationTypesOrdered.map((type) => ({ value: String(type.id), label: type.name })),
];

const operationOptions: Array<{ value: RuleOperation; label: string }> = [
  { value: 'WITHIN_X_YEARS', label: 'Within a number of years' },
  { value: 'WITHIN_X_MONTHS', label: 'Within a number of months' },
  { value: 'ALWAYS', label: 'Always' },
];

export function RulesEditor({ confid, rules, onChanged }: RulesEditorProps) {
  const [dialog, setDialog] = useState<Dialog>();
  const [notice, setNotice] = useState<string>();

  async function finish(text: string) {
    setDialog(undefined);
    setNotice(text);
    await onChanged();
  }

  return (
    <section aria-labelledby="rules-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h3" id="rules-heading">
          Conflict rules ({rules.length})
        </Title>
        <Button
          size="sm"
          onClick={() => {
            setNotice(undefined);
            setDialog({ kind: 'add' });
          }}
        >
          Add rule
        </Button>
      </Group>
      <Text c="dimmed" fz="sm" mb="sm" maw={760}>
        Each rule says which kind of relation (or a shared institution) makes a conflict, and for
        how long before the reference date. The first rule of a type that a relation meets explains
        it. Read-only rules cannot be unticked by anyone generating a list.
      </Text>
      {notice && (
        <Alert color="green" role="status" mb="sm">
          {notice}
        </Alert>
      )}
      {rules.length === 0 ? (
        <Text>This conference has no rules yet, so no conflicts are generated under it.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Rule</Table.Th>
                <Table.Th>What it counts</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((rule) => (
                <Table.Tr key={rule.value}>
                  <Table.Td>
                    <Text fw={500}>{rule.rule_title}</Text>
                    <Text fz="xs" c="dimmed">
                      id {rule.value}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {describeRule(rule)}
                    {rule.readonly_field === 1 && (
                      <Badge ml="xs" variant="filled" color="dark.6" autoContrast>
                        Read-only
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Edit ${rule.rule_title}`}
                        onClick={() => {
                          setNotice(undefined);
                          setDialog({ kind: 'edit', rule });
                        }}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        aria-label={`Delete ${rule.rule_title}`}
                        onClick={() => {
                          setNotice(undefined);
                          setDialog({ kind: 'delete', rule });
                        }}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        onClose={() => setDialog(undefined)}
        title={dialog?.kind === 'edit' ? `Edit rule: ${dialog.rule.rule_title}` : 'Add rule'}
        size="lg"
      >
        {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
          <RuleForm
            confid={confid}
            rule={dialog.kind === 'edit' ? dialog.rule : undefined}
            onCancel={() => setDialog(undefined)}
            onSaved={(title, isNew) =>
              void finish(isNew ? `Rule '${title}' added.` : `Rule '${title}' saved.`)
            }
          />
        )}
      </Modal>
      <Modal
        opened={dialog?.kind === 'delete'}
        onClose={() => setDialog(undefined)}
        title="Delete rule"
      >
        {dialog?.kind === 'delete' && (
          <DeleteRule
            confid={confid}
            rule={dialog.rule}
            onCancel={() => setDialog(undefined)}
            onDeleted={() => void finish(`Rule '${dialog.rule.rule_title}' deleted.`)}
          />
        )}
      </Modal>
    </section>
  );
}

function RuleForm({
  confid,
  rule,
  onCancel,
  onSaved,
}: {
  confid: string | number;
  rule: ConflictRuleWire | undefined;
  onCancel: () => void;
  onSaved: (title: string, isNew: boolean) => void;
}) {
  const [values, setValues] = useState<RuleFormValues>(() =>
    rule ? ruleToFormValues(rule) : emptyRuleForm,
  );
  const set = <Key extends keyof RuleFormValues>(key: Key, value: RuleFormValues[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const { submit, isBusy, fieldIssues, failure } = useFormSubmit({
    schema: conflictRuleSaveSchema,
    send: (parsed) => saveRule(confid, ruleSaveToFields(parsed), rule?.value),
    failureMessage: messages.recordNotSaved,
    onSuccess: () => onSaved(values.rule_title.trim(), rule === undefined),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(ruleFormToInput(values));
  }

  const operation = values.operation_txt;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <RequiredFieldsNote />
        {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
        <TextInput
          label="Title"
          description="What people generating a list read, e.g. Co-authored publication within 4 years"
          value={values.rule_title}
          onChange={(event) => set('rule_title', event.currentTarget.value)}
          error={fieldIssues.rule_title}
          required
        />
        <Select
          label="Relation type"
          placeholder="Choose a type"
          data={typeOptions}
          value={values.relation_type_id || null}
          onChange={(value) => set('relation_type_id', value ?? '')}
          error={fieldIssues.relation_type_id}
          allowDeselect={false}
          required
        />
        <Select
          label="Operation"
          data={operationOptions}
          value={operation}
          onChange={(value) => value && set('operation_txt', value as RuleOperation)}
          error={fieldIssues.operation_txt}
          allowDeselect={false}
          required
        />
        {operation === 'WITHIN_X_YEARS' && (
          <TextInput
            label="Number of years"
            inputMode="numeric"
            value={values.number_of_year}
            onChange={(event) => set('number_of_year', event.currentTarget.value)}
            error={fieldIssues.number_of_year}
            required
            maw={200}
          />
        )}
        {operation !== 'ALWAYS' && (
          <TextInput
            label={operation === 'WITHIN_X_YEARS' ? 'Extra months' : 'Number of months'}
            inputMode="numeric"
            value={values.number_of_month}
            onChange={(event) => set('number_of_month', event.currentTarget.value)}
            error={fieldIssues.number_of_month}
            required={operation === 'WITHIN_X_MONTHS'}
            maw={200}
          />
        )}
        {operation !== 'ALWAYS' && (
          <Radio.Group
            label="Date checked"
            description="Which date of the relation the window is measured to"
            value={values.checked_date}
            onChange={(value) => set('checked_date', value === 'start' ? 'start' : 'end')}
          >
            <Group mt="xs">
              <Radio value="end" label="End date" />
              <Radio value="start" label="Start date" />
            </Group>
          </Radio.Group>
        )}
        <Checkbox
          label="Read-only: nobody generating a list can untick it"
          checked={values.readonly_field}
          onChange={(event) => set('readonly_field', event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isBusy}>
            Save rule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteRule({
  confid,
  rule,
  onCancel,
  onDeleted,
}: {
  confid: string | number;
  rule: ConflictRuleWire;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const action = useAction<'delete'>();
  function confirm() {
    return action.run('delete', () => deleteRule(confid, rule.value), { onDone: onDeleted });
  }
  return (
    <Stack gap="sm">
      {action.failure && <ErrorAlert message={action.failure.message} />}
      <Text>
        Delete the rule &apos;{rule.rule_title}&apos;? Lists generated from now on no longer use it.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" loading={action.busy !== null} onClick={() => void confirm()}>
          Delete rule
        </Button>
      </Group>
    </Stack>
  );
}
