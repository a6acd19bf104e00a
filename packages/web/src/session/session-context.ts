import type { StoredSession } from '@rakit/core';
import { createContext, useContext } from 'react';

export const SessionContext = createContext<StoredSession | null>(null);

/** The stored session of the signed-in user; only below a RequireSession guard. */
export function useSession(): StoredSession {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession outside a guarded route');
  return session;
}
