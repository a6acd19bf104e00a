import { parsePageComponents, pageCalls, menuCalls } from '@rakit/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { firstError } from '../api/client';
import { useCurrentApp } from '../current-app/app-context';
import { t } from '../i18n/i18n';
import { editorStore } from '../state/editor-store';

export const editorPagesKey = (appId: number) => ['editor-pages', appId] as const;

/** Every page of the application, for the page selector; loaded again each time it is `wanted`. */
export function usePageList(wanted: boolean) {
  const { app, api } = useCurrentApp();
  return useQuery({
    queryKey: editorPagesKey(app.appId),
    enabled: wanted,
    queryFn: async () => {
      const answer = await api.call(menuCalls.listAppPages, { params: { appId: app.appId } });
      if (!answer.status) throw new Error(firstError(answer, t('editor.load.pagesFailed')));
      return answer.data ?? [];
    },
  });
}

/** The page being edited is kept in the address (`?page={pageId}`), so a reload reopens it. */
export function usePageParam(): [number | null, (pageId: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const pageId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const choose = useCallback((id: number) => setParams({ page: String(id) }, { replace: true }), [setParams]);
  return [pageId, choose];
}

/**
 * Loads the page of the address (GET /get/getPage/{id}) and opens it in the editor, its
 * components read with core's parser (which also upgrades older widget versions).
 */
export function useOpenedPage() {
  const { app, api } = useCurrentApp();
  const [pageId] = usePageParam();
  const query = useQuery({
    queryKey: ['editor-page', app.appId, pageId],
    enabled: pageId !== null,
    gcTime: 0,
    retry: false,
    queryFn: async () => {
      const answer = await api.call(pageCalls.getPage, { params: { id: pageId as number } });
      const page = answer.status ? answer.data?.[0] : undefined;
      if (page === undefined) throw new Error(firstError(answer, t('editor.load.pageFailed')));
      if (page.pageAppId !== app.appId) throw new Error(t('editor.load.otherApp'));
      const parsed = parsePageComponents(page.pageComponents === '' ? '[]' : page.pageComponents);
      if (!parsed.ok) throw new Error(parsed.error);
      return { page: { pageId: page.pageId, pageName: page.pageName, pageSlug: page.pageSlug }, components: parsed.components, revision: page.revision };
    },
  });

  useEffect(() => {
    const loaded = query.data;
    if (loaded !== undefined && editorStore.getState().page?.pageId !== loaded.page.pageId) {
      editorStore.getState().openPage(loaded.page, loaded.components, loaded.revision);
    }
  }, [query.data]);

  return { loading: query.isFetching, error: query.error };
}
