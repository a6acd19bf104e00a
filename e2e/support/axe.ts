import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once; run through the DevTools protocol, which the page's CSP does not govern. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Rules left to the accessibility issue (34): colour contrast fails on every screen through the
 * theme's shared colours (dimmed text, filled buttons, badges) and is fixed there, once.
 */
const LEFT_TO_THE_THEME = ['color-contrast'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The WCAG 2.0/2.1/2.2 A and AA violations axe-core finds on what the page shows now (or in the
 * elements `within` selects), serious and critical ones, as `rule: element` lines (empty when
 * there are none). A spec checks the part of the screen its change built; the whole screens are
 * issue 34's (the top bar's profile button, Mantine's menus and React Flow's handles fail today).
 */
export async function accessibilityViolations(page: Page, within?: string): Promise<string[]> {
  await page.evaluate(axeSource);
  // A string, not a function: the test runner's transform would add helpers the page lacks.
  const violations = await page.evaluate(`axe.run(${within === undefined ? 'document' : JSON.stringify({ include: [within] })}, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: Object.fromEntries(${JSON.stringify(LEFT_TO_THE_THEME)}.map((id) => [id, { enabled: false }])),
  }).then((result) => result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })))`) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.targets.map((target) => `${v.id} (${v.help}): ${target}`));
}
