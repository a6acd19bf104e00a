import { describe, expect, it } from 'vitest';
import { MAX_JSON_NESTING } from '../rules/json-nesting';
import { z } from 'zod';
import { COMMON_MIGRATIONS, defineWidget, GRID_COLUMNS, migrateComponent, migrationProblems, type WidgetMigration } from './common';
import {
  type Component, ComponentSchema, createComponent, MAX_CARD_NESTING, PageComponentsSchema, parsePageComponents, WIDGET_TYPES, widgetCan,
  widgetModels, widgetTypesThat,
} from './registry';
import { STORED_V1_COMPONENTS } from './stored-v1.fixture';

describe('widget registry', () => {
  it('registers the 22 component types of spec 2 §1', () => {
    expect(WIDGET_TYPES).toEqual([
      'input', 'textarea', 'datetime', 'checkbox', 'toggle', 'radio', 'dropdown', 'address', 'school', 'schooladdress',
      'fileupload', 'text', 'button', 'alert', 'table', 'card', 'chart', 'loader', 'barcode', 'pdfextractor', 'kanban', 'qrcodeReader',
    ]);
  });

  it('creates every type with defaults that its own schema accepts', () => {
    for (const model of widgetModels) {
      const component = createComponent(model.type, `c-${model.type}`, `Component ${model.type}`);
      expect(model.schema.safeParse(component).success).toBe(true);
      expect(parsePageComponents(JSON.stringify([component]))).toEqual({ ok: true, components: [component] });
    }
  });

  it('applies the defaults at creation of spec 2 §1', () => {
    expect(createComponent('input', 'a', 'A')).toMatchObject({ subtype: 'text', required: true });
    expect(createComponent('textarea', 'a', 'A')).toMatchObject({ options: 2 });
    for (const type of ['checkbox', 'radio', 'toggle'] as const) expect(createComponent(type, 'a', 'A')).toMatchObject({ options: 'Option 1,Option 2' });
    expect(createComponent('fileupload', 'a', 'A')).toMatchObject({ subtype: 'photo', options: 'all' });
    expect(createComponent('text', 'a', 'A')).toMatchObject({ subtype: 'h1', options: 'left', link: '' });
    expect(createComponent('button', 'a', 'A')).toMatchObject({ custom_action: [] });
    expect(createComponent('kanban', 'a', 'A').groups).toHaveLength(3);
    expect(createComponent('card', 'a', 'A')).toMatchObject({ children: [] });
  });

  it('refuses malformed pages with a message that names the place', () => {
    expect(parsePageComponents('{nope')).toEqual({ ok: false, error: 'pageComponents is not valid JSON' });
    expect(parsePageComponents('{}')).toEqual({ ok: false, error: 'pageComponents must be a list of components' });
    expect(parsePageComponents('[{"id":"1","type":"spaceship"}]')).toEqual({ ok: false, error: "pageComponents[0]: unknown component type 'spaceship'" });
    const badInput = parsePageComponents('[{"id":"1","type":"input","subtype":"colour"}]');
    expect(badInput.ok).toBe(false);
    expect(!badInput.ok && badInput.error).toMatch(/^pageComponents\[0\]\.subtype: /);
    const nested = parsePageComponents(JSON.stringify([{ id: 'c', type: 'card', children: [{ id: 'x', type: 'input', required: 'yes' }] }]));
    expect(!nested.ok && nested.error).toMatch(/^pageComponents\[0\]\.children\[0\]\.required: /);
  });

  it('keeps nested components of a card', () => {
    const card = createComponent('card', 'card-1', 'Card');
    card.children = [createComponent('input', 'in-1', 'Name'), createComponent('datetime', 'd-1', 'Born')];
    const parsed = parsePageComponents(JSON.stringify([card]));
    expect(parsed.ok && parsed.components[0]?.children?.map((c) => c.id)).toEqual(['in-1', 'd-1']);
  });

  /** A chain of `count` cards, each inside the previous, the innermost holding `inner`. */
  const cardChain = (count: number, inner: Component[] = []): Component[] => {
    let list = inner;
    for (let i = count; i > 0; i--) list = [{ ...createComponent('card', `card-${i}`, `Card ${i}`), children: list }];
    return list;
  };

  it(`lets a component sit inside at most ${MAX_CARD_NESTING} cards`, () => {
    const deepest = cardChain(MAX_CARD_NESTING, [createComponent('input', 'in', 'Name')]);
    expect(parsePageComponents(JSON.stringify(deepest)).ok).toBe(true);
    expect(PageComponentsSchema.safeParse(deepest).success).toBe(true);
    const tooDeep = cardChain(MAX_CARD_NESTING + 1, [createComponent('input', 'in', 'Name')]);
    const refused = parsePageComponents(JSON.stringify(tooDeep));
    expect(!refused.ok && refused.error).toMatch(new RegExp(`^pageComponents(\\[0\\]\\.children){${MAX_CARD_NESTING + 1}}\\[0\\]: cards are nested more than ${MAX_CARD_NESTING} deep$`));
    const issue = PageComponentsSchema.safeParse(tooDeep).error?.issues[0];
    expect(issue?.message).toBe(`cards are nested more than ${MAX_CARD_NESTING} deep`);
    expect(issue?.path).toHaveLength(2 * MAX_CARD_NESTING + 2);
  });

  it('refuses trees of any depth without recursing through them', () => {
    for (const depth of [5000, 100_000]) {
      // Built bottom-up: a tree no recursive walk of this process could hold.
      let deep: unknown = [];
      for (let i = 0; i < depth; i++) deep = [{ id: `c${i}`, type: 'card', title: 'C', children: deep }];
      expect(ComponentSchema.safeParse((deep as unknown[])[0]).success).toBe(false);
      expect(PageComponentsSchema.safeParse(deep).success).toBe(false);
      const text = `[${'{"type":"card","children":['.repeat(depth)}${']}'.repeat(depth)}]`;
      expect(parsePageComponents(text)).toEqual({ ok: false, error: `pageComponents is nested more than ${MAX_JSON_NESTING} levels deep` });
      const extra = `[{"id":"i","type":"input","title":"I","extra":${'['.repeat(depth)}${']'.repeat(depth)}}]`;
      expect(parsePageComponents(extra)).toEqual({ ok: false, error: `pageComponents is nested more than ${MAX_JSON_NESTING} levels deep` });
    }
  });

  it('declares what each widget can do on its model', () => {
    expect(widgetTypesThat('holdsValue')).toEqual(['input', 'textarea', 'datetime', 'checkbox', 'toggle', 'radio', 'dropdown', 'address', 'school', 'fileupload', 'qrcodeReader']);
    expect(widgetTypesThat('loadsRows')).toEqual(['table', 'chart', 'loader', 'barcode', 'kanban']);
    expect(widgetTypesThat('movesCards')).toEqual(['kanban']);
    expect(widgetCan('kanban', 'loadsRows')).toBe(true);
    expect(widgetCan('text', 'holdsValue')).toBe(false);
    expect(widgetCan('spaceship', 'holdsValue')).toBe(false);
  });
});

describe('widget migrations', () => {
  it('gives every version of every widget above 1 its own step', () => {
    for (const model of widgetModels) expect(migrationProblems(model), model.type).toEqual([]);
  });

  it('upgrades every widget as saved at version 1 to what its schema accepts today', () => {
    expect(STORED_V1_COMPONENTS.map((c) => c.type)).toEqual(WIDGET_TYPES);
    for (const model of widgetModels) {
      const stored = STORED_V1_COMPONENTS.find((c) => c.type === model.type) as Record<string, unknown>;
      const upgraded = migrateComponent(model, stored);
      expect(upgraded.version, model.type).toBe(model.version);
      expect(model.schema.safeParse(upgraded).success, model.type).toBe(true);
    }
    const page = parsePageComponents(JSON.stringify(STORED_V1_COMPONENTS));
    expect(page.ok && page.components.map((c) => c.version)).toEqual(widgetModels.map((m) => m.version));
  });

  it('gives every widget a width on the grid through one common step', () => {
    for (const model of widgetModels) {
      expect(model.migrations.filter((m) => COMMON_MIGRATIONS.includes(m)), model.type).toEqual(COMMON_MIGRATIONS);
      const stored = STORED_V1_COMPONENTS.find((c) => c.type === model.type) as Record<string, unknown>;
      expect(migrateComponent(model, stored), model.type).toMatchObject({ width: GRID_COLUMNS, rowBreak: false, version: model.version });
    }
    // A saved page's own layout is kept: a later save never goes back through the step.
    const laidOut = { ...createComponent('input', 'w', 'W'), width: 4, rowBreak: true };
    expect(parsePageComponents(JSON.stringify([laidOut]))).toEqual({ ok: true, components: [laidOut] });
  });

  it('refuses a width that is no whole number of columns from 1 to 12', () => {
    for (const width of [0, 13, 2.5, '6', -1]) {
      const page = parsePageComponents(JSON.stringify([{ ...createComponent('text', 't', 'T'), width }]));
      expect(!page.ok && page.error, String(width)).toMatch(/^pageComponents\[0\]\.width: /);
    }
    const nested = { ...createComponent('card', 'c', 'C'), children: [{ ...createComponent('input', 'i', 'I'), width: 99 }] };
    const refused = parsePageComponents(JSON.stringify([nested]));
    expect(!refused.ok && refused.error).toMatch(/^pageComponents\[0\]\.children\[0\]\.width: /);
    const badBreak = parsePageComponents(JSON.stringify([{ ...createComponent('text', 't', 'T'), rowBreak: 'yes' }]));
    expect(!badBreak.ok && badBreak.error).toMatch(/^pageComponents\[0\]\.rowBreak: /);
  });

  /** A widget whose `label` became `title` at version 3 and whose `size` became a number at version 4 (2 is the common step). */
  const renamed: WidgetMigration = { version: 3, name: 'label is the title', up: ({ label, ...rest }) => ({ ...rest, title: label }) };
  const sized: WidgetMigration = { version: 4, name: 'size in pixels', up: (old) => ({ ...old, size: old.size === 'big' ? 32 : 16 }) };
  const probe = (version: number, migrations: WidgetMigration[]) =>
    defineWidget('probe', 'Probe', { size: z.number().default(16) }, { version, migrations });

  it('runs the common and own steps in order from the stored version', () => {
    const model = probe(4, [sized, renamed]);
    expect(migrationProblems(model)).toEqual([]);
    expect(migrateComponent(model, { id: 'p', type: 'probe', label: 'Old', size: 'big' }))
      .toEqual({ id: 'p', type: 'probe', title: 'Old', size: 32, version: 4, width: GRID_COLUMNS, rowBreak: false });
    expect(migrateComponent(model, { id: 'p', type: 'probe', version: 3, title: 'New', size: 'small', width: 6 }))
      .toEqual({ id: 'p', type: 'probe', title: 'New', size: 16, version: 4, width: 6 });
    const current = { id: 'p', type: 'probe', version: 4, title: 'Now', size: 8, width: 3, rowBreak: true };
    expect(migrateComponent(model, current)).toEqual(current);
  });

  it('fails loudly when a version lacks its step', () => {
    const model = probe(4, [renamed]);
    expect(migrationProblems(model)).toEqual(['probe: version 4 has no migration step']);
    expect(() => migrateComponent(model, { id: 'p', type: 'probe', label: 'Old' })).toThrow('probe version 1 cannot be upgraded: no migration step to version 4');
    expect(migrationProblems(probe(3, [renamed, { ...sized, version: 3 }]))).toEqual(['probe: version 3 has 2 migration steps']);
    expect(migrationProblems(probe(2, [renamed]))).toEqual(["probe: migration 'label is the title' is to version 3, outside 2..2"]);
    // An own step cannot take the common step's version.
    expect(migrationProblems(probe(3, [{ ...renamed, version: 2 }, sized]))).toContain('probe: version 2 has 2 migration steps');
  });
});
