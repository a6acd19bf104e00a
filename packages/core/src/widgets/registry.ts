import { z } from 'zod';
import { MAX_JSON_NESTING, nestsDeeperThan } from '../rules/json-nesting';
import { defineWidget, longText, migrateComponent, missingMigrationStep, type WidgetCapability } from './common';
import { address, alert, barcode, chart, kanban, loader, pdfextractor, qrcodeReader, school, schooladdress, table } from './data';
import { button, checkbox, datetime, dropdown, fileupload, input, radio, text, textarea, toggle } from './form';

/** A card nests other components (spec 2 §2). */
export const card = defineWidget('card', 'Card', { description: longText.default('') }, { defaults: () => ({ description: '' }) });

/** Every widget model, in the order of spec 2 §1. Adding a widget: a model file and one line here. */
export const widgetModels = [
  input, textarea, datetime, checkbox, toggle, radio, dropdown, address, school, schooladdress, fileupload,
  text, button, alert, table, card, chart, loader, barcode, pdfextractor, kanban, qrcodeReader,
] as const;

export type WidgetType = (typeof widgetModels)[number]['type'];
export const WIDGET_TYPES = widgetModels.map((m) => m.type) as WidgetType[];
export const MAX_PAGE_COMPONENTS = 2000;
/**
 * How many cards a component may sit inside. The schema is built level by level up to this
 * depth instead of recursing lazily, so validating a page never recurses past it.
 */
export const MAX_CARD_NESTING = 8;
const cardsTooDeep = `cards are nested more than ${MAX_CARD_NESTING} deep`;

const otherWidgetSchemas = widgetModels.filter((m) => m.type !== 'card').map((m) => m.schema);
/** A component of any type whose card holds `children`. */
const componentWith = (children: z.ZodType) =>
  z.discriminatedUnion('type', [...otherWidgetSchemas, card.schema.extend({ children: children.default([]) })] as unknown as [z.ZodObject, ...z.ZodObject[]]) as unknown as z.ZodType<Component>;

/** A component at the deepest level: a card there holds nothing (its list is refused unread). */
let componentAtLevel = componentWith(z.array(z.unknown()).max(0, cardsTooDeep));
for (let level = MAX_CARD_NESTING - 1; level >= 0; level--) componentAtLevel = componentWith(z.array(componentAtLevel).max(MAX_PAGE_COMPONENTS));
/** A component on a page, its cards' components nested at most MAX_CARD_NESTING cards deep. */
export const ComponentSchema: z.ZodType<Component> = componentAtLevel;

/** One component of a page, as stored in pageComponents. */
export interface Component {
  id: string;
  type: WidgetType;
  version: number;
  title: string;
  active: boolean;
  /** Columns of the 12-column grid it spans (parsed pages always have it; layoutWidth reads any). */
  width?: number;
  /** Starts a new row of the grid. */
  rowBreak?: boolean;
  children?: Component[];
  [field: string]: unknown;
}

export const PageComponentsSchema = z.array(ComponentSchema).max(MAX_PAGE_COMPONENTS);

const modelByType = new Map<string, (typeof widgetModels)[number]>(widgetModels.map((m) => [m.type, m]));
export const widgetModel = (type: string) => modelByType.get(type);
/** How people call a widget type (its model's label); an unknown type by its name. */
export const widgetLabel = (type: string): string => modelByType.get(type)?.label ?? type;

export type WidgetModelOf<T extends WidgetType> = Extract<(typeof widgetModels)[number], { type: T }>;
/** The fields a schema names, without the index signature of its loose object. */
type NamedFields<O> = { [Field in keyof O as string extends Field ? never : Field]: O[Field] };
/**
 * A component of type T with the fields of its own model, typed as its schema reads them: what
 * a widget's faces get. A component of a union of types is the union of their components.
 */
export type WidgetComponent<T extends WidgetType = WidgetType> = T extends WidgetType
  ? NamedFields<z.output<WidgetModelOf<T>['schema']>> & { children?: Component[] }
  : never;

/** Whether widgets of this type can do this (false for an unknown type). */
export const widgetCan = (type: string, capability: WidgetCapability): boolean => modelByType.get(type)?.capabilities[capability] === true;
/** The types whose widgets can do this, in registry order. */
export const widgetTypesThat = (capability: WidgetCapability): WidgetType[] => WIDGET_TYPES.filter((type) => widgetCan(type, capability));

/** A new component of a type with its defaults at creation, parsed so every field is present. */
export function createComponent(type: WidgetType, id: string, title: string): Component {
  const model = modelByType.get(type);
  if (model === undefined) throw new Error(`Unknown component type '${type}'`);
  return ComponentSchema.parse({ ...model.defaults(), id, type, version: model.version, title, ...(type === 'card' ? { children: [] } : {}) });
}

/**
 * Walks the raw list for the first problem a person can fix: unknown type, too deep, too many.
 * `level` counts the cards around the list's components.
 */
function structuralProblem(value: unknown, path: string, level: number, count: { n: number }): string | undefined {
  if (!Array.isArray(value)) return `${path} must be a list of components`;
  for (const [index, item] of value.entries()) {
    const here = `${path}[${index}]`;
    if (level > MAX_CARD_NESTING) return `${here}: ${cardsTooDeep}`;
    if (++count.n > MAX_PAGE_COMPONENTS) return `a page holds at most ${MAX_PAGE_COMPONENTS} components`;
    if (typeof item !== 'object' || item === null) return `${here} must be an object`;
    const type = (item as { type?: unknown }).type;
    if (typeof type !== 'string' || !modelByType.has(type)) return `${here}: unknown component type '${String(type)}'`;
    const model = modelByType.get(type);
    const version = (item as { version?: unknown }).version;
    if (typeof version === 'number' && model !== undefined && version > model.version) return `${here}: ${type} version ${version} is newer than this server knows`;
    const storedVersion = typeof version === 'number' ? version : 1;
    const missingStep = model === undefined || !Number.isInteger(storedVersion) ? undefined : missingMigrationStep(model, storedVersion);
    if (missingStep !== undefined) return `${here}: ${missingStep}`;
    const children = (item as { children?: unknown }).children;
    if (children !== undefined) {
      const problem = structuralProblem(children, `${here}.children`, level + 1, count);
      if (problem !== undefined) return problem;
    }
  }
  return undefined;
}

/** Upgrades stored components of older versions through their models' migrations (structuralProblem checked every step is there). */
function migrate(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((item: Record<string, unknown>) => {
    const model = modelByType.get(String(item.type));
    const component = model === undefined ? item : migrateComponent(model, item);
    return { ...component, ...(Array.isArray(item.children) ? { children: migrate(item.children) } : {}) };
  });
}

export type ParsedComponents = { ok: true; components: Component[] } | { ok: false; error: string };

/**
 * Reads a page's pageComponents JSON text: valid JSON nested at most MAX_JSON_NESTING deep,
 * known types, each configuration matching its widget's schema. Errors name the component and field.
 */
export function parsePageComponents(json: string): ParsedComponents {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, error: 'pageComponents is not valid JSON' };
  }
  // Before anything walks it recursively (the checks below, storing it with JSON.stringify).
  if (nestsDeeperThan(raw, MAX_JSON_NESTING)) return { ok: false, error: `pageComponents is nested more than ${MAX_JSON_NESTING} levels deep` };
  const problem = structuralProblem(raw, 'pageComponents', 0, { n: 0 });
  if (problem !== undefined) return { ok: false, error: problem };
  const parsed = PageComponentsSchema.safeParse(migrate(raw));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '' : issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
    return { ok: false, error: `pageComponents${where}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, components: parsed.data };
}
