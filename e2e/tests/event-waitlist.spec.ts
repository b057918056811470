import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, snap, WIDTHS } from '../support/look';
import { demo, signInAs, signUpFresh } from '../support/session';

/**
 * Issue 31, events: capacity 1 → the second person waits → the first cancels → the second has the place;
 * then the pastor cancels the event and the member sees it marked Cancelled. Fresh members per width, and
 * an event of this test's own, so the demo data other specs read is untouched.
 */
async function personIn(browser: Browser, size: (typeof WIDTHS)[number], name: string) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  const page = await context.newPage();
  await signUpFresh(page, name);
  return page;
}
const cardOf = (page: Page, title: string) => page.getByTestId('event-card').filter({ hasText: title });

for (const size of WIDTHS) {
  test(`waiting list moves up, and a cancelled event says so (${size.name})`, async ({ page, browser }, info) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const pastor = await signInAs(page, demo.pastor);
    const title = `Supper for One ${size.name} ${Date.now()}`;
    const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const created = await page.request.post('/api/events', {
      headers: { authorization: `Bearer ${pastor.token}` },
      data: { title, date, time: '18:00', endTime: '20:00', type: 'social', maxAttendees: 1, location: 'Church hall', announce: false },
    });
    expect(created.status(), await created.text()).toBe(201);

    const first = await personIn(browser, size, `First ${size.name}`);
    const second = await personIn(browser, size, `Second ${size.name}`);

    await first.goto('/mobile/events');
    await cardOf(first, title).getByRole('button', { name: 'Register', exact: true }).click();
    await expect(first.getByText('Successfully registered for event!')).toBeVisible();
    await expect(cardOf(first, title).getByRole('button', { name: 'Registered' })).toBeDisabled();

    await second.goto('/mobile/events');
    await cardOf(second, title).getByRole('button', { name: 'Join waiting list' }).click();
    await expect(
      second.getByText('This event is full: you are on the waiting list (number 1). We will tell you when a place opens.'),
    ).toBeVisible();
    await expect(cardOf(second, title).getByRole('button', { name: 'On the waiting list' })).toBeDisabled();
    await expect(cardOf(second, title).getByTestId('attendees-count')).toContainText('1 attendee of 1 · 1 waiting');
    await expectAccessible(second);
    await snap(second, info, `events-waitlisted-${size.name}`);

    await cardOf(first, title)
      .getByRole('button', { name: `Cancel registration for ${title}` })
      .click();
    await expect(first.getByText('Your registration has been cancelled')).toBeVisible();

    // The second person moved up: registered, and told so in the app.
    await second.reload();
    await expect(cardOf(second, title).getByRole('button', { name: 'Registered' })).toBeDisabled();
    await expect(cardOf(second, title).getByTestId('attendees-count')).toContainText('1 attendee of 1');

    // The pastor cancels the event on the events page (a leader cancels; only administrators delete).
    await page.goto('/events');
    const manageCard = page.getByTestId('manage-event-card').filter({ hasText: title });
    await expect(manageCard.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);
    await manageCard.getByRole('button', { name: `Cancel ${title}` }).click();
    await page.getByLabel('Reason (told to those registered)').fill('The hall is being repaired');
    await expectAccessible(page);
    await snap(page, info, `events-cancel-dialog-${size.name}`);
    await page.getByRole('button', { name: 'Cancel event' }).click();
    await expect(page.getByText('Event cancelled. Everyone registered has been told.')).toBeVisible();
    await expect(manageCard.getByTestId('event-cancelled')).toBeVisible();

    await second.reload();
    const gone = cardOf(second, title);
    await expect(gone.getByTestId('event-cancelled')).toHaveText('Cancelled');
    await expect(gone.getByTestId('event-cancelled-note')).toHaveText('This event has been cancelled. Reason: The hall is being repaired');
    await expect(gone.getByRole('button', { name: /Cancel registration/ })).toHaveCount(0);
    await expectAccessible(second);
    await snap(second, info, `events-cancelled-${size.name}`);
    await first.context().close();
    await second.context().close();
  });
}
