/**
 * A tab opened during the user's click for a file that is not there yet (spec 3 §7: a printed
 * PDF opens in a new tab). Browsers let a page open a tab only within moments of a click, and
 * a print answers after seconds, so the tab opens blank at once, says what it waits for, and is
 * sent to the file when it arrives — or closed when the file never comes. No React and no
 * globals here: the browser's window and timers are handed in (file-download.ts does).
 */

/** What is used of a tab window.open gave. */
export interface TabWindow {
  readonly closed: boolean;
  opener: unknown;
  close: () => void;
  location: { href: string };
  document: { title: string; body: { textContent: string | null; style: { cssText: string } } | null };
}

export interface Timers {
  /** Runs `run` every `ms`; answers how to stop it. */
  every: (run: () => void, ms: number) => () => void;
  /** Runs `run` once after `ms`. */
  after: (run: () => void, ms: number) => void;
}

/** How often a tab showing a blob URL is checked for having been closed. */
export const TAB_CHECK_MS = 5_000;
/** How long a blob URL lives when no tab shows it (a download, a tab that cannot be watched). */
export const URL_LIFETIME_MS = 10 * 60_000;

/**
 * Frees `url` once nothing needs it: when `tab` (which shows it, and may reload it) has been
 * closed; without a tab, after URL_LIFETIME_MS, when the download has long read it.
 */
export function revokeWhenUnused(url: string, tab: Pick<TabWindow, 'closed'> | null, revoke: (url: string) => void, timers: Timers): void {
  if (tab === null) {
    timers.after(() => revoke(url), URL_LIFETIME_MS);
    return;
  }
  const stop = timers.every(() => {
    if (!tab.closed) return;
    stop();
    revoke(url);
  }, TAB_CHECK_MS);
}

/** A blank tab waiting for its file. */
export class PendingTab {
  private state: 'waiting' | 'used' | 'closed' = 'waiting';

  constructor(private readonly tab: TabWindow, waitingText: string) {
    // The file's tab does not need its opener; the page keeps the tab to send it to the file.
    tab.opener = null;
    tab.document.title = waitingText;
    const body = tab.document.body;
    if (body !== null) {
      body.style.cssText = 'font: 16px system-ui, sans-serif; margin: 2em; color: #555';
      body.textContent = waitingText;
    }
  }

  /**
   * Sends the tab to `url` and answers it; null when it was used already or the user closed
   * it meanwhile (the caller opens the file another way).
   */
  show(url: string): TabWindow | null {
    if (this.state !== 'waiting' || this.tab.closed) return null;
    this.state = 'used';
    this.tab.location.href = url;
    return this.tab;
  }

  /** Closes the tab unless it shows a file (the print failed, or never got to run). */
  discard(): void {
    if (this.state !== 'waiting') return;
    this.state = 'closed';
    if (!this.tab.closed) this.tab.close();
  }
}
