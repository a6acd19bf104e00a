import { decodeBase64, fileViewOf, type ResponseFile } from '@rakit/core';
import { t } from '../i18n/i18n';
import { PendingTab, revokeWhenUnused, type TabWindow, type Timers } from './pending-tab';

/** Screens this narrow (phones) download a file instead of opening it in a new tab (spec 3 §7). */
const SMALL_SCREEN = '(max-width: 48em)';

const timers: Timers = {
  every: (run, ms) => {
    const id = window.setInterval(run, ms);
    return () => window.clearInterval(id);
  },
  after: (run, ms) => void window.setTimeout(run, ms),
};

/** Frees the blob URL once its tab is closed; a download's (or an unwatched tab's) after 10 minutes. */
const revokeLater = (url: string, tab: TabWindow | null = null) => revokeWhenUnused(url, tab, (u) => URL.revokeObjectURL(u), timers);

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

const smallScreen = () => window.matchMedia(SMALL_SCREEN).matches;

/** Opens the file in a new tab and answers it; small screens, and browsers that block the tab, download it (null). */
function openInTab(url: string, filename: string): TabWindow | null {
  const tab = smallScreen() ? null : window.open(url, '_blank');
  if (tab === null) downloadUrl(url, filename);
  else tab.opener = null;
  return tab;
}

/** A blob URL of the file's bytes with `type` (one fileViewOf chose, never the type the file declared). */
const urlOf = (file: ResponseFile, type: string) => URL.createObjectURL(new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type }));

/** Saves the file as a download: its bytes are never shown as a page. */
function downloadFile(file: ResponseFile): void {
  const url = urlOf(file, 'application/octet-stream');
  downloadUrl(url, file.filename);
  revokeLater(url);
}

/**
 * Shows an html file in a new tab, inside a frame sandboxed with no permission at all: no
 * scripts, and an opaque origin instead of Rakit's, so nothing in it reaches the sessions in
 * local storage or the page that opened it. Downloads it where the browser blocks the tab.
 */
function openSandboxed(file: ResponseFile, type: string): void {
  const url = urlOf(file, type);
  const tab = window.open('', '_blank');
  if (tab === null) {
    downloadUrl(url, file.filename);
    revokeLater(url);
    return;
  }
  tab.opener = null;
  const page = tab.document;
  page.title = file.filename;
  const frame = page.createElement('iframe');
  frame.setAttribute('sandbox', '');
  frame.title = file.filename;
  frame.src = url;
  frame.style.cssText = 'display: block; width: 100%; height: 100vh; border: 0';
  page.body.style.cssText = 'margin: 0';
  page.body.replaceChildren(frame);
  revokeLater(url, tab);
}

/**
 * Saves a file a REQUEST answered with (spec 2 §4): an html file opens in a new tab, sandboxed
 * (see fileViewOf: an author's server sent it), any other is downloaded.
 */
export function saveResponseFile(file: ResponseFile): void {
  const view = fileViewOf(file);
  if (view.kind === 'sandboxed') openSandboxed(file, view.type);
  else downloadFile(file);
}

/**
 * The tab a print will show its PDF in, opened now — call it in the user's click, before
 * anything is awaited — showing 'Preparing the PDF…'. Null on small screens (they download the
 * PDF) and when the browser blocks the tab.
 */
export function openPrintTab(): PendingTab | null {
  if (smallScreen()) return null;
  const tab = window.open('', '_blank');
  return tab === null ? null : new PendingTab(tab, t('printPreparing'));
}

/**
 * A printed document (spec 3 §7): shown in `tab` (opened in the click by openPrintTab), else
 * opened in a new tab, or downloaded on small screens and where the browser blocks the tab.
 * Only a type the browser shows without running anything (a PDF) opens; anything else is downloaded.
 */
export function openPrintedFile(file: ResponseFile, tab: PendingTab | null = null): void {
  const view = fileViewOf(file);
  if (view.kind !== 'inline') {
    tab?.discard();
    downloadFile(file);
    return;
  }
  const url = urlOf(file, view.type);
  revokeLater(url, tab?.show(url) ?? openInTab(url, file.filename));
}

/** The file of a JSON answer {buffer (base64), mimetype, filename}; throws when the bytes are unreadable. */
export function fileOfAnswer(answer: { buffer: string; mimetype: string; filename: string }): ResponseFile {
  const bytes = decodeBase64(answer.buffer);
  if (bytes === null) throw new Error(t('actions.file.unreadable'));
  return { bytes, mimetype: answer.mimetype, filename: answer.filename };
}
