import { and, eq } from 'drizzle-orm';
import { GRANTABLE_PERMISSION_TEXTS, PERMISSION_TEXTS } from '@church/contract/member-permissions';
import { GRANTABLE_PERMISSIONS, type GrantablePermission } from '@church/contract/roles';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema/index';
import { forbidden, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit';
import { congregation } from './repository';
import { assertMayTouch, type Actor } from './service';

const isGrantable = (p: string): p is GrantablePermission => (GRANTABLE_PERMISSIONS as readonly string[]).includes(p);

/**
 * Gives a person exactly `wanted` of the grantable permissions (a treasurer
 * without the administrator role). Whatever else the account carries stays.
 * Nobody changes their own: an administrator who could would need no one's
 * agreement to open the books to themselves under another role later.
 * The change and its audit entry commit together; no change, no entry.
 */
export async function setMemberPermissions(db: Db, actor: Actor, id: string, wanted: readonly GrantablePermission[]): Promise<UserRow> {
  if (id === actor.actorId) throw forbidden(PERMISSION_TEXTS.notYourself);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), congregation))
      .for('update');
    if (!before) throw notFound('Member not found');
    assertMayTouch(actor, before);
    const had = before.permissions.filter(isGrantable);
    const added = wanted.filter((p) => !had.includes(p));
    const removed = had.filter((p) => !wanted.includes(p));
    if (!added.length && !removed.length) return before;
    const permissions = [...before.permissions.filter((p) => !isGrantable(p)), ...wanted];
    const [after] = await tx.update(users).set({ permissions, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    const name = (p: GrantablePermission) => `${GRANTABLE_PERMISSION_TEXTS[p].label} (${p})`;
    const changes = [...added.map((p) => `granted ${name(p)}`), ...removed.map((p) => `removed ${name(p)}`)];
    await recordAudit(tx, {
      ...actor,
      action: 'member.permissions_changed',
      entityType: 'user',
      entityId: id,
      summary: `Permissions of ${before.name}: ${changes.join('; ')}`,
      before: { permissions: had },
      after: { permissions: [...wanted] },
    });
    return after!;
  });
}
