import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, demo, signInAs, uniqueEmail } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

/** The first id a leader's list call returns (prayers, events): pages with an id need a real one. */
async function firstId(page: Page, token: string, url: string, key: 'prayers' | 'events') {
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const list = (await res.json()).data[key] as { id: string }[];
  expect(list.length).toBeGreaterThan(0);
  return list[0]!.id;
}

async function look(page: Page, info: TestInfo, url: string, heading: string | RegExp, name: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // Let the lists arrive so the picture and axe see the page with its data, not its skeleton.
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  await snap(page, info, name);
}

for (const w of WIDTHS) {
  test.describe(`people pages look right and pass axe (${w.name})`, () => {
    test.use({ viewport: { width: w.width, height: w.height } });

    test('volunteers, leadership, pastoral care tabs, visitors, inbox, permissions', async ({ page }, info) => {
      test.setTimeout(180_000);
      await signInAs(page, demo.pastor);
      await look(page, info, '/volunteers', 'Volunteers', `volunteers-${w.name}`);
      await look(page, info, '/leadership', 'Leadership Team', `leadership-${w.name}`);
      for (const tab of ['overview', 'follow-up', 'prayer-care', 'visits']) {
        await look(
          page,
          info,
          tab === 'overview' ? '/pastoral-care' : `/pastoral-care?tab=${tab}`,
          'Pastoral Care',
          `care-${tab}-${w.name}`,
        );
      }
      await look(page, info, '/visitors', 'Visitors', `visitors-list-${w.name}`);
      await look(page, info, '/inbox', 'Inbox', `inbox-list-${w.name}`);
      await look(page, info, '/permissions', 'Permissions', `permissions-${w.name}`);
    });

    test('prayers and events management pages', async ({ page }, info) => {
      test.setTimeout(180_000);
      const { token } = await signInAs(page, demo.pastor);
      const prayerId = await firstId(page, token, '/api/prayers/all?limit=1', 'prayers');
      const eventId = await firstId(page, token, '/api/events?limit=1', 'events');
      await look(page, info, '/prayers', 'Prayer Requests', `prayers-${w.name}`);
      await look(page, info, '/prayers/add', 'Add Prayer Request', `prayer-add-${w.name}`);
      await look(page, info, `/prayers/${prayerId}`, /.+/, `prayer-detail-${w.name}`);
      await look(page, info, '/events', 'Events', `events-${w.name}`);
      await look(page, info, '/events/create', 'Create Event', `event-create-${w.name}`);
      await look(page, info, `/events/${eventId}`, /.+/, `event-detail-${w.name}`);
      await look(page, info, `/events/edit/${eventId}`, 'Edit Event', `event-edit-${w.name}`);
    });
  });
}

test('a leader turns an alert off on /pastoral-care and it stays off', async ({ page }) => {
  // A fresh pastor (promoted by the admin), so the demo pastor's alerts stay as other specs expect them.
  const email = uniqueEmail('alerts');
  const reg = await page.request.post('/api/auth/register', { data: { name: 'Alert Chooser', email, password: DEMO_PASSWORD } });
  expect(reg.ok(), await reg.text()).toBeTruthy();
  const id = (await reg.json()).user.id as string;
  const { token } = await signInAs(page, demo.admin);
  const promote = await page.request.patch(`/api/members/${id}/role`, {
    data: { role: 'pastor' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(promote.ok(), await promote.text()).toBeTruthy();

  await signInAs(page, email);
  await page.goto('/pastoral-care');
  const panel = page.getByRole('form', { name: 'My alerts' });
  const contact = panel.getByRole('switch', { name: /Contact messages/ });
  await expect(contact).toBeChecked();
  await expect(panel.getByRole('button', { name: 'Save alert choices' })).toBeDisabled();
  await contact.click({ force: true });
  await panel.getByRole('button', { name: 'Save alert choices' }).click();
  await expect(page.getByText('Alert preferences saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'My alerts' }).getByRole('switch', { name: /Contact messages/ })).not.toBeChecked();
  await expect(page.getByRole('form', { name: 'My alerts' }).getByRole('switch', { name: /New visitors/ })).toBeChecked();
});
