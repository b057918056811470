import type { Db } from '../../db/client';
import type { EmitEvent } from '../../events/domain-events';
import type { LabelPrinter } from './printing/label-printer';

/** What the check-in module is handed (modules.ts). */
export interface CheckinDeps {
  db: Db;
  timeZone: () => Promise<string>;
  printer: LabelPrinter;
  /** Domain event 'checkin.created', recorded in the check-in's transaction. */
  emit: EmitEvent;
  /** Live room counts to check-in managers over the socket (ids and counts only). */
  publish: (serviceId: string) => void;
}
