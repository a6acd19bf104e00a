import { describe, expect, it } from 'vitest';
import { createComponent } from '../widgets/registry';
import {
  fieldError, forceCountryPrefix, initialFieldValue, inputFormatError, isEmptyFieldValue, isFileTooLarge, isRequiredField,
  isValidEmail, isValidUrl, normaliseInputValue, replaceDoubleQuotes, requiredFieldMessage, toIsoDate,
} from './form-fields';

describe('forceCountryPrefix', () => {
  it('replaces the first character so the number starts with 62', () => {
    expect(forceCountryPrefix('')).toBe('');
    expect(forceCountryPrefix('6')).toBe('6');
    expect(forceCountryPrefix('62')).toBe('62');
    expect(forceCountryPrefix('0812')).toBe('62812');
    expect(forceCountryPrefix('8')).toBe('62');
    expect(forceCountryPrefix('65')).toBe('625');
    expect(forceCountryPrefix('6281234')).toBe('6281234');
  });
});

describe('input typing', () => {
  it('stores double quotes as single quotes', () => {
    expect(replaceDoubleQuotes('say "hi"')).toBe("say 'hi'");
    expect(normaliseInputValue('text', 'a "b"')).toBe("a 'b'");
  });

  it('prefixes tel values only', () => {
    expect(normaliseInputValue('tel', '0812')).toBe('62812');
    expect(normaliseInputValue('text', '0812')).toBe('0812');
  });
});

describe('formats', () => {
  it('accepts e-mail addresses', () => {
    expect(isValidEmail('ana@example.co.id')).toBe(true);
    expect(isValidEmail('ana@example')).toBe(false);
    expect(isValidEmail('ana example@x.com')).toBe(false);
    expect(isValidEmail('@x.com')).toBe(false);
  });

  it('accepts http(s) addresses, with or without the scheme', () => {
    expect(isValidUrl('https://example.com/a?b=1')).toBe(true);
    expect(isValidUrl('www.example.com')).toBe(true);
    expect(isValidUrl('http://localhost:8080')).toBe(true);
    expect(isValidUrl('example')).toBe(false);
    expect(isValidUrl('javascript:alert(1)')).toBe(false);
    expect(isValidUrl('http://exa mple.com')).toBe(false);
    expect(isValidUrl('')).toBe(false);
    expect(isValidUrl('ftp://example.com')).toBe(false);
    expect(isValidUrl('https://sekolah.sch.id#profil')).toBe(true);
    expect(isValidUrl('192.168.1.10:3000/api')).toBe(true);
  });

  it('flags the format only once something was typed', () => {
    expect(inputFormatError('email', '')).toBeNull();
    expect(inputFormatError('email', 'nope')).toBe('emailInvalid');
    expect(inputFormatError('url', 'nope')).toBe('urlInvalid');
    expect(inputFormatError('text', 'nope')).toBeNull();
  });
});

describe('required fields', () => {
  it('knows empty values, the empty dropdown object included', () => {
    for (const empty of [undefined, null, '', '  ', [], {}]) expect(isEmptyFieldValue(empty)).toBe(true);
    for (const full of ['a', 0, false, ['a'], { textOption: 'A', valueOption: '1' }]) expect(isEmptyFieldValue(full)).toBe(false);
  });

  it('applies to required, enabled value widgets', () => {
    const input = createComponent('input', 'i', 'Name');
    expect(isRequiredField(input)).toBe(true);
    expect(isRequiredField({ ...input, disabled: true })).toBe(false);
    expect(isRequiredField({ ...createComponent('text', 't', 'T'), required: true })).toBe(false);
  });

  it('reports the format before the required rule', () => {
    const email = { ...createComponent('input', 'e', 'Mail'), subtype: 'email' };
    expect(fieldError(email, '')).toBe('fieldRequired');
    expect(fieldError(email, 'x')).toBe('emailInvalid');
    expect(fieldError(email, 'x@y.id')).toBeNull();
    expect(fieldError({ ...email, required: false }, '')).toBeNull();
    expect(fieldError({ ...createComponent('dropdown', 'd', 'D'), required: true }, '')).toBe('fieldRequired');
  });

  it('names the field on button press', () => {
    expect(requiredFieldMessage('Nama')).toBe('FIELD "Nama" wajib diisi');
  });
});

describe('files and dates', () => {
  it('refuses files of 2,048,000 bytes and more', () => {
    expect(isFileTooLarge(2_047_999)).toBe(false);
    expect(isFileTooLarge(2_048_000)).toBe(true);
  });

  it('reads the ISO date of a stored value', () => {
    expect(toIsoDate('2024-02-29')).toBe('2024-02-29');
    expect(toIsoDate('2024-02-29T10:00:00.000Z')).toBe('2024-02-29');
    expect(toIsoDate('2023-02-29')).toBeNull();
    expect(toIsoDate('29/02/2024')).toBeNull();
    expect(toIsoDate(undefined)).toBeNull();
  });
});

describe('initialFieldValue', () => {
  it('starts from the default value', () => {
    expect(initialFieldValue({ ...createComponent('input', 'i', 'I'), initValue: 'hello' })).toBe('hello');
    expect(initialFieldValue({ ...createComponent('datetime', 'd', 'D'), initValue: '2024-05-01T00:00:00Z' })).toBe('2024-05-01');
    expect(initialFieldValue(createComponent('datetime', 'd', 'D'))).toBe('');
  });

  it('starts a toggle set Active with every option on', () => {
    const toggle = createComponent('toggle', 't', 'T');
    expect(initialFieldValue(toggle)).toBe('');
    expect(initialFieldValue({ ...toggle, initValue: 'Active' })).toBe('Option 1,Option 2');
  });
});
