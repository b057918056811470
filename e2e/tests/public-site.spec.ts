import { expect, test, type Page } from '@playwright/test';
import { demo, signInAs, uniqueEmail } from '../support/session';

const SHOTS = process.env.SHOTS_DIR;

/** A full-page picture: sections below the hero skip painting while off screen (content-visibility), so show them all first. */
async function fullPageShot(page: Page, file: string) {
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.screenshot({ path: `${SHOTS}/${file}`, fullPage: true });
}

/** The app has taken over the page (main.tsx marks <html data-hydrated>): its buttons work from here. */
async function waitForApp(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
}

/**
 * The home page is rendered on the server and then adopted by the app: wait
 * for both (buttons only work once the app has taken over), and fail on a
 * hydration mismatch, which main.tsx reports on the console.
 */
async function openHome(page: Page) {
  const mismatches: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat/i.test(m.text())) mismatches.push(m.text());
  });
  await page.goto('/');
  await expect(page.getByTestId('home-loading')).toHaveCount(0, { timeout: 15_000 });
  await waitForApp(page);
  expect(mismatches).toEqual([]);
}

/**
 * Reaches the home page inside the running app (from /about), so the browser
 * requests the page's data itself: that is where its fallbacks act (the
 * server-rendered first visit carries its data with it).
 */
async function openHomeInApp(page: Page) {
  await page.goto('/about');
  await waitForApp(page);
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-loading')).toHaveCount(0, { timeout: 15_000 });
}

async function leaderToken(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: { email: demo.pastor, password: 'Church2026!' } });
  return (await res.json()).token as string;
}

async function expectEverySection(page: Page) {
  // Hero, buttons, verse card
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('link', { name: 'Member Portal' })).toHaveAttribute('href', '/mobile/dashboard');
  await expect(page.getByLabel("Today's Verse")).toBeVisible();
  await expect(page.getByTestId('daily-verse-text')).not.toBeEmpty();
  // Statistics from real data
  const stats = (await (await page.request.get('/api/settings/public')).json()).data.stats;
  // The page and the call are both kept answers (the home render, the public-read cache) while other
  // specs sign people up beside this one: the figure is the real count, give or take those sign-ups.
  await expect(page.getByTestId('stat-members')).toContainText('Members');
  // (innerText: the tile also holds Mantine's responsive <style>, whose class names have digits.)
  const shown = async () => Number((await page.getByTestId('stat-members').innerText()).match(/\d+/)?.[0] ?? NaN);
  await expect
    .poll(async () => Math.abs((await shown()) - stats.members), { message: `members near ${stats.members}` })
    .toBeLessThanOrEqual(5);
  await expect(page.getByTestId('stat-founded')).toContainText('2018');
  await expect(page.getByTestId('stat-upcoming-events')).toContainText(String(stats.upcomingEvents));
  await expect(page.getByTestId('stat-recent-prayers')).toContainText('Recent Prayers');
  // Our Foundation
  await expect(page.getByRole('heading', { name: 'Our Foundation' })).toBeVisible();
  await expect(page.getByText('Pastor David Nkosi & Thandiwe Nkosi')).toBeVisible();
  await expect(page.getByTestId('core-values').locator('.mantine-Card-root')).toHaveCount(7);
  await expect(page.getByRole('button', { name: 'Get in Touch' })).toBeVisible();
  // Recent Sermons
  await expect(page.getByTestId('sermon-card')).toHaveCount(3);
  await expect(page.getByTestId('sermon-card').first()).toContainText('Grace That Finds Us');
  await expect(page.getByTestId('sermon-card').first()).toContainText(/\d\d:\d\d/);
  await expect(page.getByTestId('sermon-card').first()).toContainText('views');
  // Issue 18: a card opens that sermon's page; View All Sermons opens the library (not the Bible).
  await expect(page.getByRole('link', { name: 'Watch Sermon' }).first()).toHaveAttribute('href', /^\/sermons\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: 'View All Sermons' })).toHaveAttribute('href', '/sermons');
  // Service times
  // Every service the church lists, any number a day, with its language (issue 30: an 08:00 Afrikaans service).
  for (const text of [
    'Oggenddiens',
    '08:00 – 09:15',
    'Afrikaans',
    'Sunday Main Service',
    '10:00 – 12:00',
    'Wednesday Bible Study',
    '18:00 – 19:30',
    'Friday Prayer Meeting',
    '18:00 – 20:00',
  ]) {
    // Visible ones: the header's language menu holds an option named 'Afrikaans' too.
    await expect(page.getByText(text, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  }
  // Events
  await expect(page.getByTestId('event-card')).toHaveCount(3);
  await expect(page.getByTestId('event-card').first()).toContainText('Youth Braai & Games Night');
  // Issue 18: the public list of upcoming events (members' /mobile/events needs an account).
  await expect(page.getByRole('link', { name: 'View All Events' })).toHaveAttribute('href', '/upcoming-events');
  // Find Our Church: details and a map that works without tiles (tests run offline)
  await expect(page.getByRole('heading', { name: 'Find Our Church' })).toBeVisible();
  await expect(page.getByTestId('church-address')).toHaveText('1187 Burnett Street, Hatfield, Pretoria, 0083');
  await expect(page.getByRole('link', { name: '012 362 4410' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'hello@graceharvest.org.za' }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Find Our Church' }).getByText('Pastor David Nkosi', { exact: true })).toBeVisible();
  await page.getByTestId('church-map').scrollIntoViewIfNeeded();
  await expect(page.locator('.leaflet-marker-icon')).toBeVisible();
  await page.locator('.leaflet-marker-icon').click();
  await expect(page.locator('.leaflet-popup-content')).toContainText('Grace Harvest Community Church');
  // Call to action and footer
  await expect(page.getByRole('heading', { name: 'Ready to Join Our Family?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Become a Member' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('link', { name: 'Member Login' })).toHaveAttribute('href', '/login');
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: 'About Us' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'API Docs' })).toHaveAttribute('href', '/api-docs');
  await expect(footer.getByRole('link', { name: 'Facebook' })).toBeVisible();
}

test.describe('home page', () => {
  test('renders every section with the seeded church at desktop width', async ({ page }) => {
    await openHome(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['About', 'Ministries', 'Sermons', 'Events', 'Give', 'Contact', 'Login', 'Join Us'])
      await expect(nav.getByRole('button', { name }).or(nav.getByRole('link', { name }))).toBeVisible();
    // Issue 18: API Docs moved to the footer's Developers links.
    await expect(nav.getByRole('link', { name: 'API Docs' })).toHaveCount(0);
    await expectEverySection(page);
    if (SHOTS) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await fullPageShot(page, 'home-1280.png');
    }
  });

  test('renders every section at 390 px with a menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openHome(page);
    await expectEverySection(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['About', 'Ministries', 'Sermons', 'Events', 'Give', 'Contact', 'Login', 'Join Us'])
      await expect(menu.getByRole('button', { name }).or(menu.getByRole('link', { name }))).toBeVisible();
    if (SHOTS) {
      await page.keyboard.press('Escape');
      await fullPageShot(page, 'home-390.png');
    }
  });

  test('the carousel advances every 5 seconds and dots jump to a slide', async ({ page }) => {
    await openHome(page);
    const slide = page.getByTestId('hero-slide');
    await expect(slide).toHaveAttribute('data-index', '0');
    await expect(slide).toHaveAttribute('data-index', '1', { timeout: 7_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Rooted in the Word' })).toBeVisible();
    await page.getByRole('tab', { name: 'Slide 3: Love in Action' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Love in Action' })).toBeVisible();
    await expect(page.getByText('— 1 John 3:18')).toBeVisible();
  });

  test('signed-in visitors get the Welcome Back banner and a Dashboard link', async ({ page }) => {
    await signInAs(page, demo.member);
    await openHome(page);
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
    await expect(page.getByTestId('cta-banner').getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByTestId('cta-banner').getByRole('link', { name: 'Mobile Portal' })).toHaveAttribute('href', '/mobile/dashboard');
    await expect(page.getByRole('heading', { name: 'Ready to Join Our Family?' })).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toBeVisible();
  });
});

test.describe('server rendering', () => {
  test('the home page is complete without JavaScript, titled with the church name', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveTitle('Grace Harvest Community Church');
    await expect(page.getByTestId('home-loading')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Home' })).toBeVisible();
    await expect(page.getByTestId('daily-verse-text')).not.toBeEmpty();
    await expect(page.getByTestId('sermon-card')).toHaveCount(3);
    await expect(page.getByTestId('event-card')).toHaveCount(3);
    await expect(page.getByTestId('church-address')).toHaveText('1187 Burnett Street, Hatfield, Pretoria, 0083');
    await expect(page.getByText('Sunday Main Service', { exact: true }).first()).toBeAttached();
    await context.close();
  });

  test('the app adopts the page with the data it was rendered from', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) asked.push(new URL(r.url()).pathname);
    });
    await openHome(page);
    // The verse and settings stay fresh for minutes: they came with the page, not from a request.
    expect(asked).not.toContain('/api/bible/daily-verse');
    expect(asked).not.toContain('/api/settings/public');
    // The app is live: the carousel's dots work.
    await page.getByRole('tab', { name: 'Slide 2: Rooted in the Word' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rooted in the Word' })).toBeVisible();
  });
});

test.describe('dialogs', () => {
  test('Quick Contact: required fields, success text, auto-close and reset; the message reaches leaders', async ({ page }) => {
    await openHome(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(dialog.getByText('Full name is required')).toBeVisible();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await expect(dialog.getByText('Message is required')).toBeVisible();
    const email = uniqueEmail('contact');
    await dialog.getByLabel('Full Name').fill('Megan Coetzee');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('+27 82 555 0101');
    await dialog.getByRole('combobox', { name: 'Preferred Contact Method' }).click();
    await page.getByRole('option', { name: 'WhatsApp' }).click();
    await dialog.getByLabel('Message').fill('What time does the youth braai start?');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(dialog.getByText("Message Sent! We'll get back to you soon. God bless!")).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 4_000 });
    await page.getByRole('button', { name: 'Get in Touch' }).click();
    await expect(page.getByRole('dialog', { name: 'Get in Touch' }).getByLabel('Full Name')).toHaveValue('');

    const token = await leaderToken(page);
    const list = await (await page.request.get('/api/contact-messages', { headers: { authorization: `Bearer ${token}` } })).json();
    expect(list.data.contactMessages[0]).toMatchObject({
      email,
      preferredContact: 'whatsapp',
      message: 'What time does the youth braai start?',
    });
  });

  test('Quick Registration creates a visitor visible through the API', async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: 'Join Us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join Our Church Family' });
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await expect(dialog.getByText('Last name is required')).toBeVisible();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    const email = uniqueEmail('visitor');
    await dialog.getByLabel('First Name').fill('Tshepo');
    await dialog.getByLabel('Last Name').fill('Masondo');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('First Visit Date').fill('2026-11-15');
    await dialog.getByRole('combobox', { name: 'How did you hear about us?' }).click();
    await page.getByRole('option', { name: 'Social media' }).click();
    await dialog.getByLabel('Youth Ministry').check();
    await dialog.getByLabel('Volunteer Opportunities').check();
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect(dialog.getByText("Welcome to Our Family! We're excited to have you. Someone will contact you soon.")).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5_000 });

    const token = await leaderToken(page);
    const recent = await (await page.request.get('/api/visitors/recent', { headers: { authorization: `Bearer ${token}` } })).json();
    expect(recent.data.visitors.find((v: { email: string }) => v.email === email)).toMatchObject({
      firstName: 'Tshepo',
      lastName: 'Masondo',
      firstVisitDate: '2026-11-15',
      howHeard: 'social_media',
      interests: ['Youth Ministry', 'Volunteer Opportunities'],
      status: 'new',
    });
  });

  test('an event opens its details and, for a visitor, Register to Attend goes to /register', async ({ page }) => {
    await openHome(page);
    await page.getByTestId('event-card').first().click();
    const dialog = page.getByRole('dialog', { name: 'Youth Braai & Games Night' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('event-time')).toHaveText('6:00 PM');
    await expect(dialog.getByText('Youth Hall')).toBeVisible();
    await expect(dialog.getByText('social')).toBeVisible();
    // The dialog's own Close button (the corner ✕ carries the same name).
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('event-card').first().click();
    await page.getByRole('button', { name: 'Register to Attend' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});

/** A quarter-second of silence as a real WAV file, for the player test. */
function silentWav() {
  const samples = 2000;
  const b = Buffer.alloc(44 + samples);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples, 40);
  b.fill(128, 44);
  return b;
}

test('the sermon player opens with play, mute and a 0–1 volume slider, and counts a view', async ({ page }) => {
  // The demo seed has no recordings; give one demo sermon one for this test. Not simply the newest: publish.spec's own
  // sermon (Grace Upon Grace <time>) is newest while it is published.
  await page.route('**/api/sermons/public?**', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    const demo = (body.data.sermons as Array<{ title: string; audioUrl?: string }>).find((x) => x.title === 'Grace That Finds Us');
    if (demo) demo.audioUrl = '/test-media/grace.wav';
    await route.fulfill({ response: res, json: body });
  });
  await page.route('**/test-media/grace.wav', (route) => route.fulfill({ contentType: 'audio/wav', body: silentWav() }));
  await page.goto('/sermons');
  const card = page.getByTestId('library-sermon').filter({ hasText: 'Grace That Finds Us' });
  const before = Number((await card.getByText(/views/).textContent())!.split(' ')[0]);
  await card.getByRole('button', { name: 'Listen' }).click();
  const player = page.getByRole('dialog', { name: 'Grace That Finds Us' });
  await expect(player.getByTestId('sermon-audio')).toHaveAttribute('src', '/test-media/grace.wav');
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
  await player.getByRole('button', { name: 'Mute' }).click();
  await expect(player.getByRole('button', { name: 'Unmute' })).toBeVisible();
  const slider = player.getByRole('slider', { name: 'Volume' });
  await expect(slider).toHaveAttribute('aria-valuemax', '1');
  await expect(slider).toHaveAttribute('aria-valuenow', '1');
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '0.9');
  const id = (await (await page.request.get('/api/sermons/public?limit=1')).json()).data.sermons[0].id;
  const after = (await (await page.request.get(`/api/sermons/public/${id}`)).json()).data.sermon.views;
  // Views count once per visitor per day (issue 11): the player's view and this request come from the
  // same visitor, and an earlier test today may already have counted this visitor for this sermon.
  expect([before, before + 1]).toContain(after);
});

// Sources failing in the browser, on the way into the home page from another page.
test.describe('failures', () => {
  test('each home source falls back on its own, with Retry and no invented numbers', async ({ page }) => {
    await page.route('**/api/sermons/public**', (route) => route.fulfill({ status: 500, json: { status: 'error', message: 'boom' } }));
    await page.route('**/api/settings/public', (route) => route.fulfill({ status: 503, json: { status: 'error', message: 'down' } }));
    await openHomeInApp(page);
    // The church's slides are part of its settings: without them the hero still greets, in no other church's words.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await expect(page.getByText("We couldn't load the latest sermons.")).toBeVisible();
    await expect(page.getByText("We couldn't load the church's details.")).toBeVisible();
    await expect(page.getByText("We couldn't load our address and map.")).toBeVisible();
    // Unknown figures and service times are not shown (no dashes, no invented times); events come from their own request.
    await expect(page.getByTestId('event-card')).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'Church statistics' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Service Times' })).toHaveCount(0);
    await page.unroute('**/api/sermons/public**');
    await page.getByRole('region', { name: 'Recent Sermons' }).getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('sermon-card')).toHaveCount(3);
  });

  test('no upcoming events shows the spec texts', async ({ page }) => {
    await page.route('**/api/events?**', (route) =>
      route.fulfill({ json: { status: 'success', data: { events: [], page: 1, limit: 3, total: 0 } } }),
    );
    await openHomeInApp(page);
    await expect(page.getByText('No upcoming events scheduled')).toBeVisible();
    await expect(page.getByText('Check back later for new events')).toBeVisible();
  });
});

test.describe('public pages', () => {
  test('about, ministries and contact draw on the church settings', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Our Story' })).toBeVisible();
    await expect(page.getByText(/began in 2018 as a Bible study/)).toBeVisible();
    await expect(page.getByText('Integrity', { exact: true })).toBeVisible();
    await page.goto('/ministries');
    await expect(page.getByTestId('ministry-card')).toHaveCount(7);
    await expect(page.getByText('Ignite Youth')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ministries-1280.png`, fullPage: true });
    await page.goto('/contact');
    await expect(page.getByRole('main').getByText('1187 Burnett Street, Hatfield, Pretoria, 0083')).toBeVisible();
    await page.getByLabel('Full Name').fill('Annelie Kruger');
    await page.getByLabel('Email').fill(uniqueEmail('page'));
    await page.getByLabel('Message').fill('May I bring my children to the Sunday service?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText("Message Sent! We'll get back to you soon. God bless!")).toBeVisible();
  });

  test('the sermon library searches, filters by series and media type', async ({ page }) => {
    await page.goto('/sermons');
    // The demo church's nine; publish.spec's own sermon (Grace Upon Grace <time>) is listed too while it is published.
    await expect(page.getByTestId('library-sermon').filter({ hasNotText: /Grace Upon Grace \d+/ })).toHaveCount(9);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sermons-1280.png`, fullPage: true });
    await page.getByLabel('Search sermons').fill('ubuntu');
    await expect(page.getByTestId('library-sermon')).toHaveCount(1);
    await expect(page.getByTestId('library-sermon')).toContainText('Ubuntu and the Body of Christ');
    await page.getByLabel('Search sermons').fill('');
    await page.getByRole('combobox', { name: 'Series' }).click();
    await page.getByRole('option', { name: 'Teach Us to Pray' }).click();
    await expect(page.getByTestId('library-sermon')).toHaveCount(3);
    await page.getByText('Video', { exact: true }).click();
    await expect(page.getByText('No sermons found')).toBeVisible();
  });
});
