import { describe, expect, it } from 'vitest';
import { AddonSchema } from './schemas';
import { ADDONS, addonByName, checkAddonParams, missingRequiredParams } from './addons';

const http = addonByName('http');
if (http === undefined) throw new Error('the HTTP add-on is missing');

describe('the add-ons of the workflow palette', () => {
  it('are each a valid form with unique names, every one available', () => {
    for (const addon of ADDONS) expect(AddonSchema.parse(addon)).toEqual(addon);
    expect(new Set(ADDONS.map((a) => a.name)).size).toBe(ADDONS.length);
    expect(ADDONS.filter((a) => !a.available).map((a) => a.name)).toEqual([]);
  });

  it('check parameters against the form, leaving required ones to the build', () => {
    expect(checkAddonParams(http, '')).toEqual({ ok: true, params: {} });
    expect(checkAddonParams(http, '{"method":"GET","url":"{{$1.url[0]}}"}')).toEqual({ ok: true, params: { method: 'GET', url: '{{$1.url[0]}}' } });
    expect(checkAddonParams(http, '[1]')).toMatchObject({ ok: false });
    expect(checkAddonParams(http, '{"method":"HEAD"}')).toMatchObject({ ok: false, message: { key: 'addonParamNotOption', values: { name: 'method', options: 'GET, POST, PUT, PATCH, DELETE' } } });
    expect(checkAddonParams(http, '{"body":"[1,2]"}')).toEqual({ ok: true, params: { body: '[1,2]' } });
    expect(checkAddonParams(http, '{"body":"nope"}')).toMatchObject({ ok: false, message: { key: 'addonParamNotJson', values: { name: 'body' } } });
    expect(checkAddonParams(http, '{"url":null}')).toMatchObject({ ok: false, message: { key: 'addonParamNotText', values: { name: 'url' } } });
    expect(missingRequiredParams(http, { method: 'GET', url: '  ' })).toEqual(['url']);
    expect(missingRequiredParams(http, { method: 'GET', url: 'https://e.com' })).toEqual([]);
  });
});
