import { IMPORT_MODULE } from '../boot/import-module-key';

/**
 * `import()` of what is loaded at run time rather than bundled: packages kept out of the bundle (PDF, Excel,
 * ZIP, images) and the home page's renderer (an ES module by URL).
 *
 * The compiled server runs as a script with V8's code cache (boot/code-cache.ts), and a script's own
 * `import()` has no module loader to ask; its entry hands over one of its own under this key. From
 * TypeScript (tests, dev) there is none, and a plain `import()` does it.
 */
export function importModule<T>(specifier: string): Promise<T> {
  const viaEntry = (globalThis as Record<symbol, ((specifier: string) => Promise<unknown>) | undefined>)[IMPORT_MODULE];
  return (viaEntry ? viaEntry(specifier) : import(specifier)) as Promise<T>;
}
