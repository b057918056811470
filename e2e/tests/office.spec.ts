import { expect, test } from '@playwright/test';
import { demo, signInAs, signUpFresh } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

/** The church's wall clock (Africa/Johannesburg, UTC+2, no daylight saving) a few minutes from now. */
function churchTimeIn(minutes: number) {
  const d = new Date(Date.now() + 2 * 3_600_000 + minutes * 60_000);
  return { date: d.toISOString().slice(0, 10), time: d.toISOString().slice(11, 16) };
}

// Messages go to the "visitors" audience: the seeded visitor (no demo account) and a fresh person made a visitor for
// this test and active again after, so the other specs' audiences stay as they are.
test('a pastor schedules a message two minutes ahead, sees it sent, and the member sees it under the bell', async ({
  browser,
  page,
}, info) => {
  test.setTimeout(300_000);
  const recipientContext = await browser.newContext();
  const recipientPage = await recipientContext.newPage();
  const recipient = await signUpFresh(recipientPage, 'Nandi Recipient');
  await signInAs(page, demo.pastor);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const detail = (await (await page.request.get(`/api/members/${recipient.user.id}`, { headers })).json()) as {
    data: { member: { name: string; email: string; joinDate: string } };
  };
  const m = detail.data.member;
  const setStatus = async (status: 'visitor' | 'active') => {
    const res = await page.request.put(`/api/members/${recipient.user.id}`, {
      headers,
      data: { name: m.name, email: m.email, joinDate: m.joinDate.slice(0, 10), status },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await setStatus('visitor');
  try {
    await page.goto('/messages');
    await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
    await page.getByRole('button', { name: 'New Message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Bulk Message' });

    // The spec's validation first.
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText('Subject and message are required')).toBeVisible();

    const subject = `Welcome evening ${Date.now()}`;
    await dialog.getByRole('combobox', { name: 'Recipients' }).click();
    await page.getByRole('option', { name: 'Visitors' }).click();
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Message').fill('Dear {firstName}, join us at {churchName} on Friday.');
    await dialog
      .locator('label')
      .filter({ hasText: /^Schedule$/ })
      .click();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText('Date and time are required for a scheduled message')).toBeVisible();
    const at = churchTimeIn(2);
    await dialog.getByLabel('Date').fill(at.date);
    await dialog.getByLabel('Time').fill(at.time);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByTestId('recipient-count')).toHaveText('2 recipients');
    await expect(dialog.getByText(/^Dear [A-Za-z]+, join us at [^{}]+ on Friday\.$/)).toBeVisible();
    await expectAccessible(page);
    await snap(page, info, 'message-dialog-desktop');
    await dialog.getByRole('button', { name: 'Schedule Message' }).click();
    await expect(page.getByText('Message scheduled for visitors')).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: subject });
    await expect(row.getByText('scheduled')).toBeVisible();
    // Before it is due the member has nothing under the bell from it.
    await recipientPage.goto('/dashboard');
    await recipientPage.getByTestId('notifications-bell').click();
    await expect(recipientPage.getByTestId('notifications-dropdown').getByText(subject)).toHaveCount(0);
    await recipientPage.keyboard.press('Escape');

    // Nothing restarts; the job queue sends it when it is due (the list looks again every few seconds).
    await expect(row.getByText('sent', { exact: true })).toBeVisible({ timeout: 200_000 });
    await row.getByRole('button', { name: `Delivery of ${subject}` }).click();
    const drawer = page.getByRole('dialog', { name: `Delivery: ${subject}` });
    await expect(drawer.getByRole('cell', { name: 'Delivered' })).toHaveCount(2);
    await page.keyboard.press('Escape');
    // axe looks at the page once the drawer has gone (mid-transition it is a dialog without its title).
    await expect(drawer).toBeHidden();

    for (const w of WIDTHS) {
      await page.setViewportSize({ width: w.width, height: w.height });
      await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
      await expectAccessible(page);
      await snap(page, info, `messages-${w.name}`);
    }

    // The member, signed in as themselves, opens the bell and reads the scheduled message with their own name merged in.
    await recipientPage.reload();
    const bell = recipientPage.getByTestId('notifications-bell');
    await expect(bell).toHaveAccessibleName(/Notifications, \d+ unread/);
    await bell.click();
    const dropdown = recipientPage.getByTestId('notifications-dropdown');
    await expect(dropdown.getByText(subject)).toBeVisible();
    await expect(dropdown.getByText(/^Dear Nandi, join us at [^{}]+ on Friday\.$/)).toBeVisible();
    // The viewport only: a full-page shot resizes the page, which closes the dropdown.
    await snap(recipientPage, info, 'recipient-bell-desktop', { fullPage: false });
    await expectAccessible(recipientPage);
  } finally {
    await setStatus('active');
    await recipientContext.close();
  }
});

test('a scheduled message can be cancelled before it starts', async ({ page }) => {
  await signInAs(page, demo.pastor);
  const at = churchTimeIn(60 * 24);
  const subject = `Cancel me ${Date.now()}`;
  const res = await page.request.post('/api/notifications/bulk', {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    data: { subject, message: 'x', recipientType: 'visitors', schedule: 'scheduled', scheduledDate: at.date, scheduledTime: at.time },
  });
  expect(res.status()).toBe(201);
  await page.goto('/messages');
  const row = page.getByRole('row').filter({ hasText: subject });
  await row.getByRole('button', { name: `Cancel ${subject}` }).click();
  await expect(page.getByText('Message cancelled')).toBeVisible();
  await expect(row.getByText('cancelled')).toBeVisible();
});

test('the pastor dashboard opens the message dialog from its quick actions', async ({ page }) => {
  await signInAs(page, demo.pastor);
  await page.goto('/pastor-dashboard');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('dialog', { name: 'Send Bulk Message' })).toBeVisible();
});

test('a pastor opens each analytics tab and sees the charts', async ({ page }, info) => {
  // Four tabs, each with an axe scan and a picture, then the phone width: 2.1 min on a loaded 2-core machine.
  test.setTimeout(240_000);
  await signInAs(page, demo.pastor);
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible();
  const charts: Record<string, string[]> = {
    overview: ['Giving by month', 'Members over 12 months'],
    growth: ['New members and visitors by month'],
    engagement: ['Engagement rates (last 30 days)'],
    website: ['Visits by month'],
  };
  for (const [tab, titles] of Object.entries(charts)) {
    await page.getByRole('tab', { name: tab }).click();
    for (const t of titles) {
      const fig = page.getByRole('figure', { name: t });
      await expect(fig).toBeVisible();
      await expect(fig.locator('svg.recharts-surface').first()).toBeVisible();
    }
    await expectAccessible(page);
    await snap(page, info, `analytics-${tab}-desktop`);
  }
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'This Year' }).click();
  await page.getByRole('tab', { name: 'overview' }).click();
  await expect(page.getByRole('figure', { name: 'Giving by month' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Report' }).click();
  expect((await download).suggestedFilename()).toMatch(/^analytics-report-yearly-\d{4}-\d{2}-\d{2}\.json$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('figure', { name: 'Giving by month' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'analytics-overview-phone');
});
