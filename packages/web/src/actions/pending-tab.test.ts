import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PendingTab, revokeWhenUnused, TAB_CHECK_MS, type TabWindow, type Timers, URL_LIFETIME_MS } from './pending-tab';

/** A tab as window.open answers it, recording what the page does to it. */
function fakeTab() {
  const tab = {
    closed: false,
    opener: 'the page' as unknown,
    closes: 0,
    close() {
      this.closes += 1;
      this.closed = true;
    },
    location: { href: 'about:blank' },
    document: { title: '', body: { textContent: '' as string | null, style: { cssText: '' } } },
  };
  return tab satisfies TabWindow;
}

const timers: Timers = {
  every: (run, ms) => {
    const id = setInterval(run, ms);
    return () => clearInterval(id);
  },
  after: (run, ms) => void setTimeout(run, ms),
};

describe('a tab opened in the click, before its PDF exists', () => {
  it('says what it waits for, then shows the file; the run ending does not close it', () => {
    const tab = fakeTab();
    const pending = new PendingTab(tab, 'Preparing the PDF…');
    expect(tab.opener).toBeNull();
    expect(tab.document.title).toBe('Preparing the PDF…');
    expect(tab.document.body.textContent).toBe('Preparing the PDF…');
    expect(pending.show('blob:http://x/1')).toBe(tab);
    expect(tab.location.href).toBe('blob:http://x/1');
    pending.discard();
    expect(tab.closes).toBe(0);
  });

  it('is closed when the print fails or never runs, once', () => {
    const tab = fakeTab();
    const pending = new PendingTab(tab, 'Preparing the PDF…');
    pending.discard();
    pending.discard();
    expect(tab.closes).toBe(1);
    expect(pending.show('blob:http://x/2')).toBeNull();
    expect(tab.location.href).toBe('about:blank');
  });

  it('shows one file only, and none once the person closed it: the caller opens the file another way', () => {
    const tab = fakeTab();
    const pending = new PendingTab(tab, 'Preparing the PDF…');
    expect(pending.show('blob:http://x/1')).toBe(tab);
    expect(pending.show('blob:http://x/2')).toBeNull();
    expect(tab.location.href).toBe('blob:http://x/1');

    const closedByPerson = fakeTab();
    const waiting = new PendingTab(closedByPerson, 'Preparing the PDF…');
    closedByPerson.closed = true;
    expect(waiting.show('blob:http://x/3')).toBeNull();
    waiting.discard();
    expect(closedByPerson.closes).toBe(0);
  });
});

describe('the lifetime of a blob URL', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lives while its tab is open (the tab may be reloaded), and is freed soon after the tab is closed', () => {
    const tab = fakeTab();
    const revoked: string[] = [];
    revokeWhenUnused('blob:http://x/1', tab, (url) => revoked.push(url), timers);
    vi.advanceTimersByTime(URL_LIFETIME_MS * 3);
    expect(revoked).toEqual([]);
    tab.close();
    vi.advanceTimersByTime(TAB_CHECK_MS);
    expect(revoked).toEqual(['blob:http://x/1']);
    vi.advanceTimersByTime(TAB_CHECK_MS * 10);
    expect(revoked).toEqual(['blob:http://x/1']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('without a tab to watch (a download), lives ten minutes', () => {
    const revoked: string[] = [];
    revokeWhenUnused('blob:http://x/2', null, (url) => revoked.push(url), timers);
    vi.advanceTimersByTime(URL_LIFETIME_MS - 1);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(revoked).toEqual(['blob:http://x/2']);
  });
});
