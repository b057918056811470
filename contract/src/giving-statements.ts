import { z } from 'zod';
import { localDate } from './services';

/** Issue 32: a giving statement per person for any period, separate from section 18A certificates. */
export const STATEMENT_MAX_DAYS = 366 * 5;

export const statementQuery = z
  .object({ from: localDate, to: localDate })
  .refine((q) => q.from <= q.to, { message: 'The period must end on or after the day it starts', path: ['to'] })
  .refine((q) => (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 <= STATEMENT_MAX_DAYS, {
    message: 'A statement covers at most five years',
    path: ['from'],
  });
export type StatementQuery = z.infer<typeof statementQuery>;

export const STATEMENT_TEXTS = {
  title: 'Giving statement',
  /** Printed on every statement: it is a record of gifts, not a tax receipt. */
  notACertificate:
    'This statement lists your gifts for your own records. It is not a section 18A tax certificate: certificates are issued separately for gifts to eligible funds.',
  none: 'No gifts were received from you in this period.',
  noGivers: 'Nobody gave in this period: there is nothing to put in the ZIP.',
} as const;

/** A file name from the person's name: letters and digits only, joined by dashes. */
export const statementFileName = (name: string, q: StatementQuery) => {
  const slug = name
    .normalize('NFKD')
    .split(/[^A-Za-z0-9]/)
    .filter(Boolean)
    .join('-')
    .toLowerCase()
    .slice(0, 60);
  return `giving-statement-${slug || 'giver'}-${q.from}-to-${q.to}.pdf`;
};
