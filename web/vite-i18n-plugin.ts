import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compileCatalogue, compilePseudo, withFallback, type Catalogue } from '../contract/src/i18n/compile';

const CATALOGUE = /[\\/]contract[\\/]i18n[\\/]([A-Za-z]{2}-[A-Za-z]{2})[\\/]([a-z][a-z-]*)\.json(\?pseudo)?$/;

const read = (file: string): Catalogue => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Catalogue) : {});

/**
 * Compiles the message catalogues (contract/i18n/<locale>/<namespace>.json) as they are imported:
 * Lingui's compiled form (no parser in the browser), every English key present (a message a
 * language lacks shows in English), and `?pseudo` for the pseudo-locale (en-XA). The output is
 * JSON, which Vite turns into a module as it does any .json file.
 */
export function i18nCatalogues(): Plugin {
  return {
    name: 'church-i18n-catalogues',
    enforce: 'pre',
    load(id) {
      const m = CATALOGUE.exec(id);
      if (!m) return null;
      const [, locale, ns, pseudo] = m;
      const dir = path.dirname(path.dirname(id.replace(/\?pseudo$/, '')));
      const englishFile = path.join(dir, 'en-ZA', `${ns}.json`);
      const ownFile = path.join(dir, locale!, `${ns}.json`);
      this.addWatchFile(englishFile);
      this.addWatchFile(ownFile);
      const english = read(englishFile);
      const compiled = pseudo ? compilePseudo(english) : compileCatalogue(withFallback(read(ownFile), english));
      return { code: JSON.stringify(compiled), moduleType: 'json' };
    },
  };
}
