import { pageCalls } from '@rakit/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCurrentApp } from '../current-app/app-context';
import { OFFLINE_KEPT } from '../offline/offline-cache';

/**
 * The runtime page `pageSlug` as the server gives it to the signed-in user: one query, read by
 * the page view and by the header's way to the page's editor. `found` is undefined while it
 * loads and when it could not be loaded.
 */
export function useRuntimePage(pageSlug: string | undefined) {
  const { api, app } = useCurrentApp();
  const queryKey = useMemo(() => ['page', app.appSlug, pageSlug] as const, [app.appSlug, pageSlug]);
  const query = useQuery({ queryKey, queryFn: () => api.call(pageCalls.getPageBySlug, { params: { slug: pageSlug ?? '' }, query: { appSlug: api.appSlug } }), enabled: pageSlug !== undefined, ...OFFLINE_KEPT });
  const answer = query.data;
  const found = answer?.status === true ? answer.data?.[0] : undefined;
  return { queryKey, pending: query.isPending, answer, found };
}
