import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, snap, WIDTHS } from '../support/look';
import { uniqueEmail } from '../support/session';

/**
 * A member cancels their own event registration (issue 15): a fresh account
 * registers, the seat count goes up, Cancel registration gives the seat back.
 * Each width uses its own new member, so the demo accounts are untouched.
 */
async function signUpFresh(page: Page, name: string) {
  const password = 'Sunrise-2026-Seat';
  const res = await page.request.post('/api/auth/register', { data: { name, email: uniqueEmail('cancel'), password } });
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
}

const seats = async (card: ReturnType<Page['getByTestId']>) =>
  Number((await card.getByTestId('attendees-count').innerText()).split(' ')[0]);

for (const size of WIDTHS) {
  test(`a new member registers for an event and cancels, and the seat comes back (${size.name})`, async ({ page }, info) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signUpFresh(page, `Seat Tester ${size.name === 'desktop' ? 'Desk' : 'Phone'}`);
    await page.goto('/mobile/events');
    // The first event with an open place (a full one shows Full).
    const card = page
      .getByTestId('event-card')
      .filter({ has: page.getByRole('button', { name: 'Register', exact: true }) })
      .first();
    const title = await card.locator('p').first().innerText();
    const mine = page.getByTestId('event-card').filter({ hasText: title }).first();
    const before = await seats(mine);

    await mine.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Successfully registered for event!')).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Registered' })).toBeDisabled();
    await expect(mine.getByTestId('attendees-count')).toContainText(`${before + 1} attendee`);
    // The whole page with the shell of this width (desktop sidebar and header, or the phone's header and tab bar)
    // and the success toast on screen: no exclusions, 0 serious or critical findings.
    await expectAccessible(page);
    await snap(page, info, `events-registered-${size.name}`);

    await mine.getByRole('button', { name: `Cancel registration for ${title}` }).click();
    await expect(page.getByText('Your registration has been cancelled')).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Register', exact: true })).toBeEnabled();
    await expect(mine.getByTestId('attendees-count')).toContainText(`${before} attendee`);
    await expect(mine.getByRole('button', { name: /Cancel registration/ })).toHaveCount(0);

    // What the server says after a reload: the seat is free and I am not registered.
    await page.reload();
    const again = page.getByTestId('event-card').filter({ hasText: title }).first();
    await expect(again.getByTestId('attendees-count')).toContainText(`${before} attendee`);
    await expect(again.getByRole('button', { name: 'Register', exact: true })).toBeEnabled();
    await snap(page, info, `events-cancelled-${size.name}`);
  });
}
