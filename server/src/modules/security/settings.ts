import { eq } from 'drizzle-orm';
import type { Permission, Role } from '@church/contract/roles';
import { securitySettingsSchema, type SecuritySettings } from '@church/contract/security-settings';
import type { Db } from '../../db/client';
import { securitySettings } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/auth';
import { recordAudit, type AuditActor } from '../audit/audit';

export type StoredSecuritySettings = SecuritySettings & { updatedAt: string | null };

/** Reads a stored document with its defaults; a field that no longer validates falls back to its default alone. */
function readSecurity(data: unknown): SecuritySettings {
  const source = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(securitySettingsSchema.shape)) {
    const one = field.safeParse(source[key]);
    out[key] = one.success ? one.data : field.parse(undefined);
  }
  return out as SecuritySettings;
}

const NONE: ReadonlySet<Permission> = new Set();
const NAMED_GIVING: ReadonlySet<Permission> = new Set<Permission>(['giving:named']);

/** How long a read of the two-factor rule is trusted: every signed-in request asks it, a save here forgets it at once. */
const TWO_FACTOR_ROLES_TTL_MS = 5_000;

export function createSecuritySettings(db: Db) {
  let twoFactor: { roles: ReadonlySet<Role>; at: number } | undefined;
  async function get(): Promise<StoredSecuritySettings> {
    const [row] = await db.select().from(securitySettings).where(eq(securitySettings.id, 1)).limit(1);
    return { ...readSecurity(row?.data), updatedAt: row ? row.updatedAt.toISOString() : null };
  }
  return {
    get,
    /** A partial change, merged into what is stored, audited with before and after in one transaction. */
    async save(actor: AuditActor, change: Partial<SecuritySettings>): Promise<StoredSecuritySettings> {
      return db
        .transaction(async (tx) => {
          const [row] = await tx.select().from(securitySettings).where(eq(securitySettings.id, 1)).for('update');
          const before = readSecurity(row?.data);
          const data = securitySettingsSchema.parse({ ...before, ...change });
          const [saved] = await tx
            .insert(securitySettings)
            .values({ id: 1, data, updatedBy: actor.actorId, updatedAt: new Date() })
            .onConflictDoUpdate({ target: securitySettings.id, set: { data, updatedBy: actor.actorId, updatedAt: new Date() } })
            .returning();
          await recordAudit(tx, {
            ...actor,
            action: 'security.settings_changed',
            entityType: 'security_settings',
            entityId: 'church',
            summary: 'Changed the church’s security settings',
            before,
            after: data,
          });
          return { ...data, updatedAt: saved!.updatedAt.toISOString() };
        })
        .finally(() => {
          twoFactor = undefined;
        });
    },
    /**
     * The roles that must sign in with a second factor (plugins/auth.ts asks on every signed-in request): kept a
     * few seconds so the rule costs a request no query; another instance's save reaches this one within that.
     */
    async twoFactorRoles(now = Date.now()): Promise<ReadonlySet<Role>> {
      if (twoFactor && now - twoFactor.at < TWO_FACTOR_ROLES_TTL_MS) return twoFactor.roles;
      const roles = new Set((await get()).twoFactorRequiredRoles);
      twoFactor = { roles, at: now };
      return roles;
    },
    /**
     * What these settings take from a person beyond the role table. A pastor who was personally granted a
     * finance permission keeps the books and so still sees names; the rule is about the pulpit, not the treasurer.
     */
    async withheld(user: Pick<SessionUser, 'role' | 'permissions'>): Promise<ReadonlySet<Permission>> {
      if (user.role !== 'pastor') return NONE;
      if (user.permissions?.some((p) => p === 'finance:read' || p === 'finance:manage')) return NONE;
      return (await get()).namedGivingHiddenFromPastors ? NAMED_GIVING : NONE;
    },
  };
}
export type SecuritySettingsService = ReturnType<typeof createSecuritySettings>;
