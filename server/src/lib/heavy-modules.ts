import { importModule } from './import-module';

/**
 * Libraries only some requests need (PDF, Excel, ZIP, image scaling), loaded on the first request
 * that does: together they cost seconds of start time and tens of MB of memory that a server
 * answering visitors and members never needs. Each is imported once; later calls share it.
 */
const once = <T>(load: () => Promise<T>) => {
  let p: Promise<T> | undefined;
  return () => (p ??= load());
};

/** The package's default export, as `(await import(specifier)).default` gives it (module.exports for these CommonJS packages). */
const loadDefault = <T>(specifier: string) => once(async () => (await importModule<{ default: T }>(specifier)).default);

export const loadPdfKit = loadDefault<typeof import('pdfkit')>('pdfkit');
export const loadExcelJS = loadDefault<typeof import('exceljs')>('exceljs');
export const loadArchiver = loadDefault<typeof import('archiver')>('archiver');
export const loadSharp = loadDefault<(typeof import('sharp'))['default']>('sharp');

export const loadSanitizeHtml = loadDefault<typeof import('sanitize-html')>('sanitize-html');
/** MJML (the church's branded e-mail, modules/channels/providers/branded-email.ts): ~2 MB, loaded for the first branded mail. */
export const loadMjml = loadDefault<typeof import('mjml')>('mjml');
/** web-push (modules/channels/providers/webpush.ts), loaded for the first push. */
export const loadWebPush = loadDefault<typeof import('web-push')>('web-push');
