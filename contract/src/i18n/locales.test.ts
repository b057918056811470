import { describe, expect, it } from 'vitest';
import { chooseLocale, matchLocale, namespaceOf, parseAcceptLanguage, toLocale } from './locales';

describe('choosing a language', () => {
  it('reads a tag in any usual spelling, and nothing we do not speak', () => {
    expect(toLocale('af')).toBe('af-ZA');
    expect(toLocale('AF_za')).toBe('af-ZA');
    expect(toLocale('zu-ZA')).toBe('zu-ZA');
    expect(toLocale('xh')).toBe('xh-ZA');
    expect(toLocale('en-GB')).toBe('en-ZA');
    expect(toLocale('st-ZA')).toBeNull();
    expect(toLocale('')).toBeNull();
    expect(toLocale('x'.repeat(100))).toBeNull();
  });

  it('orders the browser languages by weight', () => {
    expect(parseAcceptLanguage('fr-FR,fr;q=0.9,af;q=0.95,en;q=0.5')).toEqual(['fr-FR', 'af', 'fr', 'en']);
    expect(parseAcceptLanguage('*')).toEqual([]);
    expect(parseAcceptLanguage('de;q=0')).toEqual([]);
    expect(parseAcceptLanguage(',,'.repeat(100_000)).length).toBe(0);
    expect(matchLocale(parseAcceptLanguage('fr-FR,zu;q=0.8,af;q=0.7'))).toBe('zu-ZA');
  });

  it('a choice wins, then the saved one, then the browser, then the church; an unknown tag is no choice', () => {
    expect(chooseLocale({ chosen: 'xh-ZA', browser: ['af'], churchDefault: 'zu-ZA' })).toBe('xh-ZA');
    expect(chooseLocale({ chosen: 'klingon', saved: 'af-ZA', churchDefault: 'zu-ZA' })).toBe('af-ZA');
    expect(chooseLocale({ chosen: 'klingon', browser: ['fr'], churchDefault: 'zu-ZA' })).toBe('zu-ZA');
    expect(chooseLocale({ browser: ['fr'], churchDefault: 'nonsense' })).toBe('en-ZA');
    expect(chooseLocale({ chosen: 'en-XA' })).toBe('en-XA');
    // The pseudo-locale is never taken from a browser.
    expect(chooseLocale({ browser: ['en-XA'], churchDefault: 'af-ZA' })).toBe('en-ZA');
  });

  it("a key's namespace is its first part", () => {
    expect(namespaceOf('auth.login.title')).toBe('auth');
  });
});
