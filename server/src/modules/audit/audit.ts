import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/index';

/** Who did it, from where: take it from the request with auditActor(request). */
export interface AuditActor {
  actorId: string | null;
  actorName: string;
  actorRole: string;
  ip?: string | null;
}

export interface AuditEntryInput extends AuditActor {
  /** Dotted verb: member.role_changed, member.deleted, prayer.approved ... */
  action: string;
  entityType: string;
  entityId: string;
  /** One readable line, e.g. "Role of Thandi Mokoena: member → deacon". */
  summary?: string;
  /** Only the fields that matter for this action — never password hashes or tokens. */
  before?: unknown;
  after?: unknown;
}

/** The signed-in leader behind a request (call inside a guarded route). */
export function auditActor(request: FastifyRequest): AuditActor {
  const u = request.user;
  return { actorId: u?.id ?? null, actorName: u?.name ?? 'system', actorRole: u?.role ?? 'system', ip: request.ip ?? null };
}

/**
 * Record a leader's action on someone else's data. Call it with the same
 * transaction that makes the change, so the change and its record commit or
 * roll back together.
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntryInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    actorName: entry.actorName,
    actorRole: entry.actorRole,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary ?? '',
    before: entry.before === undefined ? null : entry.before,
    after: entry.after === undefined ? null : entry.after,
    ip: entry.ip ?? null,
  });
}
