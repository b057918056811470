import { expect, test, type Page } from '@playwright/test';
import { signUpFresh, uniqueEmail, DEMO_PASSWORD, demo, signInWithForm } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

const CHURCH = 'Grace Harvest Community Church';

/** The app has taken over the server-rendered home page: its buttons work from here. */
async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('home-loading')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
}

async function signUpWithForm(page: Page, name: string) {
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(uniqueEmail('visitor'));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

test.describe('the public events list (issue 18)', () => {
  WIDTHS.forEach((w, i) => {
    test(`at ${w.width} px: View All Events opens every upcoming event; a visitor registers by signing up and comes back registered`, async ({
      page,
    }, info) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: w.width, height: w.height });
      await openHome(page);
      await page.getByRole('link', { name: 'View All Events' }).click();
      await expect(page).toHaveURL(/\/upcoming-events$/);
      await expect(page).toHaveTitle(`Upcoming Events · ${CHURCH}`);
      const cards = page.getByTestId('public-event');
      const total = (await (await page.request.get('/api/events?limit=100')).json()).data.total as number;
      await expect(cards).toHaveCount(total);
      await expect(cards.first()).toBeVisible();
      await snap(page, info, `upcoming-events-${w.name}`);
      await expectAccessible(page);

      // One of the last events, a different one per width (the demo member's tests read the first ones).
      const card = cards.nth(total - 1 - i);
      const title = (await card.getByRole('heading').innerText()).trim();
      await card.getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(/\/upcoming-events\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} · ${CHURCH}`);
      const before = Number((await page.getByTestId('attendees-count').innerText()).split(' ')[0]);
      await snap(page, info, `upcoming-event-${w.name}`);
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Register to Attend' }).click();
      await expect(page).toHaveURL(/\/register$/);
      await signUpWithForm(page, `Vusi Visitor ${w.name}`);
      // Back on the event, registered.
      await expect(page).toHaveURL(/\/upcoming-events\/[0-9a-f-]{36}$/);
      await expect(page.getByText('Successfully registered for event!')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Registered' })).toBeDisabled();
      await expect(page.getByTestId('attendees-count')).toHaveText(new RegExp(`^${before + 1} attendees?\\b`));
      // A reload does not register twice, and the member can cancel.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Registered' })).toBeDisabled();
      await page.getByRole('button', { name: `Cancel registration for ${title}` }).click();
      await expect(page.getByText('Your registration has been cancelled')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Register to Attend' })).toBeEnabled();
      await expect(page.getByTestId('attendees-count')).toHaveText(new RegExp(`^${before} attendees?\\b`));
    });

    test(`at ${w.width} px: a signed-in member's Register to Attend in the home page's event dialog registers them for that event`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: w.width, height: w.height });
      await signUpFresh(page, `Lindiwe Member ${w.name}`);
      await openHome(page);
      const card = page.getByTestId('event-card').nth(1);
      await card.click();
      const dialog = page.getByRole('dialog');
      const title = (await dialog.getByRole('heading').first().innerText()).trim();
      await dialog.getByRole('button', { name: 'Register to Attend' }).click();
      await expect(page).toHaveURL(/\/upcoming-events\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('Successfully registered for event!')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Registered' })).toBeDisabled();
      // The member's own events page agrees.
      await page.goto('/mobile/events');
      await expect(page.getByTestId('event-card').filter({ hasText: title }).getByRole('button', { name: 'Registered' })).toBeDisabled();
    });
  });
});

test.describe('sermons (issue 18)', () => {
  for (const w of WIDTHS) {
    test(`at ${w.width} px: View All Sermons opens the library; a card's Watch Sermon opens its page with the player`, async ({
      page,
    }, info) => {
      await page.setViewportSize({ width: w.width, height: w.height });
      await page.route('**/test-media/grace.wav', (route) => route.fulfill({ contentType: 'audio/wav', body: Buffer.alloc(0) }));
      // Give the sermon an audio recording too on its way to the page.
      await page.route(/\/api\/sermons\/public\/[0-9a-f-]{36}$/, async (route) => {
        const res = await route.fetch();
        const body = await res.json();
        body.data.sermon.audioUrl = '/test-media/grace.wav';
        await route.fulfill({ response: res, json: body });
      });
      await openHome(page);
      const all = page.getByRole('link', { name: 'View All Sermons' });
      await expect(all).toHaveAttribute('href', '/sermons');
      // A demo sermon: publish.spec's own (Grace Upon Grace <time>) may be newest, and it unpublishes that one meanwhile.
      const first = page
        .getByTestId('sermon-card')
        .filter({ hasNotText: /Grace Upon Grace \d+/ })
        .first();
      // textContent: the section below the fold skips rendering until scrolled to (content-visibility), so innerText is empty.
      const title = (await first.getByRole('heading').textContent())!.trim();
      await first.getByRole('link', { name: 'Watch Sermon' }).click();
      await expect(page).toHaveURL(/\/sermons\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} · ${CHURCH}`);
      // The demo sermon has a video: it plays first; Listen switches to the recording's audio.
      await expect(page.getByTestId('sermon-player').getByTestId('sermon-video')).toBeVisible();
      await page.getByRole('radiogroup', { name: 'Watch or listen' }).getByText('Listen').click();
      await expect(page.getByTestId('sermon-player').getByTestId('sermon-audio')).toHaveAttribute('src', '/test-media/grace.wav');
      await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
      await expect(page.getByRole('slider', { name: 'Volume' })).toBeVisible();
      await snap(page, info, `sermon-${w.name}`);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'All sermons' }).click();
      await expect(page).toHaveURL(/\/sermons$/);
      await page.getByTestId('library-sermon').getByRole('link', { name: title }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // And the home page's own link goes to the library, not the Bible.
      await openHome(page);
      await all.click();
      await expect(page).toHaveURL(/\/sermons$/);
      await expect(page.getByTestId('library-sermon').first()).toBeVisible();
    });
  }
});

const HEADER_LINKS = [
  ['About', '/about'],
  ['Ministries', '/ministries'],
  ['Sermons', '/sermons'],
  ['Events', '/upcoming-events'],
  ['Give', '/mobile/giving'],
] as const;

test.describe('the public header (issue 18)', () => {
  for (const w of WIDTHS) {
    test(`at ${w.width} px: offers About, Ministries, Sermons, Events and Give; Give brings a visitor to giving after sign-in`, async ({
      page,
    }, info) => {
      const phone = w.name === 'phone';
      await page.setViewportSize({ width: w.width, height: w.height });
      await page.goto('/about');
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
      // Wide screens show the links in the header; a phone folds them behind the menu button.
      if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: phone ? 'Mobile' : 'Main' });
      for (const [name, href] of HEADER_LINKS) await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      await expect(nav.getByRole('link', { name: 'API Docs' })).toHaveCount(0);
      await expect(page.locator('footer').getByRole('link', { name: 'API Docs' })).toHaveAttribute('href', '/api-docs');
      await snap(page, info, `header-${w.name}`, { fullPage: false });
      // Each link opens its page (Events: the public list, not the management page).
      await nav.getByRole('link', { name: 'Events', exact: true }).click();
      await expect(page).toHaveURL(/\/upcoming-events$/);
      await expect(page).toHaveTitle(`Upcoming Events · ${CHURCH}`);
      if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
      await nav.getByRole('link', { name: 'Give', exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
      await signInWithForm(page, demo.volunteer);
      await expect(page).toHaveURL(/\/mobile\/giving$/);
      await expect(page.getByRole('heading', { name: 'My Giving' })).toBeVisible();
    });
  }
});
