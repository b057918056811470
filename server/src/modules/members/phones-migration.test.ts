import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { MIGRATIONS_DIR } from '../../db/client';
import { users, visitors } from '../../db/schema/index';

/**
 * The migration phones_e164 rewrites the phones stored before issue 31 as E.164. Its statements are read from
 * the migration file and run on rows as the old code wrote them (any spacing, 0…, 27…, 0027…, +27 …).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const statements = () => {
  const file = fs.readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_phones_e164.sql'))!;
  return fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8').split('--> statement-breakpoint');
};

describe('migration: phones to E.164', () => {
  it('normalises every local form, keeps what is not plainly a phone, and is found by search in any form', async () => {
    const written = [
      '082 555 1234',
      '0825551237',
      '27 82 555 1235',
      '0027825551236',
      '+27 (82) 555-1238',
      '+44 20 7946 0958',
      '082 555 1234 (work)',
      '  ',
      '12345',
    ];
    const made = [];
    for (const [i, phone] of written.entries())
      made.push(await createUser(t, { name: `Legacy ${i}`, email: `legacy${i}@example.org`, phone }));
    await t.database.db
      .insert(visitors)
      .values({ firstName: 'Card', lastName: 'Visitor', email: 'card@example.org', phone: '083 444 9876' });
    for (const s of statements()) await t.database.db.execute(sql.raw(s));
    const rows = await t.database.db
      .select({ name: users.name, phone: users.phone })
      .from(users)
      .where(
        inArray(
          users.id,
          made.map((m) => m.user.id),
        ),
      )
      .orderBy(users.name);
    expect(rows.map((r) => r.phone)).toEqual([
      '+27825551234',
      '+27825551237',
      '+27825551235',
      '+27825551236',
      '+27825551238',
      '+442079460958',
      '082 555 1234 (work)',
      null,
      '12345',
    ]);
    const [card] = await t.database.db.select({ phone: visitors.phone }).from(visitors);
    expect(card!.phone).toBe('+27834449876');
    // Running again changes nothing.
    for (const s of statements()) await t.database.db.execute(sql.raw(s));
    const again = await t.database.db
      .select({ phone: users.phone })
      .from(users)
      .where(
        inArray(
          users.id,
          made.map((m) => m.user.id),
        ),
      )
      .orderBy(users.name);
    expect(again).toEqual(rows.map((r) => ({ phone: r.phone })));

    const pastor = await createUser(t, { role: 'pastor' });
    for (const q of ['082 555 1236', '0825551236', '+27 82 555 1236', '555 1236']) {
      const res = await t.request({ method: 'GET', url: `/api/members?q=${encodeURIComponent(q)}`, token: pastor.token });
      expect(json(res).data.members.map((m: { name: string }) => m.name)).toEqual(['Legacy 3']);
    }
  });
});
