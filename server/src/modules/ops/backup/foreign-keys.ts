import { ident } from './catalog';
import type { SqlRunner } from './runner';

/**
 * A restore loads rows the way pg_restore does: foreign keys off while the
 * rows go in, put back (and so checked, every row) once they are all there.
 * That is what makes a backup of the embedded database restorable: PGlite has
 * one connection, so its backup reads table by table between requests rather
 * than at one instant (write-backup.ts), children before their parents. A
 * parent deleted while the backup ran can then leave a child row in the file
 * that points at nothing; before the keys go back, each such row gets what
 * the key's ON DELETE rule would have done to it: deleted (CASCADE, and
 * NO ACTION/RESTRICT, where the application removed it first), or its
 * reference set to NULL / its default.
 */
export interface ForeignKey {
  name: string;
  table: string;
  parent: string;
  columns: string[];
  parentColumns: string[];
  /** pg_constraint.confdeltype: a no action, r restrict, c cascade, n set null, d set default. */
  onDelete: 'a' | 'r' | 'c' | 'n' | 'd';
  definition: string;
}

export async function listForeignKeys(run: SqlRunner): Promise<ForeignKey[]> {
  const rows = await run.query<{
    name: string;
    tbl: string;
    parent: string;
    cols: string[] | string;
    pcols: string[] | string;
    del: string;
    def: string;
  }>(
    `select k.conname::text as name, c.relname::text as tbl, p.relname::text as parent, k.confdeltype::text as del,
            pg_get_constraintdef(k.oid) as def,
            array(select a.attname::text from unnest(k.conkey) with ordinality u(n, o)
                    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.o) as cols,
            array(select a.attname::text from unnest(k.confkey) with ordinality u(n, o)
                    join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.o) as pcols
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'
      order by c.relname, k.conname`,
  );
  const list = (v: string[] | string) =>
    Array.isArray(v)
      ? v
      : v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);
  return rows.map((r) => ({
    name: r.name,
    table: r.tbl,
    parent: r.parent,
    columns: list(r.cols),
    parentColumns: list(r.pcols),
    onDelete: r.del as ForeignKey['onDelete'],
    definition: r.def,
  }));
}

export async function dropForeignKeys(run: SqlRunner, keys: ForeignKey[]) {
  for (const k of keys) await run.exec(`ALTER TABLE ${ident(k.table)} DROP CONSTRAINT ${ident(k.name)}`);
}

export interface OrphanFix {
  table: string;
  /** Rows deleted because what they belonged to was deleted during the backup. */
  removed: number;
  /** Rows kept with the reference cleared (ON DELETE SET NULL / SET DEFAULT). */
  cleared: number;
}

/** Gives every row whose parent is missing what its key's ON DELETE rule says, until none is left (a removal can orphan grandchildren). */
export async function settleOrphans(run: SqlRunner, keys: ForeignKey[]): Promise<OrphanFix[]> {
  const fixes = new Map<string, OrphanFix>();
  for (let pass = 0; pass < 50; pass++) {
    let changed = 0;
    for (const k of keys) {
      const present = k.columns.map((c) => `x.${ident(c)} is not null`).join(' and ');
      const match = k.columns.map((c, i) => `p.${ident(k.parentColumns[i]!)} = x.${ident(c)}`).join(' and ');
      const orphan = `${present} and not exists (select 1 from ${ident(k.parent)} p where ${match})`;
      const clear = k.onDelete === 'n' ? 'null' : k.onDelete === 'd' ? 'default' : null;
      const sql = clear
        ? `with f as (update ${ident(k.table)} x set ${k.columns.map((c) => `${ident(c)} = ${clear}`).join(', ')} where ${orphan} returning 1) select count(*)::int as n from f`
        : `with f as (delete from ${ident(k.table)} x where ${orphan} returning 1) select count(*)::int as n from f`;
      const [row] = await run.query<{ n: number }>(sql);
      const n = Number(row?.n ?? 0);
      if (!n) continue;
      changed += n;
      const fix = fixes.get(k.table) ?? { table: k.table, removed: 0, cleared: 0 };
      if (clear) fix.cleared += n;
      else fix.removed += n;
      fixes.set(k.table, fix);
    }
    if (!changed) return [...fixes.values()];
  }
  throw new Error('Rows that refer to missing rows kept appearing while the restore settled them (a cycle of references)');
}

/** Puts the keys back; PostgreSQL checks every row as it does. */
export async function addForeignKeys(run: SqlRunner, keys: ForeignKey[]) {
  for (const k of keys) await run.exec(`ALTER TABLE ${ident(k.table)} ADD CONSTRAINT ${ident(k.name)} ${k.definition}`);
}
