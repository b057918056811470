import JSZip from 'jszip';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROOM_SETTINGS } from '@church/contract/chat/rooms';
import { PRIVACY_TEXTS } from '@church/contract/privacy';
import { createTestApp, createUser, json, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { chatMessages, chatRooms, donations, notifications, prayers, users } from '../../db/schema/index';
import { USER_COLUMNS } from './policy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Every column of every table that references users(id), from the database's own catalogue. */
async function userReferences(): Promise<string[]> {
  const res = (await t.database.db.execute(sql`
    select c.conrelid::regclass::text as tbl, a.attname as col
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'public.users'::regclass and c.conrelid::regclass::text not like 'pgboss.%'
  `)) as unknown as { rows: { tbl: string; col: string }[] };
  return res.rows.map((r) => `${r.tbl.replace(/^public\./, '').replace(/"/g, '')}.${r.col}`).sort();
}

async function seedPerson(name: string) {
  const person = await createUser(t, { name, phone: '082 555 0101', address: '12 Long Street, Cape Town' });
  const db = t.database.db;
  await db.insert(prayers).values({ userId: person.user.id, submittedBy: name, title: `${name}'s prayer`, description: 'For my family' });
  await db.insert(notifications).values({ userId: person.user.id, type: 'other', title: `Hello ${name}`, message: 'Welcome' });
  await db
    .insert(donations)
    .values({ userId: person.user.id, amountCents: 25_000, fund: 'General', status: 'completed' } as typeof donations.$inferInsert);
  let [room] = await db.select().from(chatRooms).limit(1);
  room ??= (await db.insert(chatRooms).values({ name: 'General Chat', settings: DEFAULT_ROOM_SETTINGS }).returning())[0]!;
  await db.insert(chatMessages).values({ roomId: room.id, senderId: person.user.id, content: `${name} says hello` });
  return person;
}

describe('erasure policy', () => {
  it('names every column that references a person, and only columns that exist', async () => {
    const refs = await userReferences();
    const missing = refs.filter((r) => !(r in USER_COLUMNS));
    expect(missing, 'add these to server/src/modules/privacy/policy.ts').toEqual([]);
    for (const ref of Object.keys(USER_COLUMNS)) {
      const [table, column] = ref.split('.');
      const res = (await t.database.db.execute(
        sql`select 1 from information_schema.columns where table_schema = 'public' and table_name = ${table} and column_name = ${column}`,
      )) as unknown as { rows: unknown[] };
      expect(res.rows.length, ref).toBe(1);
    }
  });
});

describe('download my data', () => {
  it('is prepared by a job and holds my rows and nobody else’s, without secrets', async () => {
    const me = await seedPerson('Thandi Mokoena');
    const other = await seedPerson('Sipho Dlamini');
    const queued = await t.request({ method: 'POST', url: '/api/members/profile/data-export', token: me.token });
    expect(queued.statusCode).toBe(202);
    expect(json(queued).message).toBe(PRIVACY_TEXTS.exportQueued);
    const id = json(queued).data.request.id;
    // Asking again while it is being prepared does not queue a second one.
    const again = await t.request({ method: 'POST', url: '/api/members/profile/data-export', token: me.token });
    expect(json(again).data.request.id).toBe(id);
    expect((await t.request({ method: 'GET', url: `/api/members/profile/data-export/${id}`, token: me.token })).statusCode).toBe(409);

    await t.ctx.jobs.drain();
    const list = json(await t.request({ method: 'GET', url: '/api/members/profile/data-requests', token: me.token })).data.requests;
    expect(list[0]).toMatchObject({ id, kind: 'export', status: 'ready' });
    expect(list[0].expiresAt).not.toBeNull();

    // Somebody else cannot fetch it, even knowing the id.
    expect((await t.request({ method: 'GET', url: `/api/members/profile/data-export/${id}`, token: other.token })).statusCode).toBe(404);
    const res = await t.request({ method: 'GET', url: `/api/members/profile/data-export/${id}`, token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const data = JSON.parse(await zip.file('data.json')!.async('string')).data;
    expect(data.profile[0]).toMatchObject({ name: 'Thandi Mokoena', phone: '082 555 0101' });
    expect(data.profile[0].password_hash).toBeUndefined();
    expect(data.prayers.map((p: { title: string }) => p.title)).toEqual(["Thandi Mokoena's prayer"]);
    expect(data.donations.map((d: { amount_cents: number }) => d.amount_cents)).toEqual([25_000]);
    expect(data.chat_messages.map((m: { content: string }) => m.content)).toEqual(['Thandi Mokoena says hello']);
    const whole = JSON.stringify(data);
    expect(whole).not.toContain('Sipho');
    expect(whole).not.toContain(other.user.id);
    expect(await zip.file('csv/prayers.csv')!.async('string')).toContain("Thandi Mokoena's prayer");
    // The member hears that it is ready.
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
    expect(notes.map((n) => n.title)).toContain(PRIVACY_TEXTS.exportReady);
  });

  it('refuses the anonymous and unknown ids', async () => {
    const me = await createUser(t);
    expect((await t.request({ method: 'POST', url: '/api/members/profile/data-export' })).statusCode).toBe(401);
    const unknown = await t.request({ method: 'GET', url: `/api/members/profile/data-export/${crypto.randomUUID()}`, token: me.token });
    expect(unknown.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/members/profile/data-export/not-a-uuid', token: me.token })).statusCode).toBe(400);
  });
});

describe('delete my account', () => {
  const del = (token: string, payload: Record<string, string>) =>
    t.request({ method: 'DELETE', url: '/api/members/profile', token, payload });

  it('needs the password and the word DELETE', async () => {
    const me = await createUser(t);
    const noWord = await del(me.token, { password: TEST_PASSWORD, confirmation: 'yes' });
    expect(noWord.statusCode).toBe(400);
    expect(json(noWord).message).toContain(PRIVACY_TEXTS.deleteConfirmMismatch);
    const wrong = await del(me.token, { password: 'not-my-password', confirmation: 'DELETE' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe(PRIVACY_TEXTS.deleteWrongPassword);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(still!.erasedAt).toBeNull();
  });

  it('erases personal data at once, keeps gift records, and the person cannot sign in again', async () => {
    const me = await seedPerson('Lerato Khumalo');
    const other = await seedPerson('Nomsa Zulu');
    const res = await del(me.token, { password: TEST_PASSWORD, confirmation: 'DELETE' });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(PRIVACY_TEXTS.deleted);

    const db = t.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ name: PRIVACY_TEXTS.formerMember, phone: null, address: null, passwordHash: null, isActive: false });
    expect(row!.email).not.toContain('example.org');
    expect(row!.erasedAt).not.toBeNull();
    expect(await db.select().from(prayers).where(eq(prayers.userId, me.user.id))).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.userId, me.user.id))).toEqual([]);
    // Kept: the gift (tax law) and the chat message, now under "Former member".
    expect((await db.select().from(donations).where(eq(donations.userId, me.user.id))).map((d) => d.amountCents)).toEqual([25_000]);
    expect((await db.select().from(chatMessages).where(eq(chatMessages.senderId, me.user.id))).length).toBe(1);
    // Someone else's data is untouched.
    expect((await db.select().from(prayers).where(eq(prayers.userId, other.user.id))).length).toBe(1);

    // The old session is over, and the old e-mail and password open nothing.
    expect((await t.request({ method: 'GET', url: '/api/members/profile', token: me.token })).statusCode).toBe(401);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: me.user.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(401);

    // Administrators see the request with its date; the name is gone.
    const admin = await createUser(t, { role: 'admin' });
    const list = json(await t.request({ method: 'GET', url: '/api/admin/data-requests', token: admin.token })).data.requests;
    expect(list.find((r: { userId: string; kind: string }) => r.userId === me.user.id && r.kind === 'deletion')).toMatchObject({
      status: 'completed',
      personName: PRIVACY_TEXTS.formerMember,
    });
    const member = await createUser(t);
    expect((await t.request({ method: 'GET', url: '/api/admin/data-requests', token: member.token })).statusCode).toBe(403);
  });

  it('keeps the last superadmin from locking the church out', async () => {
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.role, 'superadmin'));
    const only = await createUser(t, { role: 'superadmin' });
    const res = await del(only.token, { password: TEST_PASSWORD, confirmation: 'DELETE' });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(PRIVACY_TEXTS.deleteLastSuperadmin);
  });
});

describe('after a deletion', () => {
  it('the person is in no audience and no member list', async () => {
    const gone = await createUser(t, { name: 'Zanele Gone' });
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: '/api/members/profile',
          token: gone.token,
          payload: { password: TEST_PASSWORD, confirmation: 'DELETE' },
        })
      ).statusCode,
    ).toBe(200);
    const pastor = await createUser(t, { role: 'pastor' });
    const list = json(await t.request({ method: 'GET', url: '/api/members?limit=100&search=Former', token: pastor.token }));
    expect(JSON.stringify(list)).not.toContain(gone.user.id);
    const preview = await t.request({
      method: 'POST',
      url: '/api/messages/preview',
      token: pastor.token,
      payload: { subject: 'Hello', message: 'Hi {firstName}', recipientType: 'inactive' },
    });
    expect(preview.statusCode).toBe(200);
    expect(JSON.stringify(json(preview))).not.toContain(PRIVACY_TEXTS.formerMember);
  });
});

describe('leaders reading a record', () => {
  it('is in the audit log, with who read whose record and when; reading one’s own is not', async () => {
    const pastor = await createUser(t, { role: 'pastor', name: 'Pastor Reader' });
    const member = await createUser(t, { name: 'Read Subject' });
    expect((await t.request({ method: 'GET', url: `/api/members/${member.user.id}`, token: pastor.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/members/${pastor.user.id}`, token: pastor.token })).statusCode).toBe(200);
    const rows = (await t.database.db.execute(
      sql`select actor_id, entity_id, action from audit_log where action = 'member.viewed' and actor_id = ${pastor.user.id}`,
    )) as unknown as { rows: { entity_id: string }[] };
    expect(rows.rows.map((r) => r.entity_id)).toEqual([member.user.id]);
  });
});
