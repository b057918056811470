import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/**
 * Everything that points at a person, read from the database catalogue rather
 * than from a hand-kept list: a table added next month with a users foreign key
 * is moved by a merge without anyone remembering to add it here. (The merges
 * the anchors' trackers complain about lost exactly the rows a hand-kept list
 * forgot: group memberships and gifts.)
 */
export interface PersonReference {
  table: string;
  column: string;
  /** Primary key columns: how a moved row is found again by an undo. */
  key: string[];
  /** Plain unique indexes that include the column, as their other columns: a second row there would collide. */
  uniqueWith: string[][];
}

/** Person references without a foreign key (kept on purpose: the history outlives a deleted member). */
const UNCONSTRAINED: { table: string; column: string }[] = [{ table: 'member_status_history', column: 'member_id' }];

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

let cached: Promise<PersonReference[]> | undefined;

/** The references to users(id); the schema is fixed while the server runs, so it is read once. */
export function personReferences(db: DbOrTx): Promise<PersonReference[]> {
  cached ??= readReferences(db).catch((err) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

async function readReferences(db: DbOrTx): Promise<PersonReference[]> {
  const fks = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select c.conrelid::regclass::text as "table", a.attname::text as "column"
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
         where c.contype = 'f' and c.confrelid = 'users'::regclass and cardinality(c.conkey) = 1
         order by 1, 2`,
  );
  const all = [...fks, ...UNCONSTRAINED];
  const out: PersonReference[] = [];
  for (const { table, column } of all) {
    const indexes = await rowsOf<{ primary: boolean; columns: string[] | null; plain: boolean }>(
      db,
      sql`select i.indisprimary as "primary",
                 (select array_agg(a.attname::text order by k.ord) from unnest(i.indkey) with ordinality k(attnum, ord)
                    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum) as "columns",
                 (i.indpred is null and i.indexprs is null) as "plain"
            from pg_index i
           where i.indrelid = ${table}::regclass and (i.indisunique or i.indisprimary)`,
    );
    const primary = indexes.find((i) => i.primary);
    if (!primary?.columns) throw new Error(`${table} has no primary key: a merge could not find its rows again`);
    out.push({
      table,
      column,
      key: primary.columns,
      uniqueWith: indexes.filter((i) => i.plain && i.columns?.includes(column)).map((i) => i.columns!.filter((c) => c !== column)),
    });
  }
  return out;
}

const id = (name: string) => sql.identifier(name);
const keyObject = (alias: string, key: string[]) =>
  sql.join(
    key.map((k) => sql`${k}::text, ${sql.identifier(alias)}.${id(k)}`),
    sql`, `,
  );

/**
 * Rows of the removed person that would collide with a row of the kept person
 * (both registered for the same event, both in the same chat room …): they
 * are taken out whole — the kept person's row already says the same — and
 * kept in the merge record so an undo puts them back.
 */
export async function takeOutCollisions(tx: DbOrTx, ref: PersonReference, keptId: string, removedId: string): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const others of ref.uniqueWith) {
    const same = others.length ? sql.join([sql``, ...others.map((c) => sql`k.${id(c)} = r.${id(c)}`)], sql` and `) : sql``;
    const rows = await rowsOf<{ row: unknown }>(
      tx,
      sql`with d as (
            delete from ${id(ref.table)} r
             where r.${id(ref.column)} = ${removedId}
               and exists (select 1 from ${id(ref.table)} k where k.${id(ref.column)} = ${keptId}${same})
            returning r.*)
          select to_jsonb(d.*) as "row" from d`,
    );
    out.push(...rows.map((r) => r.row));
  }
  return out;
}

/** Points every row of `from` at `to`; answers the moved rows' keys (as they are after the move). */
export async function moveRows(tx: DbOrTx, ref: PersonReference, from: string, to: string): Promise<Record<string, unknown>[]> {
  const rows = await rowsOf<{ key: Record<string, unknown> }>(
    tx,
    sql`update ${id(ref.table)} t set ${id(ref.column)} = ${to} where t.${id(ref.column)} = ${from}
        returning jsonb_build_object(${keyObject('t', ref.key)}) as "key"`,
  );
  return rows.map((r) => r.key);
}

/** The undo: points exactly the recorded rows back (rows deleted since stay deleted). */
export async function moveBack(tx: DbOrTx, ref: PersonReference, keys: unknown[], from: string, to: string): Promise<number> {
  if (!keys.length) return 0;
  const rows = await rowsOf<{ n: number }>(
    tx,
    sql`with u as (
          update ${id(ref.table)} t set ${id(ref.column)} = ${to}
           where t.${id(ref.column)} = ${from}
             and jsonb_build_object(${keyObject('t', ref.key)}) in (select jsonb_array_elements(${JSON.stringify(keys)}::jsonb))
          returning 1)
        select count(*)::int as n from u`,
  );
  return rows[0]?.n ?? 0;
}

/** Writable (not generated) columns of a table, for putting a row back from its JSON. */
async function writableColumns(tx: DbOrTx, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    tx,
    sql`select attname::text as name from pg_attribute
         where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
         order by attnum`,
  );
  return rows.map((r) => r.name);
}

/** Puts rows back exactly as they were (same ids), from their to_jsonb form. */
export async function putBack(tx: DbOrTx, table: string, rows: unknown[]): Promise<void> {
  if (!rows.length) return;
  const cols = sql.join(
    (await writableColumns(tx, table)).map((c) => id(c)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${id(table)} (${cols})
        select ${cols} from jsonb_populate_recordset(null::${id(table)}, ${JSON.stringify(rows)}::jsonb)`,
  );
}

/** A row as JSON, every column (the removed person's record, for the undo). */
export async function rowAsJson(tx: DbOrTx, table: string, rowId: string): Promise<Record<string, unknown> | undefined> {
  const rows = await rowsOf<{ row: Record<string, unknown> }>(
    tx,
    sql`select to_jsonb(t.*) as "row" from ${id(table)} t where t.id = ${rowId}`,
  );
  return rows[0]?.row;
}
