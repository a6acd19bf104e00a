import type { Locator, Page } from 'playwright-core';

/** How far the page scrolls sideways: 0 when everything fits the window. */
export const sidewaysOverflow = (page: Page) => page.evaluate('document.documentElement.scrollWidth - window.innerWidth') as Promise<number>;

/** Whether the element is inside the window (not slid away to its left). */
export async function onScreen(element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width > 0 && box.width > 0;
}
