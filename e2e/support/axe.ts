import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once; run through the DevTools protocol, which the page's CSP does not govern. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * What Rakit claims (docs/accessibility.md): WCAG 2.0, 2.1 and 2.2 at levels A and AA, and
 * axe-core's best practices (landmarks, one h1, heading order) on top. Every impact counts.
 */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The violations axe-core finds on what the page shows now (or in the elements `within` selects),
 * as `rule (help): element` lines; empty when there are none. Specs assert it is empty, so a
 * failure names each element and why. `except` names rules a spec leaves out at that moment,
 * each with its reason in docs/accessibility.md's exceptions.
 */
export async function accessibilityViolations(page: Page, within?: string, except: readonly string[] = []): Promise<string[]> {
  // Once per document: a page checked in several states (dialogs opened in turn) keeps it.
  if (await page.evaluate('typeof axe === "undefined"')) await page.evaluate(axeSource);
  // A string, not a function: the test runner's transform would add helpers the page lacks.
  const violations = await page.evaluate(`axe.run(${within === undefined ? 'document' : JSON.stringify({ include: [within] })}, {
    runOnly: { type: 'tag', values: ${JSON.stringify(RULE_TAGS)} },
  }).then((result) => result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })))`) as AxeViolation[];
  return violations.filter((v) => !except.includes(v.id)).flatMap((v) => v.targets.map((target) => `${v.id} (${v.impact ?? 'no impact'}: ${v.help}): ${target}`));
}
