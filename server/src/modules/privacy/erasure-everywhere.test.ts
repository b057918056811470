import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROOM_SETTINGS } from '@church/contract/chat/rooms';
import { PRIVACY_TEXTS } from '@church/contract/privacy';
import { createTestApp, createUser, json, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { chatMessages, chatRooms, donations, notifications } from '../../db/schema/index';
import { startSmtpStandIn } from '../../../test/support/smtp-stand-in';

/**
 * POPIA erasure reaches everywhere the person's details were copied, not only
 * the rows that point at their account: the audit log (a leader's edit keeps
 * before/after), the mail log (the welcome mail is addressed to them), the
 * gift records (donor name, a note in their words), the job queue. After the
 * deletion every text column of every table — read from the catalogue, so a
 * table added later is searched too — is searched for their name, e-mail and
 * phone, and none is found. The gifts stay (amounts, dates, funds) under
 * "Former member", and their chat messages read "Former member" through the API.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
beforeAll(async () => {
  // With SMTP the welcome mail is kept in the mail log, addressed to them.
  smtp = await startSmtpStandIn();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Rows<T> = { rows: T[] };
const q = async <T>(text: string) => ((await t.database.db.execute(sql.raw(text))) as unknown as Rows<T>).rows;

/** Every text, varchar, json and array column of every table of ours (public) and of the job queue (pgboss). */
async function textColumns() {
  return q<{ schema: string; tbl: string; col: string }>(
    `select c.table_schema as schema, c.table_name as tbl, c.column_name as col
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema in ('public', 'pgboss')
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
      order by 1, 2, 3`,
  );
}

async function findEverywhere(needles: string[]) {
  const found: string[] = [];
  const patterns = needles.map((n) => `'%${n.replace(/'/g, "''").toLowerCase()}%'`).join(', ');
  for (const { schema, tbl, col } of await textColumns()) {
    const [row] = await q<{ n: number }>(
      `select count(*)::int as n from "${schema}"."${tbl}" where lower("${col}"::text) like any (array[${patterns}])`,
    );
    if (row!.n) found.push(`${schema}.${tbl}.${col} (${row!.n})`);
  }
  return found;
}

describe('deleting an account erases the person everywhere', () => {
  it('leaves their name, e-mail and phone in no table; gifts stay de-identified; messages show a former member', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const name = `Ayanda Qwabe-${tag}`;
    const email = `ayanda.${tag}@example.org`;
    const phone = '083 777 4242';

    // Signs up through the API: the welcome mail goes into the mail log addressed to them.
    const reg = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name, email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, acceptTerms: true },
    });
    expect(reg.statusCode).toBe(201);
    const { token, user } = json(reg) as { token: string; user: { id: string } };
    const me = await t.request({
      method: 'PUT',
      url: '/api/members/profile',
      token,
      payload: { name, email, phone, address: `7 ${tag} Road, Umlazi` },
    });
    expect(me.statusCode).toBe(200);

    // A leader reads and edits their record: both are in the audit log, the edit with before and after.
    const admin = await createUser(t, { role: 'admin' });
    expect((await t.request({ url: `/api/members/${user.id}`, token: admin.token })).statusCode).toBe(200);
    const edit = await t.request({
      method: 'PUT',
      url: `/api/members/${user.id}`,
      token: admin.token,
      // A new number (phones are kept in one form, so only a changed one is a change): before holds the old.
      payload: { name, email, phone: '+27 83 777 4243', occupation: 'Nurse', joinDate: '2024-02-01' },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    // Gifts recorded with their name and a note, a message in the chat, a notification.
    const db = t.database.db;
    await db.insert(donations).values([
      { userId: user.id, donorName: name, amountCents: 30_000, fund: 'General', note: `Thanks from ${name}, ${phone}` },
      { userId: user.id, donorName: name, amountCents: 12_500, fund: 'Building' },
    ] as (typeof donations.$inferInsert)[]);
    const [room] = await db
      .insert(chatRooms)
      .values({ name: `Youth ${tag}`, settings: DEFAULT_ROOM_SETTINGS })
      .returning();
    await db.insert(chatMessages).values({ roomId: room!.id, senderId: user.id, content: 'See you all on Sunday' });
    await db.insert(notifications).values({ userId: user.id, type: 'other', title: `Welcome ${name}`, message: 'Hello' });
    // Mail to them: one delivered, and one still waiting when they delete their account.
    await t.ctx.mailer.send({ to: email, subject: `Your gift, ${name}`, text: `Dear ${name}, thank you.` });
    await t.ctx.jobs.drain();
    const waiting = await t.ctx.mailer.send({ to: email, subject: `Sunday, ${name}`, text: 'See you there.' });

    // Before: the details are in many places (the search works).
    const needles = [name, email, '777 4242', '7774242', '7774243'];
    const before = await findEverywhere(needles);
    for (const place of [
      'public.audit_log.before',
      'public.donations.donor_name',
      'public.donations.note',
      'public.email_outbox.to_address',
    ])
      expect(before.join(' ')).toContain(place);

    const del = await t.request({
      method: 'DELETE',
      url: '/api/members/profile',
      token,
      payload: { password: TEST_PASSWORD, confirmation: 'DELETE' },
    });
    expect(del.statusCode).toBe(200);
    await t.ctx.jobs.drain();

    expect(await findEverywhere(needles)).toEqual([]);
    // The mail that was still waiting is not sent to them.
    expect(smtp.received.filter((m) => m.raw.includes('Sunday,'))).toEqual([]);
    const [mail] = await q<{ skip_reason: string | null; sent_at: string | null }>(
      `select skip_reason, sent_at from email_outbox where id = '${waiting}'`,
    );
    expect(mail).toEqual({ skip_reason: 'The account was deleted', sent_at: null });

    // The money stays: the same gifts, amounts and funds, under "Former member".
    const gifts = await q<{ donor_name: string; amount_cents: number; fund: string; note: string | null }>(
      `select donor_name, amount_cents, fund, note from donations where user_id = '${user.id}' order by amount_cents`,
    );
    expect(gifts).toEqual([
      { donor_name: PRIVACY_TEXTS.formerMember, amount_cents: 12_500, fund: 'Building', note: null },
      { donor_name: PRIVACY_TEXTS.formerMember, amount_cents: 30_000, fund: 'General', note: null },
    ]);
    // Their words stay in the room, signed by a former member, as the API shows them.
    const reader = await createUser(t);
    const joined = await t.request({ method: 'POST', url: `/api/chat/rooms/${room!.id}/join`, token: reader.token });
    expect(joined.statusCode, joined.body).toBe(200);
    const messages = await t.request({ url: `/api/chat/rooms/${room!.id}/messages`, token: reader.token });
    expect(messages.statusCode, messages.body).toBe(200);
    const listed = JSON.stringify(json(messages));
    expect(listed).toContain('See you all on Sunday');
    expect(listed).toContain(PRIVACY_TEXTS.formerMember);
    expect(listed).not.toContain(name);
  }, 120_000);
});
