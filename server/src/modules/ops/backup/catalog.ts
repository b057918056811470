import type { SqlRunner } from './runner';

export interface TableInfo {
  name: string;
  /** Primary key columns with their SQL types (for keyset paging). */
  key: { column: string; type: string }[];
  /** Columns a restore writes (generated columns are computed again). */
  columns: string[];
  /** Columns filled from a sequence (bigserial): the sequence is moved past the restored maximum. */
  serials: string[];
  /** Tables this one references (must be loaded first). */
  parents: string[];
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * What a backup leaves out: secrets that are no use in a restored copy and must not sit in a file
 * that travels (a USB disk, another machine). 'rows': the table is saved empty; a column list: saved as null.
 */
export const BACKUP_LEAVES_OUT: Record<string, 'rows' | readonly string[]> = {
  // The generated JWT secret (PostgreSQL keeps it here): a backup must not be able to sign sessions.
  // A restored database gets a new one on its first start (set JWT_SECRET to keep sessions, README).
  app_secrets: 'rows',
  // A reset link waiting for SMTP delivery, sealed (lib/mailer.ts); queued jobs are not in a backup either.
  email_outbox: ['sealed_secret'],
};

/**
 * Every table of the public schema in an order where a table comes after the
 * tables it references, so a restore can load them with foreign keys checked.
 * Read from the catalog, so tables the other features add are backed up
 * without anyone listing them here.
 */
export async function listTables(run: SqlRunner): Promise<TableInfo[]> {
  const tables = await run.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const keys = await run.query<{ tbl: string; col: string; typ: string; pos: number }>(
    `select c.relname as tbl, a.attname as col, format_type(a.atttypid, a.atttypmod) as typ, k.pos
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       cross join lateral unnest(i.indkey) with ordinality as k(attnum, pos)
       join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where n.nspname = 'public' and i.indisprimary order by c.relname, k.pos`,
  );
  // From pg_attribute, not information_schema.columns: the same answer, and on the embedded database
  // (whose queries run on the server's thread) about half as long a pause: the view took 140–180 ms there.
  const columns = await run.query<{ tbl: string; col: string; gen: string; serial: boolean }>(
    `select c.relname as tbl, a.attname as col,
            case when a.attgenerated = 's' then 'ALWAYS' else 'NEVER' end as gen,
            coalesce(a.attgenerated = '' and pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false) as serial
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const fks = await run.query<{ child: string; parent: string }>(
    `select distinct c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  const info = new Map<string, TableInfo>();
  for (const { name } of tables) info.set(name, { name, key: [], columns: [], serials: [], parents: [] });
  for (const k of keys) info.get(k.tbl)?.key.push({ column: k.col, type: k.typ });
  for (const c of columns) {
    const t = info.get(c.tbl);
    if (!t || c.gen === 'ALWAYS') continue;
    t.columns.push(c.col);
    if (c.serial) t.serials.push(c.col);
  }
  for (const f of fks) if (f.child !== f.parent) info.get(f.child)?.parents.push(f.parent);

  // Depth-first topological order; a cycle (none today) falls back to name order for its members.
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: TableInfo) => {
    if (state.get(t.name)) return;
    state.set(t.name, 'visiting');
    for (const p of t.parents) {
      const parent = info.get(p);
      if (parent && state.get(p) !== 'visiting') visit(parent);
    }
    state.set(t.name, 'done');
    ordered.push(t);
  };
  for (const t of info.values()) visit(t);
  return ordered;
}
