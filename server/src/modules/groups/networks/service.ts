import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { NETWORK_TEXTS, type Network, type networkRequest, type networkUpdateRequest } from '@church/contract/groups-networks';
import { can } from '@church/contract/roles';
import type { Db, DbOrTx } from '../../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import type { SessionUser } from '../../../plugins/auth';
import type { AuditFn } from '../../care/audit-port';

interface NetworkRow {
  id: string;
  name: string;
  parent_id: string | null;
  path: string;
  depth: number;
  overseer_id: string | null;
  overseer_name: string | null;
  group_count: number;
}
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export const presentNetwork = (r: NetworkRow): Network => ({
  _id: r.id,
  id: r.id,
  name: r.name,
  parentId: r.parent_id,
  depth: r.depth,
  overseer: r.overseer_id ? { _id: r.overseer_id, id: r.overseer_id, name: r.overseer_name ?? '' } : null,
  groupCount: r.group_count,
});

const selectNetworks = sql`
  select n.id, n.name, n.parent_id, n.path, n.depth, n.overseer_id, u.name as overseer_name,
         (select count(*) from groups g where g.network_id = n.id and g.archived_at is null)::int as group_count
    from group_networks n left join users u on u.id = n.overseer_id`;

/**
 * The tree of zones. Each node keeps its whole path from the root, so "below X" is a prefix
 * test; a move rewrites the paths of the moved branch in one statement.
 */
export function createNetworksService({ db, audit }: { db: Db; audit: AuditFn }) {
  async function find(tx: DbOrTx, id: string) {
    const row = rowsOf<NetworkRow>(await tx.execute(sql`${selectNetworks} where n.id = ${id}::uuid`))[0];
    if (!row) throw notFound(NETWORK_TEXTS.notFound);
    return row;
  }
  async function checkOverseer(tx: DbOrTx, id: string | null | undefined) {
    if (!id) return;
    const res = await tx.execute(
      sql`select 1 from users where id = ${id}::uuid and is_active and erased_at is null and role <> 'developer'`,
    );
    if (rowsOf(res).length === 0) throw badRequest(NETWORK_TEXTS.overseerNotFound);
  }

  return {
    /** The church office sees every zone; an overseer the zones they oversee and everything below; anyone else none. */
    async list(user: SessionUser) {
      const where = can(user, 'groups:manage')
        ? sql`true`
        : sql`exists (select 1 from group_networks o where o.overseer_id = ${user.id}::uuid and starts_with(n.path, o.path))`;
      const rows = rowsOf<NetworkRow>(await db.execute(sql`${selectNetworks} where ${where} order by n.depth, n.name, n.id`));
      return rows.map(presentNetwork);
    },
    /** The zone when the caller may read its figures: the church office, or an overseer of it or of a zone above it. */
    async readable(user: SessionUser, id: string) {
      const row = await find(db, id);
      if (can(user, 'groups:manage')) return row;
      const res = await db.execute(
        sql`select 1 from group_networks o where o.overseer_id = ${user.id}::uuid and starts_with(${row.path}, o.path) limit 1`,
      );
      if (rowsOf(res).length === 0) throw forbidden(NETWORK_TEXTS.notOverseer);
      return row;
    },
    async create(user: SessionUser, input: z.output<typeof networkRequest>) {
      return db.transaction(async (tx) => {
        await checkOverseer(tx, input.overseerId);
        const parent = input.parentId
          ? await find(tx, input.parentId).catch(() => Promise.reject(badRequest(NETWORK_TEXTS.notFound)))
          : null;
        const id = crypto.randomUUID();
        await tx.execute(sql`
          insert into group_networks (id, name, parent_id, path, depth, overseer_id)
          values (${id}::uuid, ${input.name}, ${parent?.id ?? null}, ${`${parent?.path ?? '/'}${id}/`}, ${parent ? parent.depth + 1 : 0},
                  ${input.overseerId}::uuid)`);
        await audit(tx, {
          actor: user,
          action: 'group_network.created',
          entityType: 'group_network',
          entityId: id,
          before: null,
          after: input,
        });
        return presentNetwork(await find(tx, id));
      });
    },
    async update(user: SessionUser, id: string, input: z.output<typeof networkUpdateRequest>) {
      return db.transaction(async (tx) => {
        const before = await find(tx, id);
        await checkOverseer(tx, input.overseerId);
        if (input.name !== undefined || input.overseerId !== undefined)
          await tx.execute(sql`
            update group_networks set name = coalesce(${input.name ?? null}, name),
                   overseer_id = case when ${input.overseerId !== undefined} then ${input.overseerId ?? null}::uuid else overseer_id end,
                   updated_at = now()
             where id = ${id}::uuid`);
        if (input.parentId !== undefined && input.parentId !== before.parent_id) {
          const parent = input.parentId ? await find(tx, input.parentId) : null;
          if (parent && parent.path.startsWith(before.path)) throw conflict(NETWORK_TEXTS.cycle);
          const newPath = `${parent?.path ?? '/'}${id}/`;
          const shift = (parent ? parent.depth + 1 : 0) - before.depth;
          await tx.execute(sql`
            update group_networks
               set path = ${newPath} || substr(path, ${before.path.length + 1}), depth = depth + ${shift}
             where starts_with(path, ${before.path})`);
          await tx.execute(sql`update group_networks set parent_id = ${parent?.id ?? null} where id = ${id}::uuid`);
        }
        const after = await find(tx, id);
        await audit(tx, {
          actor: user,
          action: 'group_network.updated',
          entityType: 'group_network',
          entityId: id,
          before: { name: before.name, parentId: before.parent_id, overseerId: before.overseer_id },
          after: { name: after.name, parentId: after.parent_id, overseerId: after.overseer_id },
        });
        return presentNetwork(after);
      });
    },
    /** Deletes an empty-of-zones zone; its groups stay, outside any zone. */
    async remove(user: SessionUser, id: string) {
      await db.transaction(async (tx) => {
        const row = await find(tx, id);
        const children = await tx.execute(sql`select 1 from group_networks where parent_id = ${id}::uuid limit 1`);
        if (rowsOf(children).length) throw conflict(NETWORK_TEXTS.hasChildren);
        await tx.execute(sql`delete from group_networks where id = ${id}::uuid`);
        await audit(tx, {
          actor: user,
          action: 'group_network.deleted',
          entityType: 'group_network',
          entityId: id,
          before: { name: row.name },
          after: null,
        });
      });
    },
  };
}
export type NetworksService = ReturnType<typeof createNetworksService>;
