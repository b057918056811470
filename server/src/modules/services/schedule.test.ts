import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { domainEvents, emailOutbox, notifications } from '../../db/schema/index';
import { JOBS_SCHEMA } from '../../jobs/executor';
import { dayFromNow, makeService, makeTeam, people } from './test-helpers';

let t: TestApp;
let pastor: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  pastor = await createUser(t, { role: 'pastor' });
});
afterAll(() => t.close());

const ask = (serviceId: string, positionId: string, userId: string) =>
  t.request({ method: 'POST', url: `/api/services/${serviceId}/assignments`, token: pastor.token, payload: { positionId, userId } });
const respond = (token: string, id: string, payload: object) =>
  t.request({ method: 'POST', url: `/api/assignments/${id}/respond`, token, payload });

describe('scheduling', () => {
  it('asks a qualified member, who accepts in one tap; the unqualified and the asked-twice are refused', async () => {
    const [a, outsider] = await people(t, 2);
    const { positionId } = await makeTeam(t, pastor.token, [a!.user.id]);
    const serviceId = await makeService(t, pastor.token, dayFromNow(20));
    const res = await ask(serviceId, positionId, a!.user.id);
    expect(res.statusCode).toBe(201);
    const assignment = json(res).data.assignment;
    expect(assignment.status).toBe('pending');
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, a!.user.id));
    expect(note).toMatchObject({ title: 'Can you serve?', link: '/my-schedule' });
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, a!.user.email!));
    expect(mail?.bodyText).toMatch(/\/serve\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/);

    expect((await ask(serviceId, positionId, a!.user.id)).statusCode).toBe(409);
    const unqualified = await ask(serviceId, positionId, outsider!.user.id);
    expect(unqualified.statusCode).toBe(409);
    expect(json(unqualified).message).toBe('This person is not on the team for that position. Add them to the team first.');

    expect((await respond(outsider!.token, assignment.id, { response: 'accept' })).statusCode).toBe(403);
    const accepted = await respond(a!.token, assignment.id, { response: 'accept' });
    expect(json(accepted)).toMatchObject({ message: 'Thank you — you are serving', data: { assignment: { status: 'accepted' } } });
    expect((await respond(a!.token, assignment.id, { response: 'accept' })).statusCode).toBe(409);
  });

  it('refuses a blocked-out day and more than N weeks running', async () => {
    const [a] = await people(t, 1);
    const { positionId } = await makeTeam(t, pastor.token, [a!.user.id], { maxWeeksRunning: 2 });
    const away = dayFromNow(40);
    await t.request({
      method: 'POST',
      url: '/api/me/blockouts',
      token: a!.token,
      payload: { startsOn: away, endsOn: away, reason: 'Family visit' },
    });
    const blocked = await ask(await makeService(t, pastor.token, away), positionId, a!.user.id);
    expect(blocked.statusCode).toBe(409);
    expect(json(blocked).message).toMatch(/is away that day/);
    const weeks = [60, 67, 74].map(dayFromNow);
    const ids = [];
    for (const w of weeks) ids.push(await makeService(t, pastor.token, w));
    expect((await ask(ids[0]!, positionId, a!.user.id)).statusCode).toBe(201);
    expect((await ask(ids[1]!, positionId, a!.user.id)).statusCode).toBe(201);
    const third = await ask(ids[2]!, positionId, a!.user.id);
    expect(third.statusCode).toBe(409);
    expect(json(third).message).toBe(`${a!.user.name} would serve more than 2 weeks running. Choose someone else.`);
  });

  it('a decline keeps its reason and proposed substitute; swap is offered only to free team members', async () => {
    const [a, b, c, d] = await people(t, 4);
    const { positionId } = await makeTeam(t, pastor.token, [a!.user.id, b!.user.id, c!.user.id, d!.user.id]);
    const day = dayFromNow(90);
    const serviceId = await makeService(t, pastor.token, day);
    const otherSameDay = await makeService(t, pastor.token, day, '18:00');
    // c serves that evening; d is away.
    await ask(otherSameDay, positionId, c!.user.id);
    await t.request({ method: 'POST', url: '/api/me/blockouts', token: d!.token, payload: { startsOn: day, endsOn: day } });
    const a1 = json(await ask(serviceId, positionId, a!.user.id)).data.assignment;
    const cands = json(await t.request({ url: `/api/assignments/${a1.id}/candidates`, token: a!.token })).data.candidates;
    expect(cands.map((x: { id: string }) => x.id)).toEqual([b!.user.id]);
    expect((await respond(a!.token, a1.id, { response: 'decline', substituteId: c!.user.id })).statusCode).toBe(409);
    const declined = json(await respond(a!.token, a1.id, { response: 'decline', reason: 'Exams', substituteId: b!.user.id })).data
      .assignment;
    expect(declined).toMatchObject({ status: 'declined', reason: 'Exams', proposedSubstitute: { id: b!.user.id } });
    const leaderNote = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, pastor.user.id), eq(notifications.title, 'Schedule answer')));
    expect(leaderNote.at(-1)?.message).toMatch(/cannot serve as Desk.*: Exams/);
    // Recorded as a domain event (webhooks of the church's own integration subscribe): ids, no names.
    const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'schedule.declined'));
    const declinedEvent = events.find((e) => (e.data as { object: { id: string } }).object.id === a1.id);
    expect(declinedEvent?.data).toMatchObject({
      object: { personId: a!.user.id, reason: 'Exams', proposedSubstituteId: b!.user.id, status: 'declined' },
    });
    expect(JSON.stringify(declinedEvent?.data)).not.toContain(a!.user.name);
    // The decline is kept on the plan beside the new ask.
    await ask(serviceId, positionId, b!.user.id);
    const plan = json(await t.request({ url: `/api/services/${serviceId}`, token: pastor.token })).data.service;
    expect(plan.assignments.map((x: { status: string }) => x.status).sort()).toEqual(['declined', 'pending']);
  });

  it('an accepted volunteer swaps with a free team member; the old place stays as swapped', async () => {
    const [a, b] = await people(t, 2);
    const { positionId } = await makeTeam(t, pastor.token, [a!.user.id, b!.user.id]);
    const serviceId = await makeService(t, pastor.token, dayFromNow(100));
    const a1 = json(await ask(serviceId, positionId, a!.user.id)).data.assignment;
    await respond(a!.token, a1.id, { response: 'accept' });
    const stranger = (await people(t, 1))[0]!;
    expect(
      (await t.request({ method: 'POST', url: `/api/assignments/${a1.id}/swap`, token: a!.token, payload: { userId: stranger.user.id } }))
        .statusCode,
    ).toBe(409);
    const swapped = await t.request({
      method: 'POST',
      url: `/api/assignments/${a1.id}/swap`,
      token: a!.token,
      payload: { userId: b!.user.id },
    });
    expect(json(swapped)).toMatchObject({
      message: `${b!.user.name} has been asked to take your place`,
      data: { assignment: { status: 'pending', person: { id: b!.user.id } } },
    });
    const mine = json(await t.request({ url: '/api/me/schedule', token: a!.token })).data.assignments;
    expect(mine.find((x: { id: string }) => x.id === a1.id).status).toBe('swapped');
  });

  it('reminds the unconfirmed three days before, once, through the job queue', async () => {
    const [a, b] = await people(t, 2);
    const { positionId } = await makeTeam(t, pastor.token, [a!.user.id, b!.user.id]);
    const serviceId = await makeService(t, pastor.token, dayFromNow(30));
    const pending = json(await ask(serviceId, positionId, a!.user.id)).data.assignment;
    const confirmed = json(await ask(serviceId, positionId, b!.user.id)).data.assignment;
    await respond(b!.token, confirmed.id, { response: 'accept' });
    const jobs = await t.database.db.execute(
      sql.raw(
        `select start_after from ${JOBS_SCHEMA}.job where name = 'services.remind-unconfirmed' and data->>'assignmentId' = '${pending.id}'`,
      ),
    );
    const startAfter = new Date((jobs as unknown as { rows: { start_after: string }[] }).rows[0]!.start_after);
    expect(Math.round((Date.parse(`${dayFromNow(30)}T08:00:00Z`) - startAfter.getTime()) / 86_400_000)).toBe(3);
    // Bring the reminders forward and run them.
    await t.database.db.execute(
      sql.raw(`update ${JOBS_SCHEMA}.job set start_after = now() - interval '1 second' where name = 'services.remind-unconfirmed'`),
    );
    await t.ctx.jobs.drain({ names: ['services.remind-unconfirmed'] });
    const titles = async (id: string) =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, id))).map((n) => n.title);
    expect(await titles(a!.user.id)).toContain('Please confirm: are you serving?');
    expect(await titles(b!.user.id)).not.toContain('Please confirm: are you serving?');
  });
});

describe('my schedule: calendar feed and e-mail links', () => {
  it('serves a signed iCal feed with the time zone; rotating or revoking stops the old link; forged links are 404', async () => {
    const [a] = await people(t, 1);
    const { positionId } = await makeTeam(t, pastor.token, [a!.user.id]);
    await ask(await makeService(t, pastor.token, dayFromNow(15)), positionId, a!.user.id);
    const url = json(await t.request({ method: 'POST', url: '/api/me/calendar-feed', token: a!.token })).data.url as string;
    const path = new URL(url).pathname;
    const ics = await t.request({ url: path });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/text\/calendar/);
    expect(ics.body).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Africa\/Johannesburg/);
    expect(ics.body).toMatch(/DTSTART;TZID=Africa\/Johannesburg:\d{8}T100000/);
    expect(ics.body).toMatch(/SUMMARY:Desk — Morning service \(not yet confirmed\)/);
    expect((await t.request({ url: path.replace(/.{6}\.ics$/, 'AAAAAA.ics') })).statusCode).toBe(404);
    const second = new URL(json(await t.request({ method: 'POST', url: '/api/me/calendar-feed', token: a!.token })).data.url).pathname;
    expect((await t.request({ url: path })).statusCode).toBe(404);
    expect((await t.request({ url: second })).statusCode).toBe(200);
    await t.request({ method: 'DELETE', url: '/api/me/calendar-feed', token: a!.token });
    expect((await t.request({ url: second })).statusCode).toBe(404);
  });

  it('the e-mail link shows the request and answers it without sign-in; a forged link does nothing', async () => {
    const [a] = await people(t, 1);
    const { positionId } = await makeTeam(t, pastor.token, [a!.user.id]);
    await ask(await makeService(t, pastor.token, dayFromNow(16)), positionId, a!.user.id);
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, a!.user.email!));
    const token = /\/serve\/([A-Za-z0-9_.-]+)/.exec(mail!.bodyText)![1]!;
    const info = json(await t.request({ url: `/api/schedule/respond/${token}` })).data;
    expect(info).toMatchObject({ personName: a!.user.name, positionName: 'Desk', status: 'pending' });
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await t.request({ method: 'POST', url: `/api/schedule/respond/${forged}`, payload: { response: 'accept' } })).statusCode).toBe(
      404,
    );
    const done = await t.request({
      method: 'POST',
      url: `/api/schedule/respond/${token}`,
      payload: { response: 'decline', reason: 'Away' },
    });
    expect(json(done).data.assignment).toMatchObject({ status: 'declined', reason: 'Away' });
  });
});
