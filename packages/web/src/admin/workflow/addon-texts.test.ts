import { ADDONS, type MessageKey, type MessageValues } from '@rakit/core';
import { translate } from '@rakit/core/translate';
import { describe, expect, it } from 'vitest';
import { addonDescription, addonLabel, optionLabel, paramLabel, paramPlaceholder } from './addon-texts';

const spec = (key: MessageKey, values?: MessageValues) => translate('spec', key, values);

describe("the add-ons' texts", () => {
  it("are core's texts, character for character, in the specification's catalog", () => {
    for (const addon of ADDONS) {
      expect(addonLabel(spec, addon)).toBe(addon.label);
      expect(addonDescription(spec, addon)).toBe(addon.description);
      for (const param of [...addon.input.required, ...addon.input.optional]) {
        expect(paramLabel(spec, param)).toBe(param.name);
        expect(paramPlaceholder(spec, addon.name, param)).toBe(param.parameters[0].placeholder);
        for (const option of param.parameters[0].options) expect(optionLabel(spec, option)).toBe(option.value);
      }
    }
  });

  it('are translated in the other catalogs', () => {
    const id = (key: MessageKey, values?: MessageValues) => translate('id', key, values);
    const http = ADDONS.find((a) => a.name === 'http')!;
    expect(addonLabel(id, http)).toBe('Permintaan HTTP');
    const email = ADDONS.find((a) => a.name === 'email')!;
    expect(paramPlaceholder(id, 'email', email.input.required[2]!)).toBe('Halo {{$1.name[0]}}');
  });
});
