import { expect, test, type Page } from '@playwright/test';
import { demo, signInAs } from '../support/session';

// One demo member walks through the portal; later steps change what earlier ones read.
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
/** Set SHOTS_DIR to keep screenshots of each page (reviewed by eye). */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}
/** Today at the given local hour in the browser, so the greeting is known. */
async function atHour(page: Page, hour: number) {
  const d = new Date();
  d.setHours(hour, 5, 0, 0);
  await page.clock.setFixedTime(d);
}

async function apiGet(page: Page, token: string, url: string) {
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), url).toBeTruthy();
  return (await res.json()).data;
}

test('a member at desktop width sees /dashboard with the greeting and figures from the seeded data', async ({ page }) => {
  const { token } = await signInAs(page, demo.member);
  await atHour(page, 9);
  await page.goto('/dashboard');
  await expect(page.getByTestId('greeting')).toHaveText('Good morning, Naledi!');
  await expect(page.getByTestId('role-badge')).toHaveText('Member');
  await expect(page.getByTestId('dashboard-user-name')).toHaveText('Naledi Zulu');

  const stats = await apiGet(page, token, '/api/members/stats');
  const events = (await apiGet(page, token, '/api/events?limit=100')).events as { date: string }[];
  const upcoming = events.filter((e) => Date.parse(e.date) >= Date.now()).length;
  await expect(page.getByTestId('stat-totalMembers').getByTestId('stat-value')).toHaveText(String(stats.totalMembers));
  await expect(page.getByTestId('stat-totalGiving').getByTestId('stat-value')).toHaveText('R 2,870.50');
  await expect(page.getByTestId('stat-upcomingEvents').getByTestId('stat-value')).toHaveText(String(upcoming));
  await expect(page.getByTestId('stat-yourPrayers').getByTestId('stat-value')).toHaveText('2');
  // Church-wide cards and links are for leaders only.
  await expect(page.getByTestId('stat-newVisitors')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Manage Members' })).toHaveCount(0);
  await expect(page.getByTestId('member-note')).toBeVisible();
  // At most five recent items: two donations, two prayers, then an event.
  await expect(page.getByTestId('recent-activity').locator('> div')).toHaveCount(5);
  await expect(page.getByTestId('recent-activity')).toContainText('You gave R 1,000.00');
  await shot(page, 'dashboard-member-1280');

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByText('Are you sure you want to logout?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('at 390 px the member lands on /mobile/dashboard with the tab bar', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, demo.member);
  await atHour(page, 15);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/mobile\/dashboard$/);
  await expect(page.getByTestId('greeting')).toHaveText('Good afternoon, Naledi!');
  await expect(page.getByRole('link', { name: 'Back to Main Site' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Main' });
  for (const tab of ['Home', 'Prayer', 'Bible', 'Chat', 'Profile']) await expect(tabs.getByRole('link', { name: tab })).toBeVisible();
  await expect(page.getByTestId('stat-totalGiving').getByTestId('stat-value')).toHaveText('R 2,870.50');
  await shot(page, 'mobile-dashboard-390');
});

test('submits a prayer request', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, demo.member);
  await page.goto('/mobile/prayer');
  await expect(page.getByRole('switch', { name: 'Share publicly with church' })).toBeChecked();
  await page.getByRole('button', { name: 'Submit Prayer Request' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await page.getByLabel('Title').fill('Safe travels to Polokwane');
  await page.getByLabel('Description').fill('Driving up with my family this weekend.');
  await page.getByRole('button', { name: 'Submit Prayer Request' }).click();
  await expect(page.getByText('Prayer request submitted')).toBeVisible();
  await expect(page.getByTestId('prayer-item').first()).toContainText('Safe travels to Polokwane');
  await expect(page.getByTestId('prayer-item').first()).toContainText('pending');
  await expect(page.getByLabel('Title')).toHaveValue('');
  await shot(page, 'prayer-390');
});

test('gives a donation and sees the total and history change', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, demo.member);
  await page.goto('/mobile/giving');
  await expect(page.getByTestId('total-given')).toHaveText('R 2,870.50');
  await expect(page.getByTestId('donation-row')).toHaveCount(6);
  await page.getByLabel('Amount (R)').fill('0.5');
  await page.getByRole('button', { name: 'Donate' }).click();
  await expect(page.getByText('The minimum donation is R 1.00')).toBeVisible();
  await page.getByLabel('Amount (R)').fill('1234.56');
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByText('Bank Transfer').click();
  await page.getByLabel('Note').fill('Mission trip');
  // A double click records one donation.
  await page.getByRole('button', { name: 'Donate' }).dblclick();
  await expect(page.getByText('Thank you for your generous donation!').first()).toBeVisible();
  // A bank transfer is pending until the treasurer matches it: the total counts completed gifts only.
  await expect(page.getByTestId('bank-reference')).toHaveText(/^GIV-[A-Z2-9]{8}$/);
  await expect(page.getByTestId('total-given')).toHaveText('R 2,870.50');
  await expect(page.getByTestId('donation-row')).toHaveCount(7);
  const first = page.getByTestId('donation-row').first();
  await expect(first.getByTestId('donation-amount')).toHaveText('R 1,234.56');
  await expect(first).toContainText('Bank Transfer · One-time');
  await expect(first).toContainText('Mission trip');
  await expect(first).toContainText('pending');
  await shot(page, 'giving-390');
});

test('registers for an event', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, demo.member);
  await page.goto('/mobile/events');
  const card = page.getByTestId('event-card').first();
  const before = Number((await card.getByTestId('attendees-count').innerText()).split(' ')[0]);
  await card.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Successfully registered for event!')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Registered' })).toBeDisabled();
  // '1 attendee' when the first event had nobody yet (other tests add events that may come first).
  await expect(card.getByTestId('attendees-count')).toHaveText(new RegExp(`^${before + 1} attendees?\\b`));
  await page.reload();
  await expect(page.getByTestId('event-card').first().getByRole('button', { name: 'Registered' })).toBeDisabled();
  await shot(page, 'events-390');
});

test('edits the profile', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, demo.member);
  await page.goto('/mobile/profile');
  const view = page.getByTestId('profile-view');
  await expect(view).toContainText('member@demo.church');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('textbox', { name: 'Phone' }).fill('+27 82 555 0199');
  await page.getByLabel('Spiritual gifts').fill(' Teaching , ,Music,');
  await page.getByLabel('Ministry interests').fill('Youth Ministry,  Outreach');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(view).not.toContainText('+27 82 555 0199');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('textbox', { name: 'Phone' })).not.toHaveValue('+27 82 555 0199');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+27 82 555 0199');
  await page.getByLabel('Spiritual gifts').fill(' Teaching , ,Music,');
  await page.getByLabel('Ministry interests').fill('Youth Ministry,  Outreach');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  // Stored as E.164, shown the local way (issue 31).
  await expect(view).toContainText('082 555 0199');
  await expect(view.getByText('Teaching', { exact: true })).toBeVisible();
  await expect(view.getByText('Music', { exact: true })).toBeVisible();
  await expect(view.getByText('Outreach', { exact: true })).toBeVisible();
  await shot(page, 'profile-390');
});

test('reads notifications and marks them read', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, demo.member);
  await page.goto('/mobile/dashboard');
  // Three seeded unread (the pending bank gift above sends no "received" note until it is matched).
  const bell = page.getByTestId('notifications-bell');
  await expect(bell).toHaveAccessibleName('Notifications, 3 unread');
  await bell.click();
  const items = page.getByTestId('notification-item');
  // Four seeded ones; another test may already have added one for this shared demo member (the dropdown shows 5 at most).
  await expect(items.nth(3)).toBeVisible();
  const shown = await items.count();
  expect(shown).toBeLessThanOrEqual(5);
  await shot(page, 'notifications-390');
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await page.keyboard.press('Escape');
  await bell.click();
  await expect(page.getByTestId('notification-item')).toHaveCount(shown);
  for (const item of await page.getByTestId('notification-item').all()) await expect(item).toHaveAttribute('data-read', 'true');
});

test('an administrator sees the extra navigation, Manage Members and church-wide figures', async ({ page }) => {
  await signInAs(page, demo.admin);
  await page.goto('/dashboard');
  await expect(page.getByTestId('role-badge')).toHaveText('Administrator');
  await expect(page.getByRole('link', { name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  await expect(page.getByRole('link', { name: 'Manage Members' })).toHaveAttribute('href', '/members');
  await expect(page.getByTestId('stat-activeMembers')).toBeVisible();
  await expect(page.getByTestId('church-monthly-estimate')).toHaveText(/^R [\d,]+\.\d{2}$/);
  await expect(page.getByTestId('member-note')).toHaveCount(0);
  await shot(page, 'dashboard-admin-1280');
});
