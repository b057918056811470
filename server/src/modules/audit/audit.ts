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
  // A change made through a developer API key names the key's owner and says it came through the API.
  const name = u ? (request.apiKey ? `${u.name} (API key)` : u.name) : 'system';
  return { actorId: u?.id ?? null, actorName: name, actorRole: u?.role ?? 'system', ip: request.ip ?? null };
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

/** Who reads: the signed-in person (a row from auth, or a service's actor). */
export interface Reader {
  id: string;
  name: string;
  role: string;
}

/**
 * POPIA (issue 17): "every read of another person's record by a leader is in
 * the audit log". Call it when a record about someone else is opened (one
 * prayer, one gift, one certificate, someone's care visits); a person reading
 * their own record leaves no entry. `ownerId` null means the record belongs
 * to no account (an anonymous gift, a prayer asked on someone's behalf): that
 * is still someone else's.
 */
export async function recordRead(
  db: DbOrTx,
  reader: Reader,
  entry: { entityType: string; entityId: string; ownerId: string | null; summary: string; ip?: string | null },
): Promise<void> {
  if (entry.ownerId && entry.ownerId === reader.id) return;
  await recordAudit(db, {
    actorId: reader.id,
    actorName: reader.name,
    actorRole: reader.role,
    action: `${entry.entityType}.viewed`,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary,
    ip: entry.ip ?? null,
  });
}
