import { describe, expect, it } from 'vitest';
import { MAX_JSON_NESTING } from '../rules/json-nesting';
import { type Component, ComponentSchema, createComponent, MAX_CARD_NESTING, PageComponentsSchema, parsePageComponents, WIDGET_TYPES, widgetModels } from './registry';

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
});
