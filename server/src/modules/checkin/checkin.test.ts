import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SECURITY_CODE_ALPHABET } from '@church/contract/checkin';
import { domainEvents } from '../../db/schema/index';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { startPrinterStandin, type PrinterStandin } from './printing/standin';
import { addFamily, checkinSetup, uuid } from './test-helpers';

let t: TestApp;
let printer: PrinterStandin;
let s: Awaited<ReturnType<typeof checkinSetup>>;
beforeAll(async () => {
  t = await createTestApp();
  printer = await startPrinterStandin();
  s = await checkinSetup(t, { printer: { host: printer.host, port: printer.port } });
});
afterAll(async () => {
  await printer.close();
  await t.close();
});

const kiosk = (url: string, payload: object, key = s.kioskKey) =>
  t.request({ method: 'POST', url, payload, headers: { 'x-kiosk-key': key } });

describe('kiosk check-in', () => {
  it('finds a family by the last digits (any phone form), proposes rooms by age and grade, checks in and prints matching labels', async () => {
    const { family, phone } = await addFamily(t, s.volunteer.token);
    const last = phone.replace(/\D/g, '').slice(-7);
    const found = json(await kiosk('/api/kiosk/lookup', { phoneDigits: last, serviceId: s.service }));
    expect(found.data.family.children.map((c: { firstName: string; roomId: string }) => [c.firstName, c.roomId])).toEqual([
      ['Lwazi', s.rooms.toddlers],
      ['Ayanda', s.rooms.juniors],
    ]);
    // The kiosk sees children only: no guardians' numbers, no collectors, no card.
    expect(found.data.family.guardians).toBeUndefined();
    expect(found.data.family.collectors).toBeUndefined();
    // +27 form of the same number finds the same family.
    const intl = `+27${phone.replace(/\D/g, '').slice(1)}`;
    expect(json(await kiosk('/api/kiosk/lookup', { phoneDigits: intl.replace(/\D/g, ''), serviceId: s.service })).data.family.id).toBe(
      family.id,
    );

    const before = printer.labels.length;
    const batchId = uuid();
    const body = {
      batchId,
      serviceId: s.service,
      familyId: family.id,
      phoneDigits: last,
      children: family.children.map((c: { id: string; roomId: string }) => ({ childId: c.id, roomId: c.roomId, checkinId: uuid() })),
    };
    const res = await kiosk('/api/kiosk/checkins', body);
    expect(res.statusCode).toBe(200);
    const result = json(res).data;
    expect(result.code).toMatch(new RegExp(`^[${SECURITY_CODE_ALPHABET}]{4}$`));
    expect(result.print).toMatchObject({ status: 'printed', message: 'Labels printed' });
    const labels = await printer.waitFor(before + 3);
    const sent = labels.slice(before);
    // Two child labels and the guardian tag, all with the same code.
    expect(sent.map((l) => l.fields.filter((f) => f === result.code).length > 0)).toEqual([true, true, true]);
    expect(sent[0]!.fields).toContain('ALLERGY: Peanuts');
    expect(sent[2]!.fields).toContain('PARENT / GUARDIAN TAG');

    // Recorded as domain events (ids only: no child's name or allergies leave through webhooks).
    const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'checkin.created'));
    const mine = events.filter((e) => (e.data as { object: { familyId: string } }).object.familyId === family.id);
    expect(mine).toHaveLength(2);
    expect(JSON.stringify(mine)).not.toMatch(/Lwazi|Peanuts/);

    // A double tap (same batch) is one check-in and prints nothing again.
    const again = json(await kiosk('/api/kiosk/checkins', body)).data;
    expect(again).toMatchObject({ duplicate: true, code: result.code });
    expect(printer.labels.length).toBe(before + 3);
  });

  it('several families on the same digits: choose among them by first names only', async () => {
    const a = await addFamily(t, s.volunteer.token, { phone: '083 111 7777', name: 'Nkosi' });
    const b = await addFamily(t, s.volunteer.token, { phone: '084 222 7777', name: 'Botha' });
    const res = json(await kiosk('/api/kiosk/lookup', { phoneDigits: '7777', serviceId: s.service })).data;
    expect(res.family).toBeNull();
    expect(res.choices).toHaveLength(2);
    // Only first names go out: no surname, no phone. Ids are left out of the check (a UUID may hold "083").
    const shown = res.choices.map((c: { firstNames: string[] }) => c.firstNames);
    expect(JSON.stringify(shown)).not.toMatch(/Nkosi|Botha|083|084/);
    expect(res.choices.every((c: object) => Object.keys(c).sort().join() === 'familyId,firstNames')).toBe(true);
    expect(res.choices[0].firstNames).toEqual(['Thandi']);
    const picked = json(await kiosk('/api/kiosk/lookup', { phoneDigits: '7777', familyId: b.family.id, serviceId: s.service })).data;
    expect(picked.family.id).toBe(b.family.id);
    // A family the digits do not find cannot be opened by its id.
    const other = await addFamily(t, s.volunteer.token, { phone: '082 999 1212' });
    expect((await kiosk('/api/kiosk/lookup', { phoneDigits: '7777', familyId: other.family.id, serviceId: s.service })).statusCode).toBe(
      404,
    );
    // Nor checked in with digits that do not find it.
    const forged = await kiosk('/api/kiosk/checkins', {
      batchId: uuid(),
      serviceId: s.service,
      familyId: other.family.id,
      phoneDigits: '7777',
      children: [{ childId: other.family.children[0].id, roomId: s.rooms.toddlers, checkinId: uuid() }],
    });
    expect(forged.statusCode).toBe(403);
    expect(a.family.id).not.toBe(b.family.id);
  });

  it('unknown digits and cards get a clear message; a missing or revoked kiosk key is 401', async () => {
    const none = await kiosk('/api/kiosk/lookup', { phoneDigits: '00000000', serviceId: s.service });
    expect(none.statusCode).toBe(404);
    expect(json(none).message).toBe('No family found with that number. Please see the welcome desk.');
    expect(json(await kiosk('/api/kiosk/lookup', { card: 'NOTACARD', serviceId: s.service })).message).toBe(
      'This card is not known. Please see the welcome desk.',
    );
    expect((await kiosk('/api/kiosk/lookup', { phoneDigits: '12', serviceId: s.service })).statusCode).toBe(400);
    expect(
      (await kiosk('/api/kiosk/lookup', { phoneDigits: '1234', serviceId: s.service }, 'kiosk_forged_key_forged_key_forged')).statusCode,
    ).toBe(401);
    const k = json(await s.req('POST', '/api/checkin/kiosks', { name: 'Lost tablet' }));
    await s.req('DELETE', `/api/checkin/kiosks/${k.data.kiosk.id}`);
    expect((await kiosk('/api/kiosk/lookup', { phoneDigits: '1234', serviceId: s.service }, k.data.key)).statusCode).toBe(401);
  });

  it('a card finds its family', async () => {
    const { family } = await addFamily(t, s.volunteer.token);
    const full = json(await t.request({ url: `/api/checkin/families/${family.id}`, token: s.volunteer.token })).data.family;
    const res = json(await kiosk('/api/kiosk/lookup', { card: full.cardCode.toLowerCase(), serviceId: s.service }));
    expect(res.data.family.id).toBe(family.id);
  });
});

describe('release', () => {
  async function checkedIn() {
    const { family, phone } = await addFamily(t, s.volunteer.token);
    const res = json(
      await kiosk('/api/kiosk/checkins', {
        batchId: uuid(),
        serviceId: s.service,
        familyId: family.id,
        phoneDigits: phone.replace(/\D/g, '').slice(-4),
        children: family.children.map((c: { id: string; roomId: string }) => ({ childId: c.id, roomId: c.roomId, checkinId: uuid() })),
      }),
    );
    return { family, code: res.data.code as string };
  }
  const release = (payload: object) =>
    t.request({ method: 'POST', url: '/api/checkin/release', token: s.volunteer.token, payload: { serviceId: s.service, ...payload } });

  it('releases against the matching tag once; a forged or reused tag releases nobody', async () => {
    const { code } = await checkedIn();
    const tag = json(await t.request({ url: `/api/checkin/tags/${code}?serviceId=${s.service}`, token: s.volunteer.token })).data;
    expect(tag.children.map((c: { name: string }) => c.name)).toEqual(['Lwazi Dlamini', 'Ayanda Dlamini']);
    const forged = [...SECURITY_CODE_ALPHABET].map((c) => c.repeat(4)).find((x) => x !== code)!;
    const bad = await release({ code: forged });
    expect(bad.statusCode).toBe(404);
    expect(json(bad).message).toBe('This tag does not match any child checked in today');
    expect((await release({ code: 'AEIO' })).statusCode).toBe(400);
    const ok = json(await release({ code }));
    expect(ok.message).toBe('Lwazi, Ayanda collected');
    expect(ok.data.released[0]).toMatchObject({ releasedTo: 'Guardian with tag' });
    const reused = await release({ code });
    expect(reused.statusCode).toBe(409);
    expect(json(reused).message).toBe('The children on this tag have already been collected');
  });

  it('releases to an authorised collector, never to one marked not authorised', async () => {
    const { family } = await checkedIn();
    const full = json(await t.request({ url: `/api/checkin/families/${family.id}`, token: s.volunteer.token })).data.family;
    const uncle = full.collectors.find((c: { name: string }) => c.name === 'Uncle Sizwe');
    const gogo = full.collectors.find((c: { name: string }) => c.name === 'Gogo Dlamini');
    const refused = await release({ familyId: family.id, collectorId: uncle.id });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe('Uncle Sizwe may not collect this child');
    const ok = json(await release({ familyId: family.id, collectorId: gogo.id }));
    expect(ok.data.released.map((r: { releasedTo: string }) => r.releasedTo)).toEqual(['Gogo Dlamini', 'Gogo Dlamini']);
  });
});

describe('printing', () => {
  it('a printer that is off gives a clear message and a kept job that reprints later with the same code', async () => {
    const off = await startPrinterStandin();
    const port = off.port;
    await off.off();
    const p = json(await s.req('POST', '/api/checkin/printers', { name: 'Back Desk', host: '127.0.0.1', port })).data.printer;
    const { family, phone } = await addFamily(t, s.volunteer.token);
    const res = json(
      await t.request({
        method: 'POST',
        url: '/api/checkin/checkins',
        token: s.volunteer.token,
        payload: {
          batchId: uuid(),
          serviceId: s.service,
          familyId: family.id,
          printerId: p.id,
          children: [{ childId: family.children[0].id, roomId: s.rooms.toddlers, checkinId: uuid() }],
        },
      }),
    );
    expect(res.data.print).toMatchObject({
      status: 'failed',
      message: 'The printer "Back Desk" is not answering. Is it switched on? The labels are kept: reprint them from the station.',
    });
    expect(phone).toBeTruthy();
    await off.on();
    const again = json(
      await t.request({
        method: 'POST',
        url: `/api/checkin/print-jobs/${res.data.print.jobId}/reprint`,
        token: s.volunteer.token,
        payload: {},
      }),
    );
    expect(again.data.status).toBe('printed');
    const labels = await off.waitFor(2);
    expect(labels[0]!.fields).toContain(res.data.code);
    await off.close();
  });

  it('a test print reaches the printer; names cannot inject ZPL commands', async () => {
    const before = printer.labels.length;
    expect(json(await s.req('POST', `/api/checkin/printers/${s.printerId}/test`)).data.status).toBe('printed');
    await printer.waitFor(before + 1);
    const { family, phone } = await addFamily(t, s.volunteer.token, { name: '^XZ^XA~JR' });
    await kiosk('/api/kiosk/checkins', {
      batchId: uuid(),
      serviceId: s.service,
      familyId: family.id,
      phoneDigits: phone.replace(/\D/g, '').slice(-5),
      children: [{ childId: family.children[1].id, roomId: s.rooms.juniors, checkinId: uuid() }],
    });
    const labels = await printer.waitFor(before + 3);
    // Still exactly two labels (child + tag): the name's ^XZ^XA did not split a label.
    expect(labels.slice(before + 1)).toHaveLength(2);
    expect(labels.at(-2)!.fields).toContain('^XZ^XA~JR');
  });
});

describe('bad input and access', () => {
  it('a first-time family needs a guardian with a valid phone (any local form) and a child', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/checkin/families',
      token: s.volunteer.token,
      payload: { name: 'X', guardians: [{ name: 'A', phone: '12' }], children: [{ firstName: 'B' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).details[0].message).toBe('Phone number is invalid');
    const member = await createUser(t);
    expect((await t.request({ url: '/api/checkin/families?q=Dlamini', token: member.token })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/checkin/families?q=Dlamini', token: s.volunteer.token })).statusCode).toBe(200);
  });
});
