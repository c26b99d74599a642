// /admin/default-rules: the DEFAULT conference's rules, which only administrators change
// (docs/product.md, "Conferences"; docs/conflicts.md, "The DEFAULT conference"). Everyone's
// conflicts page starts on these rules.
import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RulesEditor } from '../../features/conferences/components/rules-editor.tsx';
import {
  conferenceOptionsQueryKey,
  useConferenceOptions,
} from '../../features/conflicts/api/get-conference-options.ts';
import { paths } from '../paths.ts';

export function AdminDefaultRulesPage() {
  const options = useConferenceOptions();
  const queryClient = useQueryClient();
  return (
    <>
      <PageHeader
        title="Default rules"
        breadcrumbs={[
          { label: 'Home', to: paths.home.href() },
          { label: 'Administration', to: paths.admin.href() },
          { label: 'Default rules' },
        ]}
      />
      <Text mb="md" maw={760}>
        The Default conference is what View conflicts offers first, and the rules anyone may use
        without a conference of their own. Its name and date never change; its rules are changed
        here by administrators only.
      </Text>
      {options.isError ? (
        <ErrorAlert message={options.error.message || messages.couldNotFetch} />
      ) : !options.data ? (
        <Text>{messages.loadingRules}</Text>
      ) : (
        <RulesEditor
          confid="DEFAULT"
          rules={options.data.default_rules}
          onChanged={() => queryClient.invalidateQueries({ queryKey: conferenceOptionsQueryKey })}
        />
      )}
    </>
  );
}
