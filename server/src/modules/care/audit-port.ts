import type { DbOrTx } from '../../db/client';

/** What the care and events services tell the audit log about a leader's action on someone else's data. */
export interface AuditEntry {
  actorId: string;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
}
/** Writes the entry inside the caller's transaction (the audit module owns the table). */
export type AuditFn = (tx: DbOrTx, entry: AuditEntry) => Promise<void>;

/** Until the audit module is on main this is wired in one place (modules.ts). */
export const auditPort: AuditFn = async () => {};
