import type { DbOrTx } from '../../db/client';
import type { SessionUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit';

/** What the care, events and prayer services tell the audit log about a leader's action on someone else's data. */
export interface AuditEntry {
  actor: SessionUser;
  action: string;
  entityType: string;
  entityId: string;
  summary?: string;
  before: unknown;
  after: unknown;
}
/** Writes the entry inside the caller's transaction. */
export type AuditFn = (tx: DbOrTx, entry: AuditEntry) => Promise<void>;

/** The audit module's recordAudit, fed from the service's actor (services get no request). */
export const auditPort: AuditFn = (tx, { actor, ...entry }) =>
  recordAudit(tx, { actorId: actor.id, actorName: actor.name, actorRole: actor.role, ...entry });
