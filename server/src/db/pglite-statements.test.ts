import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { types, type PGlite } from '@electric-sql/pglite';
import { createPglite } from './pglite-open';
import { MAX_PREPARED, prepareStatementsOnce } from './pglite-statements';

// The embedded engine only: top-level statements go through prepared statements (pglite-statements.ts).
let pg: PGlite;
let prepared: { size: () => number };
/** The first byte of each protocol buffer sent to the engine. */
let sent: number[] = [];
/** PGlite's own path, for comparison: a transaction's statements do not take the prepared path. */
const own = (text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
  pg.transaction((tx) => tx.query(text, params, options));

beforeAll(async () => {
  pg = await createPglite({});
  prepared = prepareStatementsOnce(pg);
  const raw = pg.execProtocolRaw.bind(pg);
  pg.execProtocolRaw = (message, options) => {
    sent.push(message[0]!);
    return raw(message, options);
  };
  await pg.exec(`
    create table things (
      id int primary key, name text not null, born timestamptz, day date, doc jsonb, tags text[], blob bytea, ok boolean, amount numeric
    )`);
});
afterAll(async () => {
  await pg?.close();
});

const P = 'P'.charCodeAt(0);
const B = 'B'.charCodeAt(0);

describe('prepared statements on the embedded engine', () => {
  it('gives the same rows as PGlite’s own path, for every kind of parameter and both row modes', async () => {
    const insert =
      'insert into things (id, name, born, day, doc, tags, blob, ok, amount) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *';
    const values = (id: number) => [
      id,
      `Thandi ${id} “quoted” \\ back`,
      new Date(Date.UTC(2026, 10, 29, 8, 30)),
      '2026-11-29',
      { gift: 12_500, note: 'tithe' },
      ['a', 'b "c"', null],
      new Uint8Array([0, 1, 254, 255]),
      true,
      '12345.67',
    ];
    const mine = await pg.query(insert, values(1));
    const theirs = await own(insert, values(2));
    expect({ ...mine.rows[0]!, id: 0, name: '' }).toEqual({ ...theirs.rows[0]!, id: 0, name: '' });
    expect(mine.fields).toEqual(theirs.fields);
    expect(mine.affectedRows).toBe(1);

    // drizzle's way: array rows, its own parsers for dates (kept as text).
    const options = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v, [types.DATE]: (v: string) => v } };
    const select = 'select id, name, born, day, doc, tags, blob, ok, amount from things where id = any($1) order by id';
    const rows = await pg.query(select, [[1, 2]], options);
    expect(rows.rows).toEqual((await own(select, [[1, 2]], options)).rows);
    expect(rows.rows[0]).toEqual([
      1,
      'Thandi 1 “quoted” \\ back',
      '2026-11-29 08:30:00+00',
      '2026-11-29',
      { gift: 12_500, note: 'tithe' },
      ['a', 'b "c"', null],
      new Uint8Array([0, 1, 254, 255]),
      true,
      '12345.67',
    ]);
    // The parsers given for one statement do not stay behind for the next.
    expect((await pg.query<{ born: Date }>('select born from things where id = 1')).rows[0]!.born).toBeInstanceOf(Date);
  });

  it('parses a statement once: later runs are one bind-and-execute', async () => {
    const text = 'select name from things where id = $1';
    await pg.query(text, [1]);
    sent = [];
    for (let i = 0; i < 3; i++) expect((await pg.query<{ name: string }>(text, [1])).rows[0]!.name).toMatch(/^Thandi 1/);
    expect(sent).toEqual([B, B, B]);
    sent = [];
    await pg.query('select count(*) from things where ok = $1', [true]);
    expect(sent[0]).toBe(P);
  });

  it('a failing statement says why, with the statement on the error, and the next one runs', async () => {
    const insert = 'insert into things (id, name) values ($1, $2)';
    const err = await pg.query(insert, [1, 'again']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', query: insert, params: [1, 'again'] });
    await expect(pg.query(insert, [3, 'Sipho'])).resolves.toMatchObject({ affectedRows: 1 });
    await expect(pg.query('select nope from things')).rejects.toMatchObject({ code: '42703' });
    expect((await pg.query<{ n: number }>('select count(*)::int n from things')).rows[0]!.n).toBe(3);
  });

  it('a statement whose table changed shape is prepared again (no stale plan)', async () => {
    await pg.exec('create table shapes (a int)');
    await pg.exec('insert into shapes values (1)');
    const text = 'select * from shapes';
    expect((await pg.query(text)).rows).toEqual([{ a: 1 }]);
    await pg.exec('alter table shapes add column b text default $$x$$');
    expect((await pg.query(text)).rows).toEqual([{ a: 1, b: 'x' }]);
  });

  it('keeps at most MAX_PREPARED statements: the least recently used are closed in the engine', async () => {
    for (let i = 0; i < MAX_PREPARED + 20; i++) await pg.query(`select ${i} as n`);
    expect(prepared.size()).toBe(MAX_PREPARED);
    // Closes ride on the next statement: this count sees them done.
    const inEngine = await pg.query<{ n: number }>('select count(*)::int n from pg_prepared_statements');
    expect(inEngine.rows[0]!.n).toBe(MAX_PREPARED);
    // An evicted statement still runs (prepared again).
    expect((await pg.query('select 0 as n')).rows).toEqual([{ n: 0 }]);
  });

  it('waits for an open transaction, as PGlite’s own query does', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = pg.transaction(async (t) => {
      await t.query('insert into things (id, name) values (10, $1)', ['in the transaction']);
      order.push('tx wrote');
      await held;
      order.push('tx done');
    });
    await new Promise((r) => setTimeout(r, 20));
    const read = pg.query<{ n: number }>('select count(*)::int n from things where id = 10').then((r) => {
      order.push('read');
      return r.rows[0]!.n;
    });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await tx;
    expect(await read).toBe(1);
    expect(order).toEqual(['tx wrote', 'tx done', 'read']);
  });
});
