// POST /v1/web/relations/data/conflicts_export: the generated list as a file (HotCRP
// collaborators text, CSV or JSON). The answer's text is the file, saved exactly as the
// server wrote it, under the name the server gave it; only a refusal is read as JSON.
import { messages } from '@recuse/common';
import type { ApiAnswer, FormFields } from '../../../lib/api-client.ts';
import type { ConflictExportFormat } from '@recuse/common';
import { readFailure, request } from '../../../lib/api-client.ts';
import { endSessionAndGoHome } from '../../../lib/session.ts';
import type { DownloadFile } from '../../../lib/download.ts';
import { readFileName } from '../../../lib/download.ts';

export type ConflictFile = DownloadFile;

const extensions: Record<ConflictExportFormat, string> = {
  hotcrp: 'txt',
  csv: 'csv',
  json: 'json',
};

export class ExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportError';
  }
}

export async function exportConflicts(
  selection: FormFields,
  format: ConflictExportFormat,
  conferenceName: string,
): Promise<ConflictFile> {
  let answer: ApiAnswer;
  try {
    answer = await request('/v1/web/relations/data/conflicts_export', {
      method: 'POST',
      form: { ...selection, format },
      isTokenCall: true,
    });
  } catch {
    throw new ExportError(messages.couldNotFetch);
  }
  if (answer.status === 401) endSessionAndGoHome();
  if (!answer.ok) throw new ExportError(readFailure(answer.body).message || messages.couldNotFetch);
  return {
    fileName:
      readFileName(answer.headers.get('Content-Disposition')) ??
      `conflicts-${conferenceName}.${extensions[format]}`,
    contentType: answer.headers.get('Content-Type') ?? 'text/plain',
    text: answer.text,
  };
}
