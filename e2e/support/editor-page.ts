import type { Component } from '@rakit/core';
import type { Page } from 'playwright-core';
import { apiAs, demoAppId, demoToken, menuForStaff } from './api';
import { ADMIN_PASSWORD } from './browser';
import { DEMO_ADMIN } from './demo';

/**
 * Creates an empty page named `pageName` from the form editor's page selector, as an author
 * does (the editor must be open), and answers its id.
 */
export async function createPageInEditor(page: Page, pageName: string): Promise<number> {
  await page.getByRole('button', { name: 'Please Select Page' }).click();
  await page.getByRole('option', { name: 'Create New Page' }).click();
  await page.getByRole('dialog').getByLabel('PAGE TITLE').fill(pageName);
  await page.getByRole('dialog').getByRole('button', { name: 'CREATE' }).click();
  await page.getByText('This page is empty').waitFor();
  const pageId = Number(new URL(page.url()).searchParams.get('page'));
  if (!(pageId > 0)) throw new Error(`the new page has no id in ${page.url()}`);
  return pageId;
}

/**
 * A demo page as the store holds it (its slug and widgets), given to the staff group under a
 * new menu `menuName` with one entry `entryName`, so that the demo member reaches it.
 */
export async function pageForStaff(pageId: number, menuName: string, entryName: string): Promise<{ pageSlug: string; components: Component[] }> {
  const api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
  const [stored] = (await api<{ pageSlug: string; pageComponents: string | Component[] }[]>('GET', `/get/getPage/${pageId}`)).data;
  if (stored === undefined) throw new Error(`page ${pageId} was not found`);
  const components = (typeof stored.pageComponents === 'string' ? JSON.parse(stored.pageComponents) : stored.pageComponents) as Component[];
  await menuForStaff(api, await demoAppId(), menuName, [[entryName, pageId]]);
  return { pageSlug: stored.pageSlug, components };
}

/** Every component on the editor's board by title, nested ones as 'Card > Title', in the order shown. */
export function boardOutline(page: Page): Promise<string[]> {
  return page.getByTestId('editor-component').evaluateAll((elements) => elements.map((element) => {
    const title = (element as HTMLElement).dataset.title ?? '';
    const holder = element.parentElement?.closest<HTMLElement>('[data-testid="editor-component"]');
    return holder === null || holder === undefined ? title : `${holder.dataset.title ?? ''} > ${title}`;
  }));
}
