import { isHtmlFile, type ResponseFile } from '@rakit/core';

/** Saves a file a REQUEST answered with: an html file opens in a new tab, any other is downloaded. */
export function saveResponseFile(file: ResponseFile): void {
  const blob = new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.mimetype });
  const url = URL.createObjectURL(blob);
  if (isHtmlFile(file)) {
    window.open(url, '_blank', 'noopener');
  } else {
    const link = document.createElement('a');
    link.href = url;
    link.download = file.filename;
    document.body.append(link);
    link.click();
    link.remove();
  }
  // The new tab or the download has read the blob by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
