import { decodeBase64, isHtmlFile, type ResponseFile } from '@rakit/core';

/** Screens this narrow (phones) download a file instead of opening it in a new tab (spec 3 §7). */
const SMALL_SCREEN = '(max-width: 48em)';

/** The new tab or the download has read the blob by then. */
const revokeLater = (url: string) => setTimeout(() => URL.revokeObjectURL(url), 60_000);

function downloadUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves `blob` as a download named `filename`. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, filename);
  revokeLater(url);
}

/** Opens the file in a new tab; small screens, and browsers that block the tab, download it. */
function openInTab(url: string, filename: string): void {
  const tab = window.matchMedia(SMALL_SCREEN).matches ? null : window.open(url, '_blank');
  if (tab === null) downloadUrl(url, filename);
  else tab.opener = null;
}

const blobOf = (file: ResponseFile) => new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.mimetype });

/** Saves a file a REQUEST answered with: an html file opens in a new tab, any other is downloaded. */
export function saveResponseFile(file: ResponseFile): void {
  const url = URL.createObjectURL(blobOf(file));
  if (isHtmlFile(file)) window.open(url, '_blank', 'noopener');
  else downloadUrl(url, file.filename);
  revokeLater(url);
}

/** A printed document (spec 3 §7): opened in a new tab, or downloaded on small screens. */
export function openPrintedFile(file: ResponseFile): void {
  const url = URL.createObjectURL(blobOf(file));
  openInTab(url, file.filename);
  revokeLater(url);
}

/** The file of a JSON answer {buffer (base64), mimetype, filename}; throws when the bytes are unreadable. */
export function fileOfAnswer(answer: { buffer: string; mimetype: string; filename: string }): ResponseFile {
  const bytes = decodeBase64(answer.buffer);
  if (bytes === null) throw new Error('The server answered an unreadable file');
  return { bytes, mimetype: answer.mimetype, filename: answer.filename };
}
