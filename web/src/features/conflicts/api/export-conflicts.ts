// POST /v1/web/relations/data/conflicts_export: the generated list as a file (HotCRP
// collaborators text, CSV or JSON). Read as raw text, not through the JSON-parsing client, so
// the file is saved exactly as the server wrote it, under the name the server gave it.
import { messages } from '@recuse/common';
import type { ConflictExportFormat } from '@recuse/common';
import { readFailure } from '../../../lib/api-client.ts';
import type { FormFields } from '../../../lib/api-client.ts';
import { endSessionAndGoHome, findAccessToken } from '../../../lib/session.ts';

const apiBaseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '';

export type ConflictFile = { fileName: string; contentType: string; text: string };

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

/** The file name of `attachment; filename="conflicts-DEFAULT.txt"`, if the header has one. */
export function readFileName(contentDisposition: string | null): string | undefined {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

export async function exportConflicts(
  selection: FormFields,
  format: ConflictExportFormat,
  conferenceName: string,
): Promise<ConflictFile> {
  const headers: Record<string, string> = {};
  const accessToken = findAccessToken();
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl}/v1/web/relations/data/conflicts_export`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ ...selection, format }),
    });
  } catch {
    throw new ExportError(messages.couldNotFetch);
  }
  const text = await response.text();
  if (response.status === 401) endSessionAndGoHome();
  if (!response.ok) {
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // A plain-text refusal is its own message.
    }
    throw new ExportError(readFailure(body).message || messages.couldNotFetch);
  }
  return {
    fileName:
      readFileName(response.headers.get('Content-Disposition')) ??
      `conflicts-${conferenceName}.${extensions[format]}`,
    contentType: response.headers.get('Content-Type') ?? 'text/plain',
    text,
  };
}

/** Hands the file to the browser's downloads, as a link with `download` would. */
export function saveFile(file: ConflictFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; give them a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
