// Exports of a generated list (docs/conflicts.md, "Exports"): HotCRP collaborators text, CSV and
// JSON to download, and the HotCRP text to copy straight into HotCRP's collaborators box. Each asks
// the server for the same selection the list was generated with.
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ConflictExportFormat } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import type { FormFields } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/download.ts';
import { settle, useAction } from '../../../lib/use-action.ts';
import { exportConflicts } from '../api/export-conflicts.ts';

type Busy = ConflictExportFormat | 'copy' | null;

const downloads: Array<{ format: ConflictExportFormat; label: string }> = [
  { format: 'hotcrp', label: 'Download HotCRP text' },
  { format: 'csv', label: 'Download CSV' },
  { format: 'json', label: 'Download JSON' },
];

export const copiedMessage = 'Copied the HotCRP collaborators text. Paste it into HotCRP.';
export const copyFailedMessage =
  'The text could not be copied here. Please use Download HotCRP text instead.';

export function ConflictExports({
  selection,
  conferenceName,
}: {
  selection: FormFields;
  conferenceName: string;
}) {
  const action = useAction<Exclude<Busy, null>>();
  const { busy } = action;

  const download = (format: ConflictExportFormat) =>
    action.run(
      format,
      async () => {
        const file = await exportConflicts(selection, format, conferenceName);
        if (!file.ok) return file;
        saveFile(file.data);
        return { ok: true as const, data: `Downloaded ${file.data.fileName}.` };
      },
      { onDone: action.setSuccess },
    );
  // The clipboard may refuse (an insecure page, a denied permission): the download remains.
  const copy = () =>
    action.run(
      'copy',
      async () => {
        const file = await exportConflicts(selection, 'hotcrp', conferenceName);
        if (!file.ok) return file;
        return settle(
          async () => {
            await navigator.clipboard.writeText(file.data.text);
            return copiedMessage;
          },
          () => copyFailedMessage,
        );
      },
      { onDone: action.setSuccess },
    );

  return (
    <Stack gap="xs">
      <Group gap="xs">
        {downloads.map(({ format, label }) => (
          <Button
            key={format}
            variant="default"
            loading={busy === format}
            disabled={busy !== null && busy !== format}
            onClick={() => void download(format)}
          >
            {label}
          </Button>
        ))}
        <Button
          variant="default"
          loading={busy === 'copy'}
          disabled={busy !== null && busy !== 'copy'}
          onClick={() => void copy()}
        >
          Copy HotCRP text
        </Button>
      </Group>
      <Text role="status" size="sm">
        {action.success}
      </Text>
      {action.failure && <ErrorAlert message={action.failure.message} />}
    </Stack>
  );
}
