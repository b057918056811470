/**
 * Libraries only some requests need (PDF, Excel, ZIP, image scaling), loaded on the first request
 * that does: together they cost seconds of start time and tens of MB of memory that a server
 * answering visitors and members never needs. Each is imported once; later calls share it.
 */
const once = <T>(load: () => Promise<T>) => {
  let p: Promise<T> | undefined;
  return () => (p ??= load());
};

export const loadPdfKit = once(async () => (await import('pdfkit')).default);
export const loadExcelJS = once(async () => (await import('exceljs')).default);
export const loadArchiver = once(async () => (await import('archiver')).default);
export const loadSharp = once(async () => (await import('sharp')).default);
