import { expect, test, type Page } from '@playwright/test';
import { demo, signInAs, signInWithForm, signUpFresh } from '../support/session';
import { snap, WIDTHS } from '../support/look';

/** The demo church's name (server/src/db/seed/church-settings.ts): every header and tab title carries it. */
const CHURCH = 'Grace Harvest Community Church';

/** Issue 18: every member page, with its browser-tab title. */
const PAGES = [
  { name: 'dashboard', desktop: '/dashboard', phone: '/mobile/dashboard', title: ['Dashboard', 'Home'] },
  { name: 'prayer', desktop: '/mobile/prayer', phone: '/mobile/prayer', title: ['Prayer', 'Prayer'] },
  { name: 'giving', desktop: '/mobile/giving', phone: '/mobile/giving', title: ['My Giving', 'My Giving'] },
  { name: 'events', desktop: '/mobile/events', phone: '/mobile/events', title: ['Events', 'Events'] },
  { name: 'bible', desktop: '/mobile/bible', phone: '/mobile/bible', title: ['Bible', 'Bible'] },
  { name: 'chat', desktop: '/chat', phone: '/mobile/chat', title: ['Church Chat', 'Church Chat'] },
  { name: 'profile', desktop: '/mobile/profile', phone: '/mobile/profile', title: ['My Profile', 'My Profile'] },
] as const;

async function expectDesktopShell(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Giving' })).toBeVisible();
  await expect(page.getByRole('banner').getByTestId('church-name')).toHaveText(CHURCH);
  await expect(page.getByTestId('notifications-bell')).toBeVisible();
  // No phone tab bar stretched across the desktop.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
}

async function expectPhoneFrame(page: Page) {
  const tabs = page.getByRole('navigation', { name: 'Main' });
  for (const tab of ['Home', 'Prayer', 'Bible', 'Chat', 'Profile']) await expect(tabs.getByRole('link', { name: tab })).toBeVisible();
  await expect(page.getByRole('banner').getByTestId('church-name')).toHaveText(CHURCH);
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
}

test.describe('every member page keeps its shell', () => {
  for (const w of WIDTHS) {
    test(`at ${w.width} px`, async ({ page }, info) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: w.width, height: w.height });
      await signInAs(page, demo.member);
      for (const p of PAGES) {
        const phone = w.name === 'phone';
        await page.goto(phone ? p.phone : p.desktop);
        await expect(page).toHaveURL(new RegExp(`${phone ? p.phone : p.desktop}$`));
        if (phone) await expectPhoneFrame(page);
        else await expectDesktopShell(page);
        await expect(page).toHaveTitle(`${p.title[phone ? 1 : 0]} · ${CHURCH}`);
        await snap(page, info, `${p.name}-${w.name}`);
      }
    });
  }

  test('the desktop navigation and quick actions stay in the shell; Church Chat opens /chat', async ({ page }) => {
    await signInAs(page, demo.member);
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Church Chat' })).toHaveAttribute('href', '/chat');
    await page.getByTestId('quick-actions').getByRole('link', { name: 'Church Chat' }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByRole('heading', { name: 'Church Chat' })).toBeVisible();
    await expectDesktopShell(page);
    await nav.getByRole('link', { name: 'My Giving' }).click();
    await expect(page).toHaveURL(/\/mobile\/giving$/);
    await expect(nav.getByRole('link', { name: 'My Giving' })).toHaveAttribute('aria-current', 'page');
    await expectDesktopShell(page);
    await nav.getByRole('link', { name: 'Overview' }).click();
    await page.getByTestId('quick-actions').getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/mobile\/events$/);
    await expectDesktopShell(page);
  });

  test('each device is sent to its own chat and dashboard', async ({ page }) => {
    await signInAs(page, demo.member);
    await page.goto('/mobile/chat');
    await expect(page).toHaveURL(/\/chat$/);
    await page.goto('/mobile/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/mobile\/chat$/);
    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByTestId('quick-actions').getByRole('link', { name: 'Church Chat' }).click();
    await expect(page).toHaveURL(/\/mobile\/chat$/);
  });
});

test.describe('roles', () => {
  for (const [email, badge] of [
    [demo.elder, 'Elder'],
    [demo.deacon, 'Deacon'],
    [demo.volunteer, 'Volunteer'],
  ] as const) {
    test(`a ${badge.toLowerCase()} wears their own badge`, async ({ page }) => {
      await signInAs(page, email);
      await page.goto(badge === 'Elder' ? '/pastor-dashboard' : '/dashboard');
      await expect(page.getByTestId('role-badge')).toHaveText(badge);
    });
  }

  test('an elder signing in lands on the pastor dashboard', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, demo.elder);
    await expect(page).toHaveURL(/\/pastor-dashboard$/);
    await expect(page).toHaveTitle(`Pastor Dashboard · ${CHURCH}`);
  });

  test('sign-in pages and the management header carry the church name', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('church-name')).toHaveText(CHURCH);
    await expect(page).toHaveTitle(`Sign In · ${CHURCH}`);
    await signInAs(page, demo.pastor);
    await page.goto('/members');
    await expect(page.getByRole('banner').getByTestId('church-name')).toHaveText(CHURCH);
    await expect(page).toHaveTitle(`Members Management · ${CHURCH}`);
  });
});

test.describe('toasts (issue 18)', () => {
  test('on a phone they rise from the bottom, a refusal says why, and the stale error closes when the next attempt succeeds', async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpFresh(page, 'Sipho Toast');
    await page.goto('/mobile/giving');
    // The first attempt is refused the way the server refuses a resent donation with another amount.
    let refused = false;
    await page.route('**/api/giving', async (route) => {
      if (route.request().method() !== 'POST' || refused) return route.fallback();
      refused = true;
      await route.fulfill({
        status: 409,
        json: { status: 'error', message: 'This donation was already submitted with a different amount. Please start a new donation.' },
      });
    });
    await page.getByLabel('Amount (R)').fill('25');
    await page.getByRole('radiogroup', { name: 'Payment method' }).getByText('Cash').click();
    await page.getByRole('button', { name: 'Donate' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'This donation was already submitted with a different amount.' });
    await expect(refusal).toBeVisible();
    // Not over the header's bell and avatar: below them, at the bottom of the screen.
    const toast = (await refusal.boundingBox())!;
    const bell = (await page.getByTestId('notifications-bell').boundingBox())!;
    expect(toast.y).toBeGreaterThan(bell.y + bell.height);
    expect(toast.y + toast.height).toBeGreaterThan(844 / 2);
    await snap(page, info, 'toast-phone');
    // The toast sits just above the tab bar: bring Donate up to the middle of the screen, as a thumb would.
    const donate = page.getByRole('button', { name: 'Donate' });
    await donate.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await donate.click();
    await expect(page.getByText('Thank you for your generous donation!')).toBeVisible();
    await expect(refusal).toHaveCount(0);
  });
});
