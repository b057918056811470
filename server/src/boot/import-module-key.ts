/** Where the compiled server's entry leaves its `import()` for the bundle (lib/import-module.ts). */
export const IMPORT_MODULE = Symbol.for('church.importModule');
