import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { dayFromNow, makeService, makeTeam, people } from './test-helpers';

let t: TestApp;
let pastor: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  pastor = await createUser(t, { role: 'pastor' });
});
afterAll(() => t.close());

describe('services and plans', () => {
  it('plans a service from the church service times (title, time and length from the settings) or one-off', async () => {
    // The next Sunday at least 7 days ahead.
    let day = dayFromNow(7);
    while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 0) day = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    const res = await t.request({
      method: 'POST',
      url: '/api/services',
      token: pastor.token,
      payload: { date: day, serviceTimesDay: 'sunday' },
    });
    expect(res.statusCode).toBe(201);
    const s = json(res).data.service;
    expect(s).toMatchObject({ title: 'Sunday Main Service', date: day, time: '10:00', durationMinutes: 120, source: 'service-times' });
    // 10:00 in Johannesburg is 08:00 UTC.
    expect(s.startsAt).toBe(`${day}T08:00:00.000Z`);

    const monday = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    const wrong = await t.request({
      method: 'POST',
      url: '/api/services',
      token: pastor.token,
      payload: { date: monday, serviceTimesDay: 'sunday' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe(`${monday} is not a sunday`);
    const noTime = await t.request({ method: 'POST', url: '/api/services', token: pastor.token, payload: { date: monday } });
    expect(json(noTime).details[0].message).toBe('Give a time or choose one of the service times');
    const badDate = await t.request({
      method: 'POST',
      url: '/api/services',
      token: pastor.token,
      payload: { date: '2026-02-30', time: '09:00' },
    });
    expect(badDate.statusCode).toBe(400);
  });

  it('keeps the order of service with lengths and running start offsets', async () => {
    const id = await makeService(t, pastor.token, dayFromNow(10));
    const items = [
      { kind: 'song', title: 'Way Maker', minutes: 6 },
      { kind: 'reading', title: 'Psalm 23', minutes: 3, notes: 'Thandi reads' },
      { kind: 'sermon', title: 'The Good Shepherd', minutes: 35 },
    ];
    const res = await t.request({ method: 'PUT', url: `/api/services/${id}/items`, token: pastor.token, payload: { items } });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.service.items.map((i: { title: string; startsAtOffset: number }) => [i.title, i.startsAtOffset])).toEqual([
      ['Way Maker', 0],
      ['Psalm 23', 6],
      ['The Good Shepherd', 9],
    ]);
    const tooLong = await t.request({
      method: 'PUT',
      url: `/api/services/${id}/items`,
      token: pastor.token,
      payload: { items: [{ kind: 'song', title: 'x', minutes: 999 }] },
    });
    expect(tooLong.statusCode).toBe(400);
    // A refused save changed nothing.
    expect(json(await t.request({ url: `/api/services/${id}`, token: pastor.token })).data.service.items).toHaveLength(3);
  });

  it('attaches a file streamed to disk and lets only planners and those serving download it', async () => {
    const id = await makeService(t, pastor.token, dayFromNow(12));
    const boundary = '----sunday';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="chords.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.request({
      method: 'POST',
      url: `/api/services/${id}/attachments`,
      token: pastor.token,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode).toBe(201);
    const file = json(up).data.service.attachments[0];
    expect(file).toMatchObject({ fileName: 'chords.pdf', contentType: 'application/pdf' });
    const got = await t.request({ url: `/api/services/${id}/attachments/${file.id}`, token: pastor.token });
    expect(got.body.startsWith('%PDF')).toBe(true);
    const [stranger] = await people(t, 1);
    expect((await t.request({ url: `/api/services/${id}/attachments/${file.id}`, token: stranger!.token })).statusCode).toBe(403);
    const broken = await t.request({
      method: 'POST',
      url: `/api/services/${id}/attachments`,
      token: pastor.token,
      payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\n\r\n%PDF`),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(broken.statusCode).toBe(400);
  });

  it('teams keep positions and qualified members; unknown people are refused', async () => {
    const [a, b] = await people(t, 2);
    const { team } = await makeTeam(t, pastor.token, [a!.user.id, b!.user.id], { name: 'Worship' });
    expect(team.positions[0].members.map((m: { id: string }) => m.id).sort()).toEqual([a!.user.id, b!.user.id].sort());
    const res = await t.request({
      method: 'PUT',
      url: `/api/teams/${team.id}`,
      token: pastor.token,
      payload: {
        name: 'Worship',
        positions: [
          { id: team.positions[0].id, name: 'Keys', memberIds: [a!.user.id] },
          { name: 'Drums', memberIds: ['00000000-0000-4000-8000-000000000000'] },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('A team member was not found');
    const teams = json(await t.request({ url: '/api/teams', token: pastor.token })).data.teams;
    expect(teams.find((x: { id: string }) => x.id === team.id).positions).toHaveLength(1);
  });

  it('members may not plan', async () => {
    const member = await createUser(t);
    expect((await t.request({ url: '/api/services', token: member.token })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/services' })).statusCode).toBe(401);
  });
});
