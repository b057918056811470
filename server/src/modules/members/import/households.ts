import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { households } from '../../../db/schema/index';
import type { HouseholdCell } from './import-rows';

/** An address as a key: case, spacing and punctuation do not make two homes. */
export const addressKey = (a: string) =>
  a
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const nameKey = (n: string) => n.toLowerCase().replace(/\s+/g, ' ').trim();

export interface Placement {
  userId: string;
  /** The member's household before the import (an update keeps it unless the row names one). */
  currentHouseholdId: string | null;
  cell: HouseholdCell;
  address: string | null;
}

/**
 * Puts imported people into households, a chunk at a time, in the import's transaction:
 *  - a family column: the household of that name — one this import made, else an existing one of
 *    that name, else a new one (with the row's address);
 *  - without one, people sharing an address: the existing household at that address, else a new
 *    one made when the second person at the address appears (named after the first one's surname).
 * One statement links the chunk's people (UPDATE … FROM VALUES).
 */
export function createHouseholdPlacer(tx: DbOrTx, opts: { byColumn: boolean }) {
  const named = new Map<string, string>();
  const atAddress = new Map<string, { householdId: string | null; first: Placement | null }>();
  let created = 0;

  async function make(name: string, address: string | null) {
    const [h] = await tx.insert(households).values({ name, address }).returning({ id: households.id });
    created++;
    return h!.id;
  }

  async function place(chunk: Placement[]) {
    const links: { userId: string; householdId: string; role: string | null }[] = [];
    if (opts.byColumn) {
      const wanted = [...new Set(chunk.filter((p) => p.cell.name).map((p) => nameKey(p.cell.name!)))].filter((k) => !named.has(k));
      if (wanted.length) {
        const found = (await tx.execute(
          sql`select distinct on (lower(name)) id, lower(name) as k from ${households} where lower(name) in (${sql.join(
            wanted.map((k) => sql`${k}`),
            sql`, `,
          )}) order by lower(name), created_at`,
        )) as unknown as { rows: { id: string; k: string }[] };
        for (const r of found.rows) named.set(r.k, r.id);
      }
      for (const p of chunk) {
        if (!p.cell.name) continue;
        const k = nameKey(p.cell.name);
        let id = named.get(k);
        if (!id) named.set(k, (id = await make(p.cell.name, p.address)));
        links.push({ userId: p.userId, householdId: id, role: p.cell.role });
      }
    } else {
      const homeless = chunk.filter((p) => p.address && !p.currentHouseholdId);
      const wanted = [...new Set(homeless.map((p) => addressKey(p.address!)))].filter((k) => k && !atAddress.has(k));
      if (wanted.length) {
        const found = (await tx.execute(
          sql`select distinct on (k) id, k from (select id, created_at, lower(trim(regexp_replace(coalesce(address, ''), '[^a-zA-Z0-9]+', ' ', 'g'))) as k from ${households}) h
              where k in (${sql.join(
                wanted.map((k) => sql`${k}`),
                sql`, `,
              )}) order by k, created_at`,
        )) as unknown as { rows: { id: string; k: string }[] };
        for (const r of found.rows) atAddress.set(r.k, { householdId: r.id, first: null });
      }
      for (const p of homeless) {
        const k = addressKey(p.address!);
        if (!k) continue;
        const home = atAddress.get(k);
        if (!home) {
          atAddress.set(k, { householdId: null, first: p });
          continue;
        }
        if (!home.householdId) {
          const first = home.first!;
          home.householdId = await make(`${first.cell.lastName || 'New'} household`, first.address);
          links.push({ userId: first.userId, householdId: home.householdId, role: first.cell.role });
        }
        links.push({ userId: p.userId, householdId: home.householdId, role: p.cell.role });
      }
    }
    if (!links.length) return;
    await tx.execute(sql`
      update users set household_id = v.hid::uuid, household_role = v.role
      from (values ${sql.join(
        links.map((l) => sql`(${l.userId}, ${l.householdId}, ${l.role})`),
        sql`, `,
      )}) as v(id, hid, role)
      where users.id = v.id::uuid`);
  }

  return { place, created: () => created };
}
