// Files the web app hands to the browser's downloads: conflict exports, the chair's CSVs and
// the relations list. Shared by every feature that offers a download.

export type DownloadFile = { fileName: string; contentType: string; text: string };

/** The file name of `attachment; filename="conflicts-DEFAULT.txt"`, if the header has one. */
export function readFileName(contentDisposition: string | null): string | undefined {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** Hands the file to the browser's downloads, as a link with `download` would. */
export function saveFile(file: DownloadFile): void {
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
