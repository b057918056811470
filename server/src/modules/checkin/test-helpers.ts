import crypto from 'node:crypto';
import { createUser, json, type TestApp } from '../../../test/test-app';

export const uuid = () => crypto.randomUUID();

/** A manager, rooms (babies, toddlers, grades 1–3), a service today, a kiosk and a staff token. */
export async function checkinSetup(t: TestApp, opts: { printer?: { host: string; port: number } } = {}) {
  const pastor = await createUser(t, { role: 'pastor' });
  const volunteer = await createUser(t, { role: 'volunteer' });
  const req = (method: string, url: string, payload?: object, token = pastor.token) =>
    t.request({ method: method as 'POST', url, payload, token });
  const room = async (body: object) => json(await req('POST', '/api/checkin/rooms', body)).data.room.id as string;
  const rooms = {
    nursery: await room({ name: 'Nursery', minMonths: 0, maxMonths: 23 }),
    toddlers: await room({ name: 'Toddlers', minMonths: 24, maxMonths: 59 }),
    juniors: await room({ name: 'Juniors', minGrade: 1, maxGrade: 3 }),
  };
  const today = new Date().toISOString().slice(0, 10);
  const service = json(await req('POST', '/api/services', { title: 'Sunday Morning', date: today, time: '23:59' })).data.service
    .id as string;
  let printerId: string | null = null;
  if (opts.printer) printerId = json(await req('POST', '/api/checkin/printers', { name: 'Kids Desk', ...opts.printer })).data.printer.id;
  const kioskRes = json(await req('POST', '/api/checkin/kiosks', { name: 'Foyer 1', printerId }));
  return {
    pastor,
    volunteer,
    rooms,
    service,
    printerId,
    kioskKey: kioskRes.data.key as string,
    kioskId: kioskRes.data.kiosk.id as string,
    req,
  };
}

let phoneCounter = 0;
/** A family with two children (a toddler and a Grade 2 child) and a guardian with a unique phone. */
export async function addFamily(t: TestApp, token: string, overrides: { phone?: string; name?: string } = {}) {
  phoneCounter += 1;
  const phone = overrides.phone ?? `082 ${String(100 + (process.pid % 800)).padStart(3, '0')} ${String(1000 + phoneCounter).slice(-4)}`;
  const threeYearsAgo = new Date(Date.now() - 3 * 365.25 * 86_400_000).toISOString().slice(0, 10);
  const res = await t.request({
    method: 'POST',
    url: '/api/checkin/families',
    token,
    payload: {
      name: overrides.name ?? 'Dlamini',
      guardians: [{ name: 'Thandi Dlamini', phone }],
      children: [
        { firstName: 'Lwazi', birthDate: threeYearsAgo, allergies: 'Peanuts' },
        { firstName: 'Ayanda', grade: 2 },
      ],
      collectors: [
        { name: 'Gogo Dlamini', relationship: 'Grandmother', authorised: true },
        { name: 'Uncle Sizwe', relationship: 'Uncle', authorised: false },
      ],
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { family: json(res).data.family, phone };
}
