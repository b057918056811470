import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { signInWithForm, signUpFresh } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

/** The code an authenticator app would show for this secret, `ahead` steps from now (each code works once). */
const codeFor = (secret: string, ahead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + ahead * 30_000 });

async function lookAtBoth(page: Page, info: TestInfo, name: string) {
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await expectAccessible(page);
    await snap(page, info, `${name}-${w.name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
}

test('a member turns on two-factor sign-in, then signs in with a code and with a recovery code', async ({ page }, info) => {
  test.setTimeout(150_000);
  const { email } = await signUpFresh(page, 'Sipho Twofactor');
  await page.goto('/mobile/profile');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').textContent())!.trim();
  await lookAtBoth(page, info, 'two-factor-enrol');

  await card.getByLabel('Code from your app').fill(codeFor(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByTestId('recovery-code')).toHaveCount(10);
  const recovery = (await card.getByTestId('recovery-code').first().textContent())!.trim();
  await lookAtBoth(page, info, 'two-factor-recovery-codes');
  await expect(card.getByRole('button', { name: 'Done' })).toBeDisabled();
  await card.getByLabel('I have saved my recovery codes').check();
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('10 recovery codes left.')).toBeVisible();

  // Signing in now asks for the code after the password.
  await signOut(page);
  await signInWithForm(page, email);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeVisible();
  await lookAtBoth(page, info, 'two-factor-sign-in-step');
  await codeField.fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // A recovery code instead, once.
  await signOut(page);
  await signInWithForm(page, email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await signOut(page);
  await signInWithForm(page, email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('That recovery code is not right, or it was already used.')).toBeVisible();
});
