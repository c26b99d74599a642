// The check of one person who is not on the committee (an external reviewer candidate, a late
// member) against every submission, nothing stored (docs/api-conflicts.md, "Checking one
// person").
import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { PersonCheckReply } from '@recuse/common';
import { messages, personCheckSchema } from '@recuse/common';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkPerson } from '../api/workspace.ts';
import { conflictTypeLabels, pairType, reasonSummary } from '../reason-text.ts';

const fields = [
  ['given_name', 'Given name'],
  ['family_name', 'Family name'],
  ['email', 'E-mail address'],
  ['affiliation', 'Affiliation'],
  ['dblp', 'DBLP profile or pid'],
] as const;

type Values = Record<(typeof fields)[number][0], string>;

export function PersonCheckPanel({
  confid,
  titles,
}: {
  confid: string;
  titles: ReadonlyMap<number, string>;
}) {
  const [values, setValues] = useState<Values>({
    given_name: '',
    family_name: '',
    email: '',
    affiliation: '',
    dblp: '',
  });
  const [result, setResult] = useState<PersonCheckReply | null>(null);
  const form = useFormSubmit({
    schema: personCheckSchema,
    send: () => checkPerson(confid, values),
    failureMessage: messages.couldNotFetch,
    onSuccess: setResult,
  });
  const person = result?.person;
  return (
    <Stack>
      <section aria-labelledby="person-check-heading">
        <Title order={2} fz="h3" id="person-check-heading" mb="xs">
          Check one person
        </Title>
        <Text fz="sm" mb="sm">
          Someone who is not on the committee, against every submission. Nothing is stored.
        </Text>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit(values);
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
            {fields.map(([name, label]) => (
              <TextInput
                key={name}
                label={label}
                name={name}
                value={values[name]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [name]: value }));
                }}
                error={form.fieldIssues[name] ?? form.failure?.errors[name]?.[0]}
              />
            ))}
          </SimpleGrid>
          {form.failure && !Object.keys(form.failure.errors).length && (
            <Alert color="red" role="alert" mt="sm">
              {form.failure.message}
            </Alert>
          )}
          <Group mt="sm">
            <Button type="submit" loading={form.isBusy}>
              Check
            </Button>
          </Group>
        </form>
      </section>
      <div role="status">
        {result && person && (
          <Stack gap="xs">
            <Text fw={600}>
              {person.status === 'matched'
                ? `Known to Recuse as ${person.user?.name}.`
                : person.status === 'ambiguous'
                  ? `Only the name matches: ${person.candidates.map((c) => c.name).join(', ')}. Nobody is tied by name alone.`
                  : 'Not known to Recuse: only the address and affiliation count.'}{' '}
              {result.counts.conflicts} of {result.counts.submissions} submissions conflict (
              {result.counts.provisional} provisional).
            </Text>
            <List>
              {result.conflicts.map((conflict) => (
                <List.Item key={conflict.paper}>
                  Paper {conflict.paper} ({titles.get(conflict.paper) ?? ''}):{' '}
                  {conflictTypeLabels[pairType(conflict)]}
                  {conflict.is_provisional ? ', provisional' : ''}:{' '}
                  {conflict.reasons.map((reason) => reasonSummary(reason)).join('; ')}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </div>
    </Stack>
  );
}
