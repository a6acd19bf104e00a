import { type Component, type MessageKey, type PageVersionKind, parsePageComponents } from '@rakit/core';
import type { QueryClient } from '@tanstack/react-query';
import { editorPagesKey } from '../use-editor-pages';

export const pageVersionsKey = (pageId: number) => ['page-versions', pageId] as const;
export const deletedPagesKey = (appId: number) => ['deleted-pages', appId] as const;

/** How each kind of version is named (its badge). */
export const KIND_LABELS: Record<PageVersionKind, MessageKey> = {
  created: 'editor.history.kind.created',
  before: 'editor.history.kind.before',
  save: 'editor.history.kind.save',
  restore: 'editor.history.kind.restore',
  deleted: 'editor.history.kind.deleted',
  undeleted: 'editor.history.kind.undeleted',
};

/** A version's components; a version that no longer reads (a widget since removed) shows as empty. */
export function versionComponents(text: string): { components: Component[]; error?: string } {
  const parsed = parsePageComponents(text === '' ? '[]' : text);
  return parsed.ok ? { components: parsed.components } : { components: [], error: parsed.error };
}

/** After a restore, delete or undelete: the lists that show pages and their history read again. */
export async function refreshPageLists(queryClient: QueryClient, appId: number, pageId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: pageVersionsKey(pageId) }),
    queryClient.invalidateQueries({ queryKey: deletedPagesKey(appId) }),
    queryClient.invalidateQueries({ queryKey: editorPagesKey(appId) }),
    // The runtime's pages, read by slug.
    queryClient.invalidateQueries({ queryKey: ['page'] }),
  ]);
}
