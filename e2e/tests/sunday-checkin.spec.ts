import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, snap } from '../support/look';
import { demo, DEMO_PASSWORD, signInAs } from '../support/session';
import { dismissToasts } from '../support/toasts';

const SIZES = [
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const PRINTER_PORT = Number(process.env.E2E_PORT ?? 3210) + 2;

async function pastorHeaders(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: { email: demo.pastor, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** Rooms, today's service, the printer stand-in, a kiosk key, and a family with a phone nobody else has. */
async function sundayMorning(page: Page) {
  const headers = await pastorHeaders(page);
  const post = async (url: string, data: object) => {
    const r = await page.request.post(url, { headers, data });
    expect(r.ok(), await r.text()).toBeTruthy();
    return (await r.json()).data;
  };
  const stamp = String(Date.now()).slice(-7);
  const toddlers = (await post('/api/checkin/rooms', { name: `Toddlers ${stamp}`, minMonths: 24, maxMonths: 59 })).room.id;
  await post('/api/checkin/rooms', { name: `Juniors ${stamp}`, minGrade: 1, maxGrade: 3 });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());
  await post('/api/services', { title: 'Sunday Morning', date: today, time: '23:58' });
  const printer = (await post('/api/checkin/printers', { name: `Kids Desk ${stamp}`, host: '127.0.0.1', port: PRINTER_PORT })).printer.id;
  const { key } = await post('/api/checkin/kiosks', { name: `Foyer ${stamp}`, printerId: printer });
  const phone = `082${stamp}`;
  const threeYearsAgo = new Date(Date.now() - 3 * 365.25 * 86_400_000).toISOString().slice(0, 10);
  const { family } = await post('/api/checkin/families', {
    name: `Mokoena${stamp}`,
    guardians: [{ name: 'Palesa Mokoena', phone }],
    children: [
      { firstName: 'Kagiso', birthDate: threeYearsAgo, allergies: 'Peanuts' },
      { firstName: 'Naledi', grade: 2 },
    ],
    collectors: [{ name: 'Gogo Mokoena', relationship: 'Grandmother', authorised: true }],
  });
  return { key, phone, family, toddlers };
}

for (const size of SIZES) {
  test.describe(`Sunday check-in (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a family checks in at the kiosk by its phone digits and collects with the tag', async ({ page }, info) => {
      test.setTimeout(120_000);
      const { key, phone } = await sundayMorning(page);
      await page.goto('/api/health');
      await page.evaluate((k) => localStorage.setItem('kioskKey', k), key);
      await page.goto('/kiosk');
      await expect(page.getByRole('heading', { name: 'Welcome! Check in', level: 1 })).toBeVisible();
      await expectAccessible(page);
      await snap(page, info, `kiosk-${size.name}`);
      // Typed on the keypad, as a parent would.
      for (const d of phone.slice(-7)) await page.getByRole('button', { name: d, exact: true }).click();
      await page.getByRole('button', { name: 'Find' }).click();
      await expect(page.getByText('Who is here today?')).toBeVisible();
      await expect(page.getByText('Allergies: Peanuts')).toBeVisible();
      await expectAccessible(page);
      await snap(page, info, `kiosk-family-${size.name}`);
      await page.getByRole('button', { name: 'Check in' }).click();
      await expect(page.getByText('Checked in — collect your labels')).toBeVisible();
      await expect(page.getByText('Labels printed')).toBeVisible();
      const code = (await page.getByTestId('security-code').textContent())!.trim();
      expect(code).toMatch(/^[CDFGHJKMNPQRTVWXY34679]{4}$/);
      await expectAccessible(page);
      await snap(page, info, `kiosk-done-${size.name}`);

      // The volunteer at the door releases the children against the tag.
      await signInAs(page, demo.volunteer);
      await page.goto('/checkin');
      await expect(page.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible();
      await page.getByRole('tab', { name: 'Collect' }).click();
      await page.getByLabel('Code on the guardian tag').fill('QQQQ' === code ? 'WWWW' : 'QQQQ');
      await expect(page.getByText('This tag does not match any child checked in today')).toBeVisible();
      await page.getByLabel('Code on the guardian tag').fill(code);
      await expect(page.getByText('Kagiso Mokoena', { exact: false })).toBeVisible();
      await expectAccessible(page);
      await snap(page, info, `collect-${size.name}`);
      await page.getByRole('button', { name: 'Release to the tag holder' }).click();
      await expect(page.getByText('Kagiso, Naledi collected').first()).toBeVisible();
      await dismissToasts(page);
    });
  });
}
