import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, snap } from '../support/look';
import { uniqueEmail } from '../support/session';

/**
 * Account protection a member meets (issue 15): a new e-mail address needs the
 * current password and signs out the other devices, while this tab carries on.
 * A fresh account each time: the demo accounts stay as they are.
 */
const PASSWORD = 'Sunrise-2026-Mail';

async function signUpFresh(page: Page) {
  const email = uniqueEmail('mailchange');
  const res = await page.request.post('/api/auth/register', { data: { name: 'Mail Changer', email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  await page.goto('/404');
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: body.token, user: body.user },
  );
  return { email, token: body.token as string };
}

test('changing the e-mail asks for the current password and signs out other devices', async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { token: otherDevice } = await signUpFresh(page);
  await page.goto('/mobile/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  // The profile form's own field (the change-password card below has a 'Current password' of its own).
  const profileForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save Changes' }) });
  // Same e-mail: no password asked.
  await expect(profileForm.getByLabel('Current password')).toHaveCount(0);
  const newEmail = uniqueEmail('changed');
  await page.getByRole('textbox', { name: 'Email' }).fill(newEmail);
  const current = profileForm.getByLabel('Current password');
  await expect(current).toBeVisible();
  // The page's own content; the shared mobile header and tab bar have known contrast/label findings of their own (reported).
  await expectAccessible(page);
  await snap(page, info, 'profile-email-change-390');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Enter your current password to change your email address')).toBeVisible();
  await current.fill('not-my-password');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your current password is not correct')).toBeVisible();
  await current.fill(PASSWORD);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByTestId('profile-view')).toContainText(newEmail);

  // This tab carries on with the new token, also after a reload; the other device's token is refused.
  await page.reload();
  await expect(page.getByTestId('profile-view')).toContainText(newEmail);
  const stale = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${otherDevice}` } });
  expect(stale.status()).toBe(401);
});
