import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signInAs, signUpFresh } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

test.describe.configure({ timeout: 150_000 });

/**
 * Sign out everywhere (issue 29): a member sees every device signed in to their account on their profile,
 * signs one out, then signs out everywhere from one browser — and the other browser is signed out too.
 */
test('a member ends one session, then signs out everywhere; the other browser is signed out', async ({ page, browser }, info) => {
  const me = await signUpFresh(page, 'Sipho Sessions');
  // A second browser (another device) signed in to the same account.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, me.email);
  // A third sign-in, through the API only (a forgotten laptop).
  const stray = await page.request.post('/api/auth/login', { data: { email: me.email, password: DEMO_PASSWORD } });
  const strayToken = (await stray.json()).token as string;
  const strayMe = () => page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${strayToken}` } });
  expect((await strayMe()).status()).toBe(200);

  await page.goto('/mobile/profile');
  const card = page.getByRole('region', { name: 'Sessions' });
  await expect(card.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  const rows = card.getByTestId('session-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(rows.first()).toContainText(/Last used/);
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await expect(card).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w.width);
    await expectAccessible(page);
    await snap(page, info, `profile-sessions-${w.name}`);
  }

  // Sign one other device out: the oldest (the list is newest first), which is the stray API sign-in or the other browser.
  // End the stray one by its id, found through the list the page shows.
  const sessions = (await (await page.request.get('/api/auth/sessions', { headers: { authorization: `Bearer ${strayToken}` } })).json())
    .data.sessions as Array<{ id: string; current: boolean }>;
  const strayId = sessions.find((s) => s.current)!.id;
  const rowsBefore = await rows.count();
  const strayIndex = (await page.request.get('/api/auth/sessions', {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
  }).then((r) => r.json())).data.sessions.findIndex((s: { id: string }) => s.id === strayId) as number;
  expect(strayIndex).toBeGreaterThanOrEqual(0);
  await rows.nth(strayIndex).getByRole('button', { name: /^Sign out/ }).click();
  await expect(page.getByText('Signed out of that device.')).toBeVisible();
  await expect(rows).toHaveCount(rowsBefore - 1);
  expect((await strayMe()).status()).toBe(401);

  // The other browser still works until …
  await otherPage.goto('/mobile/profile');
  await expect(otherPage.getByRole('region', { name: 'Sessions' })).toBeVisible();

  // … sign out everywhere, from this browser (asked first).
  await card.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere' });
  await expect(dialog.getByText('Sign out of every device, this one included?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The other browser is signed out: its next request is refused and it lands on the sign-in page.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  expect(await otherPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await other.close();
});

test('logging out ends the session on the server too', async ({ page }) => {
  await signUpFresh(page, 'Lerato Logout');
  await page.goto('/mobile/profile');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = () => page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect((await me()).status()).toBe(200);
  await page.getByRole('region', { name: 'Sessions' }).getByTestId('session-row').getByRole('button', { name: /^Sign out/ }).click();
  await expect(page).toHaveURL(/\/login/);
  // The token copied before signing out opens nothing any more.
  await expect.poll(async () => (await me()).status()).toBe(401);
});
