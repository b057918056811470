/**
 * Keeps the catalogues whole (issue 36): every language has every English key (Afrikaans everywhere;
 * isiZulu and isiXhosa everywhere but the staff-only namespaces), no language has a key English lacks,
 * every message is valid ICU with the same placeholders as its English, every key is used somewhere
 * in the code, and every catalogue file is listed where the server and the types read it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMessage, compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { CATALOGUES, SERVER_NAMESPACES, WEB_NAMESPACES } from './catalogues';
import { LOCALES, SOURCE_LOCALE, namespaceOf } from './locales';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const I18N = path.join(ROOT, 'contract/i18n');

/** Namespaces only staff see: isiZulu and isiXhosa may leave them to English (the issue allows it). */
const STAFF_ONLY: readonly string[] = ['admin'];

function placeholders(message: CompiledMessage, out = new Set<string>()): Set<string> {
  for (const part of message) {
    if (typeof part === 'string') continue;
    const [name, , branches] = part as [string, string?, Record<string, CompiledMessage | number>?];
    out.add(name);
    if (branches && typeof branches === 'object')
      for (const v of Object.values(branches)) if (Array.isArray(v)) placeholders(v as CompiledMessage, out);
  }
  return out;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'build') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

const english = Object.assign({}, ...Object.values(CATALOGUES[SOURCE_LOCALE])) as Record<string, string>;

describe('message catalogues', () => {
  it('lists every catalogue file (catalogues.ts) and only those', () => {
    for (const locale of LOCALES) {
      const web = fs.readdirSync(path.join(I18N, locale)).filter((f) => f.endsWith('.json'));
      const server = fs.readdirSync(path.join(I18N, locale, 'server')).filter((f) => f.endsWith('.json'));
      expect(web.map((f) => f.slice(0, -5)).sort(), `${locale}/*.json`).toEqual([...WEB_NAMESPACES].sort());
      expect(server.map((f) => f.slice(0, -5)).sort(), `${locale}/server/*.json`).toEqual([...SERVER_NAMESPACES].sort());
    }
  });

  it('keys live in the file of their namespace', () => {
    for (const locale of LOCALES)
      for (const [ns, messages] of Object.entries(CATALOGUES[locale]))
        for (const key of Object.keys(messages)) expect(namespaceOf(key), `${locale} ${key}`).toBe(ns);
  });

  for (const locale of LOCALES.filter((l) => l !== SOURCE_LOCALE)) {
    it(`${locale} has every English key and no other`, () => {
      const missing: string[] = [];
      const extra: string[] = [];
      for (const [ns, messages] of Object.entries(CATALOGUES[locale])) {
        const source = CATALOGUES[SOURCE_LOCALE][ns as keyof (typeof CATALOGUES)['en-ZA']];
        const mayFallBack = locale !== 'af-ZA' && STAFF_ONLY.includes(ns);
        for (const key of Object.keys(source)) if (!messages[key] && !mayFallBack) missing.push(key);
        for (const key of Object.keys(messages)) if (!(key in source)) extra.push(key);
      }
      expect(missing, 'keys without a translation').toEqual([]);
      expect(extra, 'keys English does not have').toEqual([]);
    });
  }

  it('every message is valid ICU with the same placeholders as its English', () => {
    for (const locale of LOCALES)
      for (const messages of Object.values(CATALOGUES[locale]))
        for (const [key, text] of Object.entries(messages)) {
          let compiled: CompiledMessage = [];
          expect(() => (compiled = compileMessageOrThrow(text)), `${locale} ${key}`).not.toThrow();
          expect([...placeholders(compiled)].sort(), `${locale} ${key}`).toEqual([...placeholders(compileMessage(english[key]!))].sort());
        }
  });

  it('every English key is used in the code (a key nobody shows is left over)', () => {
    const code = ['web/src', 'server/src', 'contract/src']
      .flatMap((d) => sourceFiles(path.join(ROOT, d)))
      .map((f) => fs.readFileSync(f, 'utf8'));
    const all = code.join('\n');
    const unused = Object.keys(english).filter((key) => !all.includes(`'${key}'`) && !all.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });
});
