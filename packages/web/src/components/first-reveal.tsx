import { Loader } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useT } from '../i18n/LanguageProvider';

/** How long the loads must have been quiet before the page shows: a widget whose code just arrived starts its own load within it. */
const QUIET_MS = 80;
/** On a connection that drops, the page shows what it has after this long (each widget then shows its own loader). */
const LONGEST_WAIT_MS = 3000;

interface Holds { hold: () => () => void }
const HoldsContext = createContext<Holds | null>(null);

/** The page's first reveal, to hold while something renders (null outside a FirstReveal). */
export function useFirstRevealHolds(): Holds | null {
  return useContext(HoldsContext);
}

/**
 * Keeps the first reveal of a page waiting while the calling component is mounted (a widget's
 * code still loading). Outside a FirstReveal it does nothing.
 */
export function useHoldFirstReveal(): void {
  const holds = useFirstRevealHolds();
  useEffect(() => holds?.hold(), [holds]);
}

/**
 * A page's components, shown all at once when their first loads have ended: rows, charts and
 * cards arrive at different moments, and each one that grew pushed the others down the screen
 * while a member was reading it (a layout shift of 0.37 to 0.68 on the phone, issue 42). Until
 * then the components are laid out but not painted (visibility: hidden, so nothing moves when
 * they appear) and a loader says the page is loading; after LONGEST_WAIT_MS they show anyway.
 */
export function FirstReveal({ children }: { children: ReactNode }) {
  const t = useT();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const [held, setHeld] = useState(0);
  const [revealed, setRevealed] = useState(false);
  // Once revealed the count no longer matters: the page never hides again.
  const holds = useMemo<Holds>(() => ({
    hold: () => {
      setHeld((count) => count + 1);
      return () => setHeld((count) => count - 1);
    },
  }), []);
  const busy = fetching + mutating + held > 0;
  useEffect(() => {
    const timer = setTimeout(() => setRevealed(true), LONGEST_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (revealed || busy) return undefined;
    const timer = setTimeout(() => setRevealed(true), QUIET_MS);
    return () => clearTimeout(timer);
  }, [busy, revealed]);
  return (
    <HoldsContext.Provider value={holds}>
      <div style={{ position: 'relative' }} aria-busy={!revealed || undefined} data-first-reveal={revealed ? 'shown' : 'waiting'}>
        {!revealed && <Loader size="sm" role="status" aria-label={t('shell.loadingPage')} style={{ position: 'absolute', top: 0, left: 0 }} />}
        <div style={revealed ? undefined : { visibility: 'hidden' }}>{children}</div>
      </div>
    </HoldsContext.Provider>
  );
}
