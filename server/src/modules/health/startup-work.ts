/**
 * Work a start leaves running after the server listens, as /api/health reports it. The shipped Bible's
 * import: 'importing' while a new database (or one made before the Bible shipped) gets it — reading and
 * search fall back to the online source meanwhile —, then 'done' or 'failed'; 'none' when this start
 * had nothing to import.
 */
export type BibleImportState = 'none' | 'importing' | 'done' | 'failed';
export const BIBLE_IMPORT_STATES = ['none', 'importing', 'done', 'failed'] as const satisfies readonly BibleImportState[];

export interface StartupWork {
  bibleImport: BibleImportState;
}

export const createStartupWork = (): StartupWork => ({ bibleImport: 'none' });
