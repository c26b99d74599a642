// POST /v1/web/relations/data/conflicts_export: the generated list as a file (HotCRP
// collaborators text, CSV or JSON). The answer's text is the file, saved exactly as the
// server wrote it, under the name the server gave it; only a refusal is read as JSON.
import type { ConflictExportFormat } from '@recuse/common';
import { fetchFile } from '../../../lib/api-client.ts';
import type { FormFields, SaveResult } from '../../../lib/api-client.ts';
import type { DownloadFile } from '../../../lib/download.ts';

const extensions: Record<ConflictExportFormat, string> = {
  hotcrp: 'txt',
  csv: 'csv',
  json: 'json',
};

export function exportConflicts(
  selection: FormFields,
  format: ConflictExportFormat,
  conferenceName: string,
): Promise<SaveResult<DownloadFile>> {
  return fetchFile(
    '/v1/web/relations/data/conflicts_export',
    { method: 'POST', form: { ...selection, format } },
    { fileName: `conflicts-${conferenceName}.${extensions[format]}`, contentType: 'text/plain' },
  );
}
