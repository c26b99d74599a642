// "My conflicts with this committee" (docs/conflicts.md, "Checking a committee"): the researcher
// pastes a committee, one person a line, and sees for each line, under the conference and rules
// ticked above, whether they conflict with that person and why. The answer is shown only for the
// selection and text it was made with: changing either hides it until Check is pressed again.
import { lazy, Suspense, useState } from 'react';
import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { maxCommitteeLines } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import type { FormFields } from '../../../lib/api-client.ts';
import { checkCommittee } from '../api/check-committee.ts';
import type { RenderStatus } from './conflict-list.tsx';

// The answer's table is fetched when Check is pressed, beside the answer itself
// (committee-check-results.tsx).
const loadResults = () => import('./committee-check-results.tsx');
const CommitteeCheckResults = lazy(() =>
  loadResults().then((module) => ({ default: module.CommitteeCheckResults })),
);

export function CommitteeCheck({
  selection,
  renderStatus,
}: {
  /** The rule selection as the list call sends it; a new one hides the answer. */
  selection: FormFields;
  renderStatus: RenderStatus;
}) {
  const [people, setPeople] = useState('');
  const check = useMutation({
    mutationFn: (input: { selection: FormFields; people: string }) =>
      checkCommittee(input.selection, input.people),
  });
  const isCurrent =
    check.variables?.people === people &&
    JSON.stringify(check.variables.selection) === JSON.stringify(selection);
  const result = isCurrent ? check.data : undefined;
  const reply = result?.ok ? result.reply : undefined;
  const fieldError = result && !result.ok ? result.errors.people?.join(' ') : undefined;

  return (
    <section aria-labelledby="committee-check-heading">
      <Title order={2} fz="h3" id="committee-check-heading" mb="xs">
        My conflicts with this committee
      </Title>
      <Text mb="sm" maw={760}>
        Paste a programme committee as it is listed on the conference&apos;s page, one person a
        line: a name, an e-mail address, or both (&lsquo;Ada Lovelace (ETH Zurich)&rsquo;,
        &lsquo;Lovelace, Ada&rsquo;, &lsquo;ada@example.org&rsquo;). Each line is compared with the
        people you have relations with, under the conference and rules ticked above.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          loadResults().catch(() => undefined); // tried again when the answer is drawn
          check.mutate({ selection, people });
        }}
      >
        <Stack gap="sm" maw={760}>
          <Textarea
            label="Committee members"
            description={`One person a line, at most ${maxCommitteeLines} lines.`}
            value={people}
            onChange={(event) => setPeople(event.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={14}
            error={fieldError}
          />
          <Group>
            <Button type="submit" loading={check.isPending}>
              Check the committee
            </Button>
          </Group>
        </Stack>
      </form>
      {result && !result.ok && !fieldError && (
        <ErrorAlert message={result.message} errors={result.errors} />
      )}
      {reply && (
        <Suspense fallback={null}>
          <CommitteeCheckResults reply={reply} renderStatus={renderStatus} />
        </Suspense>
      )}
    </section>
  );
}
