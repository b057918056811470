import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, snap } from '../support/look';
import { freshMember } from '../support/people';
import { demo, DEMO_PASSWORD } from '../support/session';
import { dismissToasts } from '../support/toasts';

/** Tablet, desktop and phone: the widths the issue names for Sunday's journeys. */
const SIZES = [
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function tokenOf(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).token as string;
}

/** A team of two fresh volunteers and a service weeks ahead (its own day per run), the first one asked. */
async function rosterWithTwo(page: Page, offsetDays: number) {
  const pastor = await tokenOf(page, demo.pastor);
  const headers = { authorization: `Bearer ${pastor}` };
  const stamp = Date.now() % 100_000;
  const a = await freshMember(page, `Sipho Keys${stamp}`);
  const b = await freshMember(page, `Lerato Keys${stamp}`);
  const team = await page.request.post('/api/teams', {
    headers,
    data: { name: `Worship ${stamp}`, positions: [{ name: 'Keys', needed: 1, memberIds: [a.id, b.id] }] },
  });
  expect(team.ok(), await team.text()).toBeTruthy();
  const positionId = (await team.json()).data.team.positions[0].id;
  const date = new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const service = await page.request.post('/api/services', { headers, data: { title: `Evening ${stamp}`, date, time: '18:00' } });
  expect(service.ok(), await service.text()).toBeTruthy();
  const serviceId = (await service.json()).data.service.id;
  const asked = await page.request.post(`/api/services/${serviceId}/assignments`, { headers, data: { positionId, userId: a.id } });
  expect(asked.ok(), await asked.text()).toBeTruthy();
  return { a, b, serviceId, pastor, teamName: `Worship ${stamp}` };
}

for (const [i, size] of SIZES.entries()) {
  test.describe(`Sunday roster (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a volunteer accepts in one tap, then swaps with a free team member', async ({ page }, info) => {
      test.setTimeout(120_000);
      const { a, b } = await rosterWithTwo(page, 30 + i * 7);
      const res = await page.request.post('/api/auth/login', { data: { email: a.email, password: 'Fresh-Passw0rd!' } });
      const body = await res.json();
      await page.goto('/api/health');
      await page.evaluate(
        ({ token, user }) => (localStorage.setItem('token', token), localStorage.setItem('user', JSON.stringify(user))),
        body,
      );
      await page.goto('/my-schedule');
      await expect(page.getByRole('heading', { name: 'My Schedule', level: 1 })).toBeVisible();
      const card = page.getByTestId('assignment').filter({ hasText: 'Keys' });
      await expect(card.getByText('Not yet answered')).toBeVisible();
      await expectAccessible(page);
      await snap(page, info, `my-schedule-${size.name}`);

      await card.getByRole('button', { name: 'Accept' }).click();
      await expect(page.getByText('Thank you — you are serving').first()).toBeVisible();
      await expect(card.getByText('Accepted')).toBeVisible();
      await dismissToasts(page);

      await card.getByRole('button', { name: 'Swap' }).click();
      const dialog = page.getByRole('dialog', { name: 'Swap with someone free that day' });
      await dialog.getByRole('radio', { name: b.name }).check();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Ask them' }).click();
      await expect(page.getByText(`${b.name} has been asked to take your place`).first()).toBeVisible();
      await expect(card.getByText('Swapped')).toBeVisible();
      await snap(page, info, `my-schedule-swapped-${size.name}`);
    });

    test('a leader sees the gap in the roster and fills it with a click', async ({ page }, info) => {
      test.setTimeout(120_000);
      const { serviceId, b, pastor, teamName } = await rosterWithTwo(page, 33 + i * 7);
      // The leader takes the first asked off: the place is a gap again.
      const detail = await page.request.get(`/api/services/${serviceId}`, { headers: { authorization: `Bearer ${pastor}` } });
      const assignment = (await detail.json()).data.service.assignments[0];
      expect(assignment.status).toBe('pending');
      await page.goto('/api/health');
      const login = await (await page.request.post('/api/auth/login', { data: { email: demo.pastor, password: DEMO_PASSWORD } })).json();
      await page.evaluate(
        ({ token, user }) => (localStorage.setItem('token', token), localStorage.setItem('user', JSON.stringify(user))),
        login,
      );
      await page.goto(`/services/${serviceId}`);
      await expect(page.getByRole('heading', { name: 'Order of service' })).toBeVisible();
      await expect(page.getByText('Not yet answered').first()).toBeVisible();
      await expectAccessible(page);
      await snap(page, info, `service-${size.name}`);
      await page.getByRole('button', { name: `Remove ${assignment.person.name}` }).click();
      await expect(page.getByText('Unfilled').first()).toBeVisible();
      await page.getByRole('combobox', { name: `Ask someone for Keys (${teamName})` }).click();
      await page.getByRole('option', { name: b.name }).click();
      await expect(page.getByText(`${b.name} has been asked to serve`).first()).toBeVisible();

      await page.goto('/services/roster');
      await expect(page.getByRole('heading', { name: 'Roster', level: 1 })).toBeVisible();
      await expectAccessible(page);
      await snap(page, info, `roster-${size.name}`);
    });
  });
}
