import type { PublicApplication } from '@rakit/core';
import { createContext, useContext } from 'react';
import type { AppApi } from '../api/client';
import type { AppPath } from '../session/app-resolution';

/** The application the address names, resolved by the server. */
export interface CurrentApp {
  app: PublicApplication;
  /** Address of a route of this application. */
  path: AppPath;
  /** Calls carrying the token of this application's stored session. */
  api: AppApi;
  title: string;
}

/** The query of an application's public fields (GET /get/getApp/slug): AppScope's, refreshed by a screen that changes them. */
export const appQueryKey = (slug: string) => ['app', slug] as const;

export const CurrentAppContext = createContext<CurrentApp | null>(null);

export function useCurrentApp(): CurrentApp {
  const current = useContext(CurrentAppContext);
  if (current === null) throw new Error('useCurrentApp outside an application route');
  return current;
}
