import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { loadArchiver } from '../../lib/heavy-modules';
import { csvDocument } from '../../lib/csv';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { SECRET_COLUMN, USER_COLUMNS, USER_ROW_OMIT } from './policy';

type Row = Record<string, unknown>;

async function rowsOf(q: DbOrTx, query: ReturnType<typeof sql.raw> | ReturnType<typeof sql>): Promise<Row[]> {
  const res = (await q.execute(query)) as unknown as { rows: Row[] };
  return res.rows;
}

/** Drops secrets and the columns the policy leaves out; dates become ISO text. */
function clean(rows: Row[], omit: readonly string[] = []): Row[] {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([k]) => !omit.includes(k) && !SECRET_COLUMN.test(k))
        .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
    ),
  );
}

/**
 * Everything held about one person, by table: their users row and every row
 * the policy marks as theirs. Table and column names come from the fixed
 * policy (identifiers, never input); the person's id is a bound parameter.
 */
export async function collectPersonalData(q: DbOrTx, userId: string): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  out.profile = clean(await rowsOf(q, sql`select * from users where id = ${userId}`), USER_ROW_OMIT);
  for (const [ref, policy] of Object.entries(USER_COLUMNS)) {
    if (!policy.subject) continue;
    const [table, column] = ref.split('.') as [string, string];
    const rows = await rowsOf(q, sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId} order by 1`);
    if (rows.length) out[table] = [...(out[table] ?? []), ...clean(rows, policy.omit)];
  }
  return out;
}

const csvCell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** One ZIP: data.json with everything, and a CSV per table for a spreadsheet. */
export async function writeDataZip(target: string, data: Record<string, Row[]>, meta: Record<string, unknown>) {
  const zip = (await loadArchiver())('zip', { zlib: { level: 6 } });
  const done = pipeline(zip, fs.createWriteStream(target, { mode: 0o600 }));
  // Handled at once (a full disk must fail this job, not end the server); awaited for its result below.
  done.catch(() => {});
  zip.append(JSON.stringify({ ...meta, data }, null, 2), { name: 'data.json' });
  for (const [table, rows] of Object.entries(data)) {
    if (!rows.length) continue;
    const columns = Object.keys(rows[0]!);
    // The one CSV writer (lib/csv.ts): a person's own data can hold '=HYPERLINK(…)' typed by anyone.
    const csv = csvDocument(
      columns,
      rows.map((r) => columns.map((c) => csvCell(r[c]))),
    );
    zip.append(csv, { name: `csv/${table}.csv` });
  }
  await zip.finalize();
  await done;
  return fs.statSync(target).size;
}
