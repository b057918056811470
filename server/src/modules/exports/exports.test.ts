import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { EXPORT_FORMATS, EXPORT_TEXTS, REPORT_TYPES, type ExportFormat, type ExportType } from '@church/contract/exports';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { careVisits, consents, donations, eventAttendance, events, exportFiles, prayers, users } from '../../db/schema/index';
import { BUILD_JOB, CLEANUP_JOB } from './service';

let t: TestApp;
let pastor: Awaited<ReturnType<typeof createUser>>;
let churchName = '';
/** March 2025 in Johannesburg: every fixture row inside it is expected in the exports, the rest not. */
const MARCH = { dateRange: 'custom', startDate: '2025-03-01', endDate: '2025-03-31' } as const;
const at = (iso: string) => new Date(`${iso}+02:00`);

beforeAll(async () => {
  t = await createTestApp();
  pastor = await createUser(t, { role: 'pastor', name: 'Pastor Sipho Dlamini' });
  churchName = json(await t.request({ method: 'GET', url: '/api/settings', token: pastor.token })).data.settings.churchName;
  const db = t.database.db;
  const amara = await createUser(t, {
    name: 'Amara Early',
    joinDate: '2025-01-10',
    phone: '082 555 0101',
    address: '1 Oak Street, Rondebosch, Cape Town, 7700',
    notes: 'SECRET-MEMBER-NOTE',
  });
  const bongani = await createUser(t, { name: 'Bongani March', joinDate: '2025-03-15', address: '2 Pine Road, Durban' });
  await createUser(t, { name: 'Zola Later', joinDate: '2025-05-01' });
  // Only Amara agreed to be in the directory (the default is no).
  await db.insert(consents).values({ userId: amara.user.id, kind: 'directory_listing', granted: true, wording: 'x', source: 'profile' });
  await db.insert(careVisits).values({ memberId: amara.user.id, visitedOn: '2025-03-10', notes: 'CONFIDENTIAL-CARE-NOTE' });
  await db.insert(donations).values([
    {
      donorName: 'Alice Donor',
      amountCents: 10050,
      fund: 'General',
      paymentMethod: 'card',
      status: 'completed',
      givenAt: at('2025-03-02T10:00:00'),
      reference: 'REF-A',
    },
    {
      donorName: 'Bob Giver',
      amountCents: 25000,
      fund: 'Building',
      paymentMethod: 'bank',
      status: 'completed',
      givenAt: at('2025-03-20T10:00:00'),
      reference: 'REF-B',
    },
    {
      donorName: 'Carol Pending',
      amountCents: 5000,
      fund: 'General',
      paymentMethod: 'card',
      status: 'pending',
      givenAt: at('2025-03-21T10:00:00'),
      reference: 'REF-C',
    },
    {
      donorName: 'April Outside',
      amountCents: 99900,
      fund: 'General',
      paymentMethod: 'cash',
      status: 'completed',
      givenAt: at('2025-04-01T10:00:00'),
      reference: 'REF-D',
    },
  ]);
  await db.insert(prayers).values([
    {
      title: 'Healing for my mother',
      description: 'Please pray',
      submittedBy: 'Amara Early',
      status: 'answered',
      createdAt: at('2025-03-05T09:00:00'),
    },
    {
      title: 'New job',
      description: 'Interview next week',
      submittedBy: 'Bongani March',
      status: 'pending',
      priority: 'high',
      createdAt: at('2025-03-25T09:00:00'),
    },
    { title: 'February prayer', description: 'Outside', submittedBy: 'Zola', createdAt: at('2025-02-25T09:00:00') },
  ]);
  const [easter, april] = await db
    .insert(events)
    .values([
      {
        title: 'Lent Service',
        startsAt: at('2025-03-16T09:00:00'),
        time: '09:00',
        type: 'service',
        location: 'Main Hall',
        maxAttendees: 120,
      },
      { title: 'April Picnic', startsAt: at('2025-04-12T12:00:00'), type: 'fellowship' },
    ])
    .returning();
  await db.insert(eventAttendance).values([
    { eventId: easter!.id, userId: amara.user.id, checkedInAt: at('2025-03-16T08:50:00') },
    { eventId: easter!.id, userId: bongani.user.id, checkedInAt: at('2025-03-16T08:55:00') },
    { eventId: april!.id, userId: amara.user.id },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: object, token = pastor.token) => t.request({ method: 'POST', url: '/api/exports', token, payload });

/** Asks for an export, runs the job, follows the download link: the file's bytes and its row. */
async function exportFile(payload: object, token = pastor.token) {
  const res = await post(payload, token);
  expect(res.statusCode, res.body).toBe(202);
  const id = json(res).data.export.id as string;
  await t.ctx.jobs.drain({ names: [BUILD_JOB] });
  const info = json(await t.request({ method: 'GET', url: `/api/exports/${id}`, token })).data.export;
  expect(info.status, info.error).toBe('ready');
  const file = await t.request({ method: 'GET', url: info.downloadUrl });
  expect(file.statusCode).toBe(200);
  return { id, info, file, body: file.rawPayload };
}

/** The file's content as text rows, whatever its format. */
async function readBack(format: ExportFormat, body: Buffer): Promise<string> {
  if (format === 'csv') return (parse(body, { bom: true }) as string[][]).map((r) => r.join(' | ')).join('\n');
  if (format === 'json') return JSON.stringify(JSON.parse(body.toString('utf8')));
  if (format === 'excel') {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    const out: string[] = [];
    wb.eachSheet((ws) =>
      ws.eachRow((row) =>
        out.push(
          (row.values as unknown[])
            .slice(1)
            .map((v) => String(v ?? ''))
            .join(' | '),
        ),
      ),
    );
    return out.join('\n');
  }
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  return text;
}

/** What each report must and must not carry for March 2025. */
const EXPECT: Record<(typeof REPORT_TYPES)[number], { has: string[]; not: string[] }> = {
  financial: { has: ['REF-A', 'REF-B', 'Building'], not: ['REF-C', 'REF-D', 'Alice Donor'] },
  giving: { has: ['Alice Donor', 'Bob Giver', 'Carol Pending'], not: ['April Outside'] },
  members: { has: ['Amara Early', 'Bongani March'], not: ['Zola Later', 'SECRET-MEMBER-NOTE', 'CONFIDENTIAL-CARE-NOTE'] },
  attendance: { has: ['Lent Service', 'Amara Early', 'Bongani March'], not: ['April Picnic'] },
  prayer: { has: ['Healing for my mother', 'New job'], not: ['February prayer'] },
  events: { has: ['Lent Service', 'Main Hall'], not: ['April Picnic'] },
};

describe('each report type in each format', () => {
  for (const type of REPORT_TYPES) {
    for (const format of EXPORT_FORMATS) {
      it(`${type} as ${format} opens and carries exactly the rows March selects`, async () => {
        const { info, file, body } = await exportFile({ reportType: type, format, ...MARCH });
        expect(info.fileName).toMatch(new RegExp(`-2025-03-01-to-2025-03-31\\.(pdf|xlsx|csv|json)$`));
        expect(file.headers['content-disposition']).toContain(info.fileName);
        const text = await readBack(format, body);
        for (const s of EXPECT[type].has) expect(text, `${type}/${format} has ${s}`).toContain(s);
        for (const s of EXPECT[type].not) expect(text, `${type}/${format} lacks ${s}`).not.toContain(s);
        // The church's name and the period are on the file (CSV: in its name).
        if (format !== 'csv') {
          expect(text).toContain(churchName);
          expect(text).toMatch(/2025/);
        } else expect(info.fileName.startsWith(churchName.toLowerCase().replace(/[^a-z0-9]+/g, '-'))).toBe(true);
      });
    }
  }

  it('counts the rows and totals right (CSV rows, Excel numbers, JSON totals)', async () => {
    const csv = await exportFile({ reportType: 'giving', format: 'csv', ...MARCH });
    const rows = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.Donor)).toEqual(['Alice Donor', 'Bob Giver', 'Carol Pending']);
    expect(rows[0]!['Amount (R)']).toBe('100.50');
    expect(csv.info.rowCount).toBe(3);

    const xlsx = await exportFile({ reportType: 'financial', format: 'excel', ...MARCH });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const details = wb.getWorksheet('Details')!;
    expect(details.rowCount).toBe(3);
    expect(details.getRow(2).getCell(5).value).toBe(100.5);

    const j = JSON.parse((await exportFile({ reportType: 'prayer', format: 'json', ...MARCH, breakdownBy: 'status' })).body.toString());
    expect(j.totals['Response rate']).toBe('50.0%');
    expect(j.breakdown).toEqual([
      { label: 'answered', count: 1 },
      { label: 'pending', count: 1 },
    ]);
    expect(j.rows).toHaveLength(2);
  });

  it('without details, the CSV is the breakdown table', async () => {
    const { body } = await exportFile({ reportType: 'financial', format: 'csv', ...MARCH, includeDetails: false, breakdownBy: 'fund' });
    expect(parse(body, { bom: true })).toEqual([
      ['Fund', 'Count', 'Amount (R)'],
      ['Building', '1', '250.00'],
      ['General', '1', '100.50'],
    ]);
  });
});

describe('office lists', () => {
  it('the member directory lists only members who agreed to appear in it', async () => {
    const { body, info } = await exportFile({ reportType: 'directory', format: 'pdf' });
    const text = (await extractText(new Uint8Array(body), { mergePages: true })).text;
    expect(text).toContain('Amara Early');
    expect(text).toContain('082 555 0101');
    expect(text).not.toContain('Bongani March');
    expect(info.rowCount).toBe(1);
  });

  it('address labels: one per active member with an address; PDF only', async () => {
    const { body, info } = await exportFile({ reportType: 'labels', format: 'pdf' });
    const text = (await extractText(new Uint8Array(body), { mergePages: true })).text;
    expect(text).toContain('Amara Early');
    expect(text).toContain('Rondebosch');
    expect(text).toContain('Bongani March');
    expect(info.rowCount).toBe(2);
    expect((await post({ reportType: 'labels', format: 'csv' })).statusCode).toBe(400);
  });

  it('a long report breaks across pages with the header repeated', async () => {
    const db = t.database.db;
    await db.insert(donations).values(
      Array.from({ length: 120 }, (_, i) => ({
        donorName: `Page Donor ${i}`,
        amountCents: 1000 + i,
        givenAt: at('2024-06-10T10:00:00'),
      })),
    );
    const { body } = await exportFile({
      reportType: 'giving',
      format: 'pdf',
      dateRange: 'custom',
      startDate: '2024-06-01',
      endDate: '2024-06-30',
    });
    const { text, totalPages } = await extractText(new Uint8Array(body), { mergePages: false });
    expect(totalPages).toBeGreaterThan(2);
    for (const page of text.slice(1)) {
      expect(page).toContain(churchName);
      expect(page).toContain('Donor');
      expect(page).toContain('Amount (R)');
    }
  });
});

describe('validation and who may export', () => {
  it('a custom range needs both dates (spec 001 §5)', async () => {
    const res = await post({ reportType: 'members', format: 'csv', dateRange: 'custom', startDate: '2025-03-01' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(EXPORT_TEXTS.customRangeRequired);
    expect((await post({ reportType: 'members', format: 'docx' })).statusCode).toBe(400);
    expect(
      (await post({ reportType: 'members', format: 'csv', dateRange: 'custom', startDate: '2025-02-30', endDate: '2025-03-31' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post({ reportType: 'members', format: 'csv', dateRange: 'custom', startDate: '2025-03-31', endDate: '2025-03-01' })).body,
    ).toContain(EXPORT_TEXTS.endBeforeStart);
    expect((await post({ reportType: 'members', format: 'csv', breakdownBy: 'fund' })).statusCode).toBe(400);
  });

  it('403 for roles that may not export; finance reports need a finance permission', async () => {
    for (const role of ['member', 'volunteer', 'deacon', 'elder'] as const) {
      const { token } = await createUser(t, { role });
      expect((await post({ reportType: 'members', format: 'csv' }, token)).statusCode, role).toBe(403);
    }
    expect((await t.request({ method: 'POST', url: '/api/exports', payload: { reportType: 'members' } })).statusCode).toBe(401);
    // A deacon the church lets export reports, but not read the books: members yes, giving and financial no.
    const clerk = await createUser(t, { role: 'deacon', permissions: ['reports:export'] });
    expect((await post({ reportType: 'members', format: 'csv' }, clerk.token)).statusCode).toBe(202);
    for (const reportType of ['giving', 'financial'] as ExportType[])
      expect((await post({ reportType, format: 'csv' }, clerk.token)).statusCode, reportType).toBe(403);
    const treasurer = await createUser(t, { role: 'deacon', permissions: ['reports:export', 'finance:manage'] });
    expect((await post({ reportType: 'giving', format: 'csv' }, treasurer.token)).statusCode).toBe(202);
    await t.ctx.jobs.drain({ names: [BUILD_JOB] });
  });

  it("an export is its requester's: another leader neither sees it nor opens it without the link", async () => {
    const { id } = await exportFile({ reportType: 'members', format: 'csv', ...MARCH });
    const admin = await createUser(t, { role: 'admin' });
    expect((await t.request({ method: 'GET', url: `/api/exports/${id}`, token: admin.token })).statusCode).toBe(404);
    expect(json(await t.request({ method: 'GET', url: '/api/exports', token: admin.token })).data.exports).toEqual([]);
    expect((await t.request({ method: 'GET', url: `/api/exports/${id}/download?token=forged` })).statusCode).toBe(404);
  });
});

describe('a link checks its requester’s right at download (issue 29, finding 8)', () => {
  it('stops working once the person who asked may no longer export the report', async () => {
    const leader = await createUser(t, { role: 'pastor', name: 'Pastor Leaving' });
    const { info } = await exportFile({ reportType: 'members', format: 'csv', ...MARCH }, leader.token);
    await t.database.db.update(users).set({ role: 'member' }).where(eq(users.id, leader.user.id));
    const res = await t.request({ method: 'GET', url: info.downloadUrl });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(EXPORT_TEXTS.requesterLostRight);
  });
});

describe('links that expire', () => {
  it('an expired link answers 410, and the clean-up job removes the file', async () => {
    const { id, info } = await exportFile({ reportType: 'events', format: 'json', ...MARCH });
    const stored = path.join(t.config.dataDir, 'exports', `${id}.json`);
    expect(fs.existsSync(stored)).toBe(true);
    expect(new Date(info.expiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // The link is signed with its expiry: moving expires_at does not make an old link valid again; time passing does expire it.
    await t.database.db
      .update(exportFiles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exportFiles.id, id));
    const fresh = json(await t.request({ method: 'GET', url: `/api/exports/${id}`, token: pastor.token })).data.export;
    expect(fresh.downloadUrl).not.toBeNull();
    expect((await t.request({ method: 'GET', url: fresh.downloadUrl })).statusCode).toBe(410);
    await t.ctx.jobs.send(CLEANUP_JOB, {});
    await t.ctx.jobs.drain({ names: [CLEANUP_JOB] });
    expect(fs.existsSync(stored)).toBe(false);
    const after = json(await t.request({ method: 'GET', url: `/api/exports/${id}`, token: pastor.token })).data.export;
    expect(after.status).toBe('expired');
    expect(after.downloadUrl).toBeNull();
    expect((await t.request({ method: 'GET', url: fresh.downloadUrl })).statusCode).toBe(410);
  });

  it('progress reaches 100 and the export is recorded in the audit log', async () => {
    const { info } = await exportFile({ reportType: 'members', format: 'excel', dateRange: 'this_year' });
    expect(info.progress).toBe(100);
    expect(info.rowCount).toBeGreaterThan(0);
    const audit = json(
      await t.request({ method: 'GET', url: '/api/admin/audit?limit=5', token: (await createUser(t, { role: 'admin' })).token }),
    );
    expect(JSON.stringify(audit)).toContain('Members Report (excel, this_year)');
  });
});
