import { type Component, parsePageComponents } from '@rakit/core';

const MAX_ENTRIES = 500;
const parsedPages = new Map<string, Component[] | null>();

/**
 * A saved page's components, parsed and validated once per saved version instead of on every
 * table load or action run. The key holds the page's save time and text length, so a save (by
 * this or any other process) is seen at once. Answers undefined for a page that fails to parse.
 */
export function savedComponents(page: { pageId: number; updatedAt: string; pageComponents: string }): Component[] | undefined {
  const key = `${page.pageId}:${page.updatedAt}:${page.pageComponents.length}`;
  let components = parsedPages.get(key);
  if (components === undefined) {
    const parsed = parsePageComponents(page.pageComponents);
    components = parsed.ok ? parsed.components : null;
    if (parsedPages.size >= MAX_ENTRIES) parsedPages.delete(parsedPages.keys().next().value as string);
    parsedPages.set(key, components);
  }
  return components ?? undefined;
}
