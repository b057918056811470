import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, signInAs, signUpFresh } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

/** The bearer header of the session the page holds (for the few API calls a leader makes below). */
async function bearer(page: Page) {
  return { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
}

test.describe.configure({ mode: 'serial', timeout: 150_000 });

test('a member downloads their data, withdraws e-mail consent (the next bulk message skips them) and deletes their account', async ({
  page,
  browser,
}, info) => {
  const me = await signUpFresh(page, 'Palesa Privacy');
  await page.goto('/mobile/profile');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();

  // Download my data: prepared by a job, then a ZIP.
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByText('We are preparing your data. It will be ready to download in a moment.')).toBeVisible();
  const save = page.getByRole('button', { name: /^Download ZIP of/ });
  await expect(save).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), save.click()]);
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await readFile((await file.path())!);
  const zip = await JSZip.loadAsync(bytes);
  const data = JSON.parse(await zip.file('data.json')!.async('string')).data;
  expect(data.profile[0]).toMatchObject({ name: 'Palesa Privacy', email: me.email });
  expect(zip.file('csv/consents.csv') ?? zip.file('csv/profile.csv')).toBeTruthy();

  // Withdraw e-mail consent.
  await page.getByRole('switch', { name: 'E-mail from the church' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible();
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, info, `profile-your-data-${w.name}`);
  }

  // A pastor writes to inactive members, with this member among them: in-app yes, e-mail skipped for the withdrawn consent.
  const pastorPage = await browser.newPage();
  await signInAs(pastorPage, demo.pastor);
  const headers = await bearer(pastorPage);
  const member = (await (await pastorPage.request.get(`/api/members/${me.user.id}`, { headers })).json()).data.member;
  const put = await pastorPage.request.put(`/api/members/${me.user.id}`, {
    headers,
    data: { name: member.name, email: member.email, joinDate: member.joinDate, status: 'inactive', statusReason: 'Moved to Durban' },
  });
  expect(put.ok(), await put.text()).toBeTruthy();
  const sent = await pastorPage.request.post('/api/notifications/bulk', {
    headers,
    data: { subject: `We miss you ${Date.now()}`, message: 'Dear {firstName}, we miss you at {churchName}.', recipientType: 'inactive' },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const messageId = (await sent.json()).data.bulkMessage.id as string;
  await expect
    .poll(
      async () => {
        const res = await pastorPage.request.get(`/api/messages/${messageId}/recipients?emailState=skipped&limit=200`, { headers });
        const list = (await res.json()).data?.recipients ?? [];
        return list.find((r: { email: string }) => r.email === me.email)?.emailDetail ?? null;
      },
      { timeout: 60_000 },
    )
    .toBe('Opted out of church e-mail');
  await pastorPage.close();

  // Delete the account: what goes and what stays is said first.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText(/Records of your gifts stay for five years/)).toBeVisible();
  await expect(dialog.getByText(/under the name "Former member"/)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await expectAccessible(page);
  await snap(page, info, 'delete-account-dialog');
  await confirm.click();
  // Signed out at once (sign-out always lands on the sign-in page).
  await expect(page).toHaveURL(/\/login$/);

  // The old e-mail and password open nothing.
  const login = await page.request.post('/api/auth/login', { data: { email: me.email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(401);
});

test('the privacy notice is public and linked from the footer; administrators see the data requests', async ({ page }, info) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Notice' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Information Officer' })).toBeVisible();
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await expectAccessible(page);
    await snap(page, info, `privacy-${w.name}`);
  }

  await signInAs(page, demo.admin);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/data-requests');
  await expect(page.getByRole('heading', { name: 'Data Requests' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Data requests' }).getByText('Account deletion').first()).toBeVisible();
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await expectAccessible(page);
    await snap(page, info, `data-requests-${w.name}`);
  }
});
