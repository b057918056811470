import { createUser, json, type TestApp } from '../../../test/test-app';

const DAY = 86_400_000;
/** A local day n days from now (UTC date; the tests' services sit at 10:00 Johannesburg). */
export const dayFromNow = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);

/** A team with one position and these members qualified for it. */
export async function makeTeam(t: TestApp, token: string, memberIds: string[], opts: { name?: string; maxWeeksRunning?: number } = {}) {
  const res = await t.request({
    method: 'POST',
    url: '/api/teams',
    token,
    payload: {
      name: opts.name ?? 'Sound',
      maxWeeksRunning: opts.maxWeeksRunning ?? 3,
      positions: [{ name: 'Desk', needed: 1, memberIds }],
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const team = json(res).data.team;
  return { team, positionId: team.positions[0].id as string };
}

export async function makeService(t: TestApp, token: string, date: string, time = '10:00') {
  const res = await t.request({ method: 'POST', url: '/api/services', token, payload: { title: 'Morning service', date, time } });
  if (res.statusCode !== 201) throw new Error(res.body);
  return json(res).data.service.id as string;
}

export const people = async (t: TestApp, n: number) => Promise.all(Array.from({ length: n }, () => createUser(t, { role: 'volunteer' })));
