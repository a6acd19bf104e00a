import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, resolveLanguage, TimeZoneSchema } from './languages';
import { codeOfText, translate, translateText } from './translate';

describe('who chooses the language', () => {
  it('the person\'s own choice first, then the application\'s', () => {
    expect(resolveLanguage({ user: 'en', app: 'id', browser: 'id' })).toBe('en');
    expect(resolveLanguage({ user: null, app: 'id', browser: 'en' })).toBe('id');
    expect(resolveLanguage({ app: 'spec', browser: 'id-ID' })).toBe('spec');
  });

  it('an application that leaves it to the browser follows Accept-Language, else the specification', () => {
    expect(resolveLanguage({ app: 'browser', browser: 'id-ID,id;q=0.9,en;q=0.8' })).toBe('id');
    expect(resolveLanguage({ app: 'browser', browser: 'fr-FR' })).toBe('spec');
    expect(resolveLanguage({})).toBe('spec');
  });

  it('Accept-Language is read by preference, with the old code of Indonesian', () => {
    expect(languageFromAcceptLanguage('fr;q=1, en;q=0.5, id;q=0.8')).toBe('id');
    expect(languageFromAcceptLanguage('in-ID')).toBe('id');
    expect(languageFromAcceptLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(languageFromAcceptLanguage('id;q=0, en')).toBe('en');
    expect(languageFromAcceptLanguage('*')).toBeUndefined();
    expect(languageFromAcceptLanguage(';;;,,')).toBeUndefined();
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
  });

  it('time zones are IANA names this runtime knows', () => {
    expect(TimeZoneSchema.safeParse('Asia/Makassar').success).toBe(true);
    expect(TimeZoneSchema.safeParse('Mars/Olympus').success).toBe(false);
  });
});

describe('the server\'s texts in each catalog', () => {
  it('translates by key with placeholders', () => {
    expect(translate('spec', 'appNotFound')).toBe('Application not found');
    expect(translate('id', 'appNotFound')).not.toBe('Application not found');
    expect(translate('spec', 'routeNotFound', { method: 'GET', path: '/x' })).toBe('Route GET /x not found');
  });

  it('finds a thrown text\'s code, with what follows it', () => {
    expect(codeOfText('Application not found')).toEqual({ code: 'appNotFound', rest: '' });
    expect(codeOfText('The flow has a cycle: 3, 4')).toEqual({ code: 'flowCycle', rest: ': 3, 4' });
    expect(codeOfText('Something of an author')).toBeUndefined();
    // A text that only begins like one of ours, mid-word, is not ours.
    expect(codeOfText('Query Errors everywhere')).toBeUndefined();
  });

  it('an author\'s or a database\'s text is never translated', () => {
    expect(translateText('id', 'Unknown column x')).toEqual({ text: 'Unknown column x' });
    expect(translateText('spec', 'Application not found')).toEqual({ text: 'Application not found', code: 'appNotFound' });
  });
});

describe('texts core fills before a rule throws them', () => {
  it('finds the password rule\'s text with its minimum and translates it filled', () => {
    expect(codeOfText('The password needs at least 8 characters')).toEqual({ code: 'passwordTooShort', rest: '', values: { min: 8 } });
    expect(translateText('en', 'The password needs at least 8 characters').text).toContain('8');
    expect(translateText('id', 'The password needs at least 8 characters').text).toContain('8');
  });
});
