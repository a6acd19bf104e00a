import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { CATALOG_SOURCES } from '@rakit/core/catalogs';
import { calls, LANGUAGES, LOCALE_OF } from '@rakit/core';
import { callDoneKey, isAudited } from '../src/http/audit-calls';

/**
 * The catalog check (issue 35): the three catalogs hold the same keys area by area, every text
 * is valid ICU with the specification's placeholders and the plural forms its language needs,
 * and every key is used somewhere in the code (none left behind by a change).
 */
const spec = CATALOG_SOURCES.spec;
type Area = keyof typeof spec;
const areas = Object.keys(spec) as Area[];
const textsOf = (language: (typeof LANGUAGES)[number], area: Area) => CATALOG_SOURCES[language][area] as Record<string, string>;

/** The placeholders a compiled text names, and its plural/select forms by argument. */
function shapeOf(compiled: CompiledMessage): { names: Set<string>; plurals: { name: string; forms: string[] }[] } {
  const names = new Set<string>();
  const plurals: { name: string; forms: string[] }[] = [];
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, type, format] = token;
      names.add(name);
      if ((type === 'plural' || type === 'selectordinal' || type === 'select') && format !== null && typeof format === 'object') {
        const forms = Object.keys(format).filter((form) => form !== 'offset');
        if (type !== 'select') plurals.push({ name, forms });
        for (const form of forms) walk((format as Record<string, CompiledMessage>)[form] as CompiledMessage);
      }
    }
  };
  walk(compiled);
  return { names, plurals };
}

describe('catalogs', () => {
  it.each(areas)('%s: every catalog has exactly the specification\'s keys', (area) => {
    const keys = Object.keys(textsOf('spec', area)).sort();
    for (const language of LANGUAGES) expect(Object.keys(textsOf(language, area)).sort(), `${language}/${area}.json`).toEqual(keys);
  });

  it.each(areas)('%s: keys begin with the area\'s name (messages: the bare code)', (area) => {
    for (const key of Object.keys(textsOf('spec', area))) {
      if (area === 'messages') expect(key, key).toMatch(/^[a-z][A-Za-z0-9]*$/);
      else expect(key, key).toMatch(new RegExp(`^${area}\\.[a-z][A-Za-z0-9]*(\\.[a-z][A-Za-z0-9]*)*$`));
    }
  });

  it('no key is in two areas', () => {
    const seen = new Map<string, Area>();
    for (const area of areas) for (const key of Object.keys(textsOf('spec', area))) {
      expect(seen.get(key), `${key} in ${area} and ${seen.get(key)}`).toBeUndefined();
      seen.set(key, area);
    }
  });

  it.each(LANGUAGES)('%s: every text is valid ICU with the specification\'s placeholders and its language\'s plural forms', (language) => {
    const needed = new Intl.PluralRules(LOCALE_OF[language]).resolvedOptions().pluralCategories;
    for (const area of areas) {
      for (const [key, text] of Object.entries(textsOf(language, area))) {
        const where = `${language}/${area}.json ${key}`;
        // An apostrophe before { } or # starts an ICU quotation: the text would lose its placeholder.
        expect(text, where).not.toMatch(/'[{}#]/);
        const shape = shapeOf(compileMessageOrThrow(text));
        const specShape = shapeOf(compileMessageOrThrow(textsOf('spec', area)[key] as string));
        expect([...shape.names].sort(), `${where}: placeholders`).toEqual([...specShape.names].sort());
        for (const plural of shape.plurals) {
          expect(plural.forms, `${where}: plural ${plural.name} needs 'other'`).toContain('other');
          for (const category of needed) {
            expect(plural.forms.includes(category) || plural.forms.some((form) => form.startsWith('=')), `${where}: plural ${plural.name} lacks '${category}'`).toBe(true);
          }
        }
      }
    }
  });

  it('every key is used by the code', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const sources: string[] = [];
    for (const dir of ['web/src', 'server/src', 'core/src']) {
      for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(ts|tsx|mjs)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
        if (entry.parentPath.includes(`i18n${path.sep}catalogs`)) continue;
        sources.push(readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
      }
    }
    const code = sources.join('\n');
    const unused = areas.flatMap((area) => Object.keys(textsOf('spec', area)).filter((key) => {
      // Named by the call's name (audit/calls.ts callDoneKey), held to the audited calls below.
      if (key.startsWith('audit.call.')) return false;
      const quoted = [`'${key}'`, `"${key}"`, `\`${key}\``];
      if (area === 'messages') quoted.push(`Messages.${key}`);
      return !quoted.some((form) => code.includes(form));
    }));
    expect(unused).toEqual([]);
  });

  it('the audit log says what each audited call did, and nothing of a call it does not record', () => {
    const audited = Object.entries(calls).filter(([, call]) => isAudited(call)).map(([name]) => callDoneKey(name as keyof typeof calls)).sort();
    expect(audited.length).toBeGreaterThan(60);
    expect(Object.keys(textsOf('spec', 'audit')).filter((key) => key.startsWith('audit.call.')).sort()).toEqual(audited);
  });
});
