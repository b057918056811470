import { and, desc, eq, gte } from 'drizzle-orm';
import { CHECKIN_TEXTS, type Label } from '@church/contract/checkin';
import type { Db } from '../../../db/client';
import { labelPrinters, labelPrintJobs } from '../../../db/schema/index';
import { notFound } from '../../../lib/errors';
import { PrinterUnavailable, type LabelPrinter } from './label-printer';
import { labelsToZpl, testLabelZpl } from './zpl';

export interface PrintOutcome {
  status: 'printed' | 'failed' | 'none';
  message: string;
  jobId: string | null;
}

/**
 * Sends labels to a printer and keeps a record of each job: a printer that is off gives a clear message and
 * a failed job that the station reprints later — with the same code, because the labels are kept as sent.
 */
export function createPrintService(db: Db, printer: LabelPrinter) {
  async function printerRow(id: string) {
    const [p] = await db.select().from(labelPrinters).where(eq(labelPrinters.id, id));
    if (!p) throw notFound('Printer not found');
    return p;
  }

  async function attempt(jobId: string, p: { name: string; host: string; port: number }, labels: Label[]): Promise<PrintOutcome> {
    try {
      await printer.send({ host: p.host, port: p.port }, labelsToZpl(labels));
      await db.update(labelPrintJobs).set({ status: 'printed', error: null, updatedAt: new Date() }).where(eq(labelPrintJobs.id, jobId));
      return { status: 'printed', message: CHECKIN_TEXTS.printed, jobId };
    } catch (err) {
      const reason = err instanceof PrinterUnavailable ? err.reason : 'could not be reached';
      await db.update(labelPrintJobs).set({ status: 'failed', error: reason, updatedAt: new Date() }).where(eq(labelPrintJobs.id, jobId));
      return { status: 'failed', message: CHECKIN_TEXTS.printerOff(p.name), jobId };
    }
  }

  /** Prints a check-in's labels on a printer (or says there is none: the browser prints the PDF). */
  async function print(printerId: string | null, serviceDay: string, code: string, labels: Label[]): Promise<PrintOutcome> {
    if (!printerId) return { status: 'none', message: CHECKIN_TEXTS.noPrinter, jobId: null };
    const p = await printerRow(printerId).catch(() => null);
    if (!p) return { status: 'none', message: CHECKIN_TEXTS.noPrinter, jobId: null };
    const [job] = await db
      .insert(labelPrintJobs)
      .values({ printerId: p.id, printerName: p.name, serviceDay, code, labels, status: 'failed', error: 'sending' })
      .returning();
    return attempt(job!.id, p, labels);
  }

  /** Sends a kept job again, to its printer or another one: the same labels, the same code. */
  async function reprint(jobId: string, printerId?: string): Promise<PrintOutcome> {
    const [job] = await db.select().from(labelPrintJobs).where(eq(labelPrintJobs.id, jobId));
    if (!job) throw notFound('Print job not found');
    const p = await printerRow(printerId ?? job.printerId ?? '');
    await db
      .update(labelPrintJobs)
      .set({ printerId: p.id, printerName: p.name, attempts: job.attempts + 1, updatedAt: new Date() })
      .where(eq(labelPrintJobs.id, jobId));
    return attempt(job.id, p, job.labels as Label[]);
  }

  async function testPrint(printerId: string): Promise<PrintOutcome> {
    const p = await printerRow(printerId);
    try {
      await printer.send({ host: p.host, port: p.port }, testLabelZpl(p.name, new Date().toISOString()));
      return { status: 'printed', message: `Test label sent to ${p.name}`, jobId: null };
    } catch {
      return { status: 'failed', message: CHECKIN_TEXTS.printerOff(p.name), jobId: null };
    }
  }

  /** Today's jobs (failed first): what the station can reprint. */
  async function jobs(serviceDay: string, onlyFailed: boolean) {
    return db
      .select()
      .from(labelPrintJobs)
      .where(and(gte(labelPrintJobs.serviceDay, serviceDay), onlyFailed ? eq(labelPrintJobs.status, 'failed') : undefined))
      .orderBy(desc(labelPrintJobs.createdAt))
      .limit(100);
  }

  return { print, reprint, testPrint, jobs };
}
export type PrintService = ReturnType<typeof createPrintService>;
