import { describe, expect, it } from 'vitest';
import { Messages } from '../messages';
import { parseTriggerParamNames } from './triggers';

describe('saveTrigger\'s parameter names', () => {
  it('strips whitespace and keeps the order', () => {
    expect(parseTriggerParamNames('[" nama lengkap ", "umur"]')).toEqual({ ok: true, names: ['namalengkap', 'umur'] });
    expect(parseTriggerParamNames('[]')).toEqual({ ok: true, names: [] });
  });

  it('refuses text that is not a JSON list of texts, empty names and names given twice', () => {
    expect(parseTriggerParamNames('nama')).toEqual({ ok: false, message: Messages.triggerParamsNotJson });
    expect(parseTriggerParamNames('[{"name":"a"}]')).toEqual({ ok: false, message: Messages.triggerParamsNotJson });
    expect(parseTriggerParamNames('["a", "\\t"]')).toEqual({ ok: false, message: Messages.actionParamNameRequired });
    expect(parseTriggerParamNames('["a b", "ab"]')).toEqual({ ok: false, message: `${Messages.triggerParamTwice}: ab` });
    expect(parseTriggerParamNames(JSON.stringify(Array.from({ length: 101 }, (_, i) => `p${i}`))).ok).toBe(false);
  });
});
