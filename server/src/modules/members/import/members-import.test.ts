import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guessMapping } from '@church/contract/members-import';
import { auditLog, domainEvents, memberStatusHistory, users, webhookDeliveries, webhooks } from '../../../db/schema/index';
import { createTestApp, createUser, json, type TestApp } from '../../../../test/test-app';
import { multipart } from '../../../../test/multipart';

let t: TestApp;
let pastor: Awaited<ReturnType<typeof createUser>>;
let elder: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  pastor = await createUser(t, { role: 'pastor', name: 'Pastor Sipho' });
  elder = await createUser(t, { role: 'elder', name: 'Elder Grace' });
  member = await createUser(t, { role: 'member', name: 'Plain Member' });
});
afterAll(() => t.close());

function send(url: string, token: string, csv: string | Buffer, mapping?: Record<string, string>, filename = 'people.csv') {
  const body = multipart(mapping ? { mapping: JSON.stringify(mapping) } : {}, [
    { field: 'file', filename, content: Buffer.isBuffer(csv) ? csv : Buffer.from(csv), type: 'text/csv' },
  ]);
  return t.request({ method: 'POST', url, token, payload: body.payload, headers: body.headers });
}
const dryRun = (token: string, csv: string | Buffer, mapping?: Record<string, string>) =>
  send('/api/members/import/dry-run', token, csv, mapping);
const commit = (token: string, csv: string | Buffer, mapping?: Record<string, string>) => send('/api/members/import', token, csv, mapping);
const byEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('column mapping', () => {
  it('guesses the usual header names, each field once', () => {
    expect(guessMapping(['Full Name', 'E-mail Address', 'Cell', 'DOB', 'Member Since', 'Favourite colour', 'Mobile'])).toEqual({
      'Full Name': 'name',
      'E-mail Address': 'email',
      Cell: 'phone',
      DOB: 'dateOfBirth',
      'Member Since': 'joinDate',
      'Favourite colour': '',
      Mobile: '',
    });
  });

  it('the dry run answers the headers, the guessed mapping and the first row', async () => {
    const res = await dryRun(pastor.token, 'Name,Email,Phone\nAnna Botha,anna@import.test,+27821110000\n');
    expect(res.statusCode).toBe(200);
    const d = json(res).data;
    expect(d.headers).toEqual(['Name', 'Email', 'Phone']);
    expect(d.mapping).toEqual({ Name: 'name', Email: 'email', Phone: 'phone' });
    expect(d.sample).toEqual(['Anna Botha', 'anna@import.test', '+27821110000']);
  });

  it("uses the leader's mapping: a column can be left out, another header can fill a field", async () => {
    const csv = 'Who,Address (mail),Notes\nBen Zulu,ben@import.test,keep out\n';
    const res = await dryRun(pastor.token, csv, { Who: 'name', 'Address (mail)': 'email', Notes: '' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.rows[0]).toMatchObject({ row: 2, email: 'ben@import.test', name: 'Ben Zulu', action: 'new', errors: [] });
  });

  it.each([
    [{ Name: 'name', Email: 'name' }, 'Two columns are mapped to Name'],
    [{ Name: '', Email: 'email' }, 'Map a column to Name, or to First name and Last name'],
    [{ Nope: 'email' }, "The mapping names a column the file does not have: 'Nope'"],
    [{ Name: 'favouriteColour' }, 'The column mapping is not valid'],
  ])('refuses the mapping %o with its text', async (mapping, message) => {
    const res = await dryRun(pastor.token, 'Name,Email\nA,a@import.test\n', mapping as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
  });
});

describe('dry run', () => {
  it('reports new / updated / unchanged per row, matched by e-mail, and writes nothing', async () => {
    await commit(pastor.token, 'Name,Email,Phone,Occupation\nCara Nkosi,cara@import.test,+27825550001,Nurse\nDan Smit,dan@import.test,,\n');
    const csv = [
      'Name,Email,Phone,Occupation',
      'Cara Nkosi,CARA@import.test,+27825550001,Doctor', // updated (occupation)
      'Dan Smit,dan@import.test,,', // unchanged
      'Eve Dlamini,eve@import.test,+27825550003,', // new
    ].join('\n');
    const res = await dryRun(pastor.token, csv);
    expect(res.statusCode).toBe(200);
    const d = json(res).data;
    expect(d.counts).toEqual({ total: 3, created: 1, updated: 1, unchanged: 1, errors: 0 });
    expect(d.rows).toMatchObject([
      { row: 2, email: 'cara@import.test', action: 'updated', changes: ['Occupation'] },
      { row: 3, email: 'dan@import.test', action: 'unchanged', changes: [] },
      { row: 4, email: 'eve@import.test', action: 'new', name: 'Eve Dlamini' },
    ]);
    expect(await byEmail('eve@import.test')).toBeUndefined();
    expect((await byEmail('cara@import.test'))!.occupation).toBe('Nurse');
  });

  it("lists every row's errors with the spec's texts", async () => {
    const csv = [
      'Name,Email,Phone,Date of birth,Gender,Volunteer,Role',
      ',nobody@import.test,,,,,', // row 2
      ',,,,,yes,', // row 3: no name
      'Bad Mail,not-an-address,,,,,', // row 4
      'Bad Phone,phone@import.test,082 555,,,,', // row 5
      'Bad Day,day@import.test,,31/02/1990,,,', // row 6
      'Bad Gender,gender@import.test,,,robot,maybe,', // row 7
      'Twice,phone@import.test,,,,,', // row 8
      'Too High,high@import.test,,,,,admin', // row 9
    ].join('\n');
    const res = await dryRun(pastor.token, csv);
    expect(res.statusCode).toBe(200);
    const d = json(res).data;
    expect(d.counts.errors).toBe(8);
    expect(d.rows.filter((r: { action: string }) => r.action !== 'error')).toEqual([]);
    expect(d.rows.map((r: { row: number; errors: string[] }) => [r.row, r.errors])).toEqual([
      [2, ['Name is required']],
      [3, ['Name is required']],
      [4, ['Email is invalid']],
      [5, ['Phone number is invalid']],
      [6, ['Date of birth must be a date (YYYY-MM-DD or DD/MM/YYYY)']],
      [7, ['Gender must be one of: male, female, other', 'Volunteer must be yes or no']],
      [8, ['This email is also on row 5']],
      [9, ['You may not grant the role admin']],
    ]);
  });

  it('refuses a broken, empty or oversized CSV with a 4xx and its reason', async () => {
    const broken = await dryRun(pastor.token, 'Name,Email\n"Unclosed,a@import.test\n');
    expect(broken.statusCode).toBe(400);
    expect(json(broken).message).toMatch(/^The file could not be read as CSV: /);
    const empty = await dryRun(pastor.token, '');
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toBe('The file has no header row');
    const onlyHeader = await dryRun(pastor.token, 'Name,Email\n');
    expect(json(onlyHeader).message).toBe('The file has a header row but no members');
    const dupHeader = await dryRun(pastor.token, 'Email,Email\na@b.co,a@b.co\n');
    expect(json(dupHeader).message).toBe("The column 'Email' appears twice in the header row");
    const binary = await dryRun(pastor.token, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    expect(binary.statusCode).toBe(400);
    const row = 'Huge Person,huge@import.test,' + 'x'.repeat(200) + '\n';
    const huge = await dryRun(pastor.token, 'Name,Email,Notes\n' + row.repeat(Math.ceil((10 * 1024 * 1024) / row.length) + 10));
    expect(huge.statusCode).toBe(413);
    expect(json(huge).message).toBe('The file is larger than 10 MB');
  });

  it('refuses a request without a file, or not multipart', async () => {
    const none = multipart({ mapping: '{}' });
    const res = await t.request({ method: 'POST', url: '/api/members/import/dry-run', token: pastor.token, ...none });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Choose a CSV file to import');
    const plain = await t.request({ method: 'POST', url: '/api/members/import/dry-run', token: pastor.token, payload: { a: 1 } });
    expect(plain.statusCode).toBe(415);
  });

  it('answers 400 to a body cut off inside the file (no closing boundary), for the dry run and the import', async () => {
    for (const url of ['/api/members/import/dry-run', '/api/members/import']) {
      const res = await t.request({
        method: 'POST',
        url,
        token: pastor.token,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="people.csv"\r\n\r\nName,Email\nA,a@b.co',
      });
      expect(res.statusCode, url).toBe(400);
    }
  }, 10_000);
});

describe('import', () => {
  it('imports new members with status history and one audit entry for the import', async () => {
    const imports = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'member.imported'));
    const earlier = (await imports()).length;
    const csv =
      'Name,Email,Phone,Status,Join date\nFaith Molefe,faith@import.test,082 555 0010,visitor,01/03/2024\nGift Pillay,gift@import.test,,,\n';
    const res = await commit(pastor.token, csv);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Import complete: 2 new, 0 updated, 0 unchanged');
    const faith = await byEmail('faith@import.test');
    expect(faith).toMatchObject({ name: 'Faith Molefe', phone: '+27825550010', status: 'visitor', joinDate: '2024-03-01', role: 'member' });
    const gift = await byEmail('gift@import.test');
    expect(gift!.joinDate).toBe(new Date().toISOString().slice(0, 10));
    const hist = await t.database.db.select().from(memberStatusHistory).where(eq(memberStatusHistory.memberId, faith!.id));
    expect(hist).toMatchObject([{ fromStatus: null, toStatus: 'visitor', changedByName: 'Pastor Sipho' }]);
    const audit = await imports();
    expect(audit).toHaveLength(earlier + 1);
    expect(audit.find((a) => a.summary.includes('2 new'))).toMatchObject({
      actorName: 'Pastor Sipho',
      summary: 'Imported people.csv: 2 new, 0 updated, 0 unchanged',
    });
  });

  it('blank cells never erase what is stored; filled cells update, with history for a status change', async () => {
    await commit(pastor.token, 'Name,Email,Phone,Address,Notes\nHope Khumalo,hope@import.test,+27825550020,12 Kerk St,Loves choir\n');
    const res = await commit(pastor.token, 'Name,Email,Phone,Address,Notes,Status\n,HOPE@import.test,,,,inactive\n');
    expect(res.statusCode).toBe(200);
    expect(json(res).data.counts).toEqual({ total: 1, created: 0, updated: 1, unchanged: 0, errors: 0 });
    const hope = await byEmail('hope@import.test');
    expect(hope).toMatchObject({
      name: 'Hope Khumalo',
      phone: '+27825550020',
      address: '12 Kerk St',
      notes: 'Loves choir',
      status: 'inactive',
    });
    const hist = await t.database.db.select().from(memberStatusHistory).where(eq(memberStatusHistory.memberId, hope!.id));
    expect(hist.find((h) => h.toStatus === 'inactive')).toMatchObject({ fromStatus: 'active', reason: 'Imported from people.csv' });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, hope!.id), eq(auditLog.action, 'member.updated')));
    expect(audit[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'inactive' } });
  });

  it('imports the good rows and hands back the bad ones as CSV with their reasons (issue 31)', async () => {
    await commit(pastor.token, 'Name,Email,Occupation\nIvy Naidoo,ivy@import.test,Teacher\n');
    // 600 rows: the good ones span more than one write chunk around the bad rows.
    const good = Array.from({ length: 600 }, (_, i) => `Good ${i},good${i}@import.test,Clerk`);
    const csv = [
      'Name,Email,Occupation',
      'Ivy Naidoo,ivy@import.test,Principal',
      'Bad Early,not-an-address,Clerk',
      ...good,
      'Bad,bad@import.test,' + 'x'.repeat(130),
    ].join('\n');
    const res = await commit(pastor.token, csv);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Import complete: 600 new, 1 updated, 0 unchanged; 2 rows not imported');
    expect((await byEmail('ivy@import.test'))!.occupation).toBe('Principal');
    expect((await byEmail('good599@import.test'))!.occupation).toBe('Clerk');
    expect(await byEmail('bad@import.test')).toBeUndefined();
    const rejected = json(res).data.rejectedCsv as string;
    expect(rejected.trim().split('\n')).toEqual([
      'Name,Email,Occupation,Why it was not imported',
      'Bad Early,not-an-address,Clerk,Email is invalid',
      `Bad,bad@import.test,${'x'.repeat(130)},Occupation must be at most 120 characters`,
    ]);
    const clean = await commit(pastor.token, 'Name,Email\nJo Clean,jo.clean@import.test\n');
    expect(json(clean).data.rejectedCsv).toBeNull();
  });

  it('records people without e-mail and finds duplicates by phone in any form with the same name (issue 31)', async () => {
    await commit(pastor.token, 'Name,Email,Phone\nZodwa Phone,,082 555 7001\n');
    const res = await commit(
      pastor.token,
      [
        'First Name,Last Name,Cell,Occupation',
        'Zodwa,Phone,+27 82 555 7001,Teacher', // the same person, phone written another way: updated
        'Sizwe,Phone,0825557001,', // the same phone, another name (a family's shared phone): a new person
        'Sizwe,Phone,082-555-7001,', // the same person twice in the file
      ].join('\n'),
    );
    expect(json(res).message).toBe('Import complete: 1 new, 1 updated, 0 unchanged; 1 row not imported');
    const zodwa = await t.database.db.select().from(users).where(eq(users.name, 'Zodwa Phone'));
    expect(zodwa).toHaveLength(1);
    expect(zodwa[0]).toMatchObject({ email: null, phone: '+27825557001', occupation: 'Teacher' });
    expect(json(res).data.rejectedCsv).toContain('This person (same name and phone) is also on row 3');
  });

  it('reads a Breeze, a ChurchCRM and a Planning Center export with only the guessed mapping, households included', async () => {
    const exports = {
      breeze: [
        'Breeze ID,First Name,Last Name,Family,Family Role,Email,Mobile,Street Address,City,Birthdate,Gender,Status',
        '101,Thabo,Mahlangu,Mahlangu Family,Head of Household,thabo.breeze@import.test,082 600 1001,5 Oak Ave,Soweto,1980-05-01,M,Member',
        '102,Naledi,Mahlangu,Mahlangu Family,Spouse,,082 600 1002,5 Oak Ave,Soweto,1982-07-09,F,Member',
        '103,Kagiso,Mahlangu,Mahlangu Family,Child,,,5 Oak Ave,Soweto,2012-01-30,M,Member',
      ],
      churchcrm: [
        'Title,First Name,Last Name,Family Name,Family Role,Email,Cell Phone,Address1,City,Birth Date,Gender',
        'Mr,Johan,Botha,Botha,Head of Household,johan.crm@import.test,072 700 1001,9 Kerk St,Paarl,1970-03-03,Male',
        'Mrs,Anri,Botha,Botha,Spouse,anri.crm@import.test,072 700 1002,9 Kerk St,Paarl,1972-04-04,Female',
      ],
      pco: [
        'Person ID,First Name,Last Name,Home Email,Mobile Phone Number,Home Address Street Line 1,Home Address City,Birthdate,Gender,Household Name,Membership',
        '9001,Lindiwe,Zungu,lindiwe.pco@import.test,+27 83 800 1001,3 Palm Rd,Durban,1990-02-02,Female,Zungu Household,Member',
        '9002,Sipho,Zungu,,+27 83 800 1002,3 Palm Rd,Durban,1989-09-09,Male,Zungu Household,Visitor',
      ],
    };
    for (const [system, lines] of Object.entries(exports)) {
      const res = await commit(pastor.token, lines.join('\n') + '\n');
      expect(res.statusCode, system).toBe(200);
      expect(json(res).data.counts.errors, `${system}: ${json(res).data.rejectedCsv}`).toBe(0);
      expect(json(res).data.households, system).toBe(1);
    }
    const [kagiso] = await t.database.db.select().from(users).where(eq(users.name, 'Kagiso Mahlangu'));
    const [thabo] = await t.database.db.select().from(users).where(eq(users.name, 'Thabo Mahlangu'));
    expect(kagiso).toMatchObject({ email: null, householdRole: 'child', address: '5 Oak Ave, Soweto', gender: 'male', status: 'active' });
    expect(thabo).toMatchObject({ householdId: kagiso!.householdId, householdRole: 'head', phone: '+27826001001', birthday: '1980-05-01' });
    const [sipho] = await t.database.db.select().from(users).where(eq(users.name, 'Sipho Zungu'));
    expect(sipho).toMatchObject({ status: 'visitor', phone: '+27838001002' });
  });

  it('without a family column, people sharing an address make one household; a later import joins it', async () => {
    const res = await commit(
      pastor.token,
      'Name,Phone,Address\nAyanda Cele,083 900 1001,7 Long Street Cape Town\nBongi Cele,083 900 1002,"7 long street,  cape town"\nSolo Person,,1 Far Away\n',
    );
    expect(json(res).data.households).toBe(1);
    const more = await commit(pastor.token, 'Name,Address\nCebo Cele,7 Long Street Cape Town\n');
    expect(json(more).data.households).toBe(0);
    const rows = await t.database.db.select().from(users).where(eq(users.address, '7 Long Street Cape Town'));
    const cebo = (await t.database.db.select().from(users).where(eq(users.name, 'Cebo Cele')))[0]!;
    expect(cebo.householdId).toBe(rows[0]!.householdId);
    expect(cebo.householdId).not.toBeNull();
    const solo = (await t.database.db.select().from(users).where(eq(users.name, 'Solo Person')))[0]!;
    expect(solo.householdId).toBeNull();
  });

  it('keeps the edit guards: a pastor cannot change an admin by import', async () => {
    const admin = await createUser(t, { role: 'admin', name: 'Admin Ayanda' });
    const res = await dryRun(pastor.token, `Name,Email\nRenamed,${admin.user.email}\n`);
    expect(json(res).data.rows[0].errors).toEqual(['Only an administrator can change or remove an administrator']);
  });
});

describe('who may import', () => {
  it('401 without a session, 403 for roles that may not add members', async () => {
    const csv = 'Name,Email\nJoy,joy@import.test\n';
    for (const url of ['/api/members/import/dry-run', '/api/members/import']) {
      expect((await send(url, '', csv)).statusCode).toBe(401);
      expect((await send(url, member.token, csv)).statusCode).toBe(403);
      expect((await send(url, elder.token, csv)).statusCode).toBe(403);
    }
    expect(await byEmail('joy@import.test')).toBeUndefined();
  });
});

describe('webhooks', () => {
  it('imported people have not agreed to the directory: no member.created leaves the church about them', async () => {
    // A developer with a paid key listening for member.created: only the members' consent stands in the way (webhooks/audience.ts).
    const dev = await createUser(t, { role: 'developer', name: 'Dev Dora', permissions: ['api:access'] });
    const key = await t.request({
      method: 'POST',
      url: '/api/developers/api-keys',
      token: dev.token,
      payload: { name: 'crm', pricingTier: 'basic' },
    });
    expect(key.statusCode).toBe(201);
    const [hook] = await t.database.db
      .insert(webhooks)
      .values({
        userId: dev.user.id,
        name: 'CRM',
        url: 'http://127.0.0.1:9/hook',
        events: ['member.created'],
        secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=',
      })
      .returning();
    const res = await commit(pastor.token, 'Name,Email\nKim One,kim1@import.test\nKim Two,kim2@import.test\n');
    expect(res.statusCode).toBe(200);
    expect(await byEmail('kim1@import.test')).toBeDefined();
    // Both were recorded as domain events; the webhooks subscriber, run here, finds nobody it may tell.
    const recorded = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'member.created'));
    expect(recorded.map((e) => (e.data as { object: { name: string } }).object.name)).toEqual(
      expect.arrayContaining(['Kim One', 'Kim Two']),
    );
    await t.ctx.jobs.drain({ names: t.ctx.events.queues() });
    const sent = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook!.id));
    expect(sent).toEqual([]);
    await t.database.db.update(webhooks).set({ isActive: false }).where(eq(webhooks.id, hook!.id));
  });
});
