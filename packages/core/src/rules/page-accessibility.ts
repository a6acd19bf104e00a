import type { LocalText } from '../i18n/catalog';
import { type Component, widgetModel } from '../widgets/registry';
import { walkComponents } from './component-tree';
import { contrastRatio, darkenToContrast, parseHexColour, TEXT_CONTRAST } from './colour-contrast';

/**
 * What breaks WCAG 2.2 AA on a page by its author's own choices (issue 34), each with the fix
 * the editor offers. The widgets' own faces are the product's to get right; these are not.
 */

/** The background components are drawn on: a page and a card are white. */
export const PAGE_BACKGROUND = '#ffffff';

export type AccessibilityRule = 'empty-label' | 'low-contrast';

export interface AccessibilityWarning {
  rule: AccessibilityRule;
  /** What is wrong, for the author (the editor shows it in his language). */
  message: LocalText;
  /** What the fix does, as its button says it. */
  fixLabel: LocalText;
  /** The fields the fix sets on the component. */
  changes: Record<string, unknown>;
}

/** A form widget (it has a label above its field: the component's title) — the models with the form fields. */
const hasFieldLabel = (type: string): boolean => {
  const shape = (widgetModel(type)?.schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && 'required' in shape && 'placeholder' in shape;
};

function emptyLabel(component: Component): AccessibilityWarning | null {
  if (!hasFieldLabel(component.type) || component.title.trim() !== '') return null;
  return {
    rule: 'empty-label',
    message: { key: 'editor.accessibility.emptyLabel' },
    fixLabel: { key: 'editor.accessibility.emptyLabelFix', values: { name: component.id } },
    changes: { title: component.id },
  };
}

function lowContrast(component: Component): AccessibilityWarning | null {
  const color = typeof component.color === 'string' ? component.color : '';
  // The alert's colour names a status; only a colour the author wrote is his choice.
  if (component.type !== 'text' || color === '') return null;
  if (parseHexColour(color) === undefined) return null;
  const ratio = contrastRatio(color, PAGE_BACKGROUND);
  if (ratio >= TEXT_CONTRAST) return null;
  const shade = darkenToContrast(color, PAGE_BACKGROUND, TEXT_CONTRAST);
  return {
    rule: 'low-contrast',
    // Numbers as the rule writes them: a catalog's number format would round them otherwise.
    message: { key: 'editor.accessibility.lowContrast', values: { color, ratio: ratio.toFixed(2), needed: String(TEXT_CONTRAST) } },
    fixLabel: { key: 'editor.accessibility.lowContrastFix', values: { shade } },
    changes: { color: shade },
  };
}

const RULES = [emptyLabel, lowContrast];

/** The component's own warnings (not its children's). */
export const componentAccessibilityWarnings = (component: Component): AccessibilityWarning[] =>
  RULES.map((rule) => rule(component)).filter((warning) => warning !== null);

/** Every component of the page with a warning, by id, cards' components included. */
export function pageAccessibilityWarnings(components: readonly Component[]): Map<string, AccessibilityWarning[]> {
  const warnings = new Map<string, AccessibilityWarning[]>();
  for (const component of walkComponents(components)) {
    const found = componentAccessibilityWarnings(component);
    if (found.length > 0) warnings.set(component.id, found);
  }
  return warnings;
}

/** The component with a warning's fix applied. */
export const withAccessibilityFix = (component: Component, warning: AccessibilityWarning): Component => ({ ...component, ...warning.changes });
