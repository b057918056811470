import { expect, test, type Page } from '@playwright/test';
import { demo, signInAs, uniqueEmail } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';
import { dismissToasts } from '../support/toasts';

const tag = () => String(Date.now() % 1_000_000);

/** A fresh visitor through the Join Us form's public call (never a seeded row other specs read). */
async function freshVisitor(page: Page, firstName: string, lastName: string) {
  const res = await page.request.post('/api/visitors', {
    data: { firstName, lastName, email: uniqueEmail('visitor'), phone: '+27825550199', howHeard: 'friend' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return `${firstName} ${lastName}`;
}

/** A fresh contact-form message through its public call. */
async function freshMessage(page: Page, name: string, message: string) {
  const res = await page.request.post('/api/contact-messages', { data: { name, email: uniqueEmail('contact'), message } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

for (const w of WIDTHS) {
  test.describe(`visitors and inbox (${w.name})`, () => {
    test.use({ viewport: { width: w.width, height: w.height } });

    test('a pastor follows a new visitor up, assigns them, and converts them to a member', async ({ page }, info) => {
      test.setTimeout(120_000);
      const name = await freshVisitor(page, 'Nomsa', `Visitor${tag()}`);
      await signInAs(page, demo.pastor);
      await page.goto('/visitors');
      await expect(page.getByRole('heading', { name: 'Visitors', level: 1 })).toBeVisible();
      await page.getByLabel('Search visitors').fill(name);
      // Only this visitor left in the table: the search by the name as shown has applied.
      await expect(page.getByTestId('visitor-row')).toHaveCount(1);
      const row = page.getByTestId('visitor-row').filter({ hasText: name });
      await expectAccessible(page);
      await snap(page, info, `visitors-${w.name}`);

      // new → contacted
      await page.getByRole('combobox', { name: `Status of ${name}` }).click();
      await page.getByRole('option', { name: 'Contacted' }).click();
      await expect(page.getByText('Visitor updated').first()).toBeVisible();

      // Assigned to a leader, with a note and a follow-up date.
      await page.getByRole('button', { name: `Follow up ${name}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: 'Assigned to' }).click();
      // The dropdown's own options: the header's language select has options too.
      await page.getByRole('listbox').getByRole('option').first().click();
      const follow = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA');
      await dialog.getByLabel('Follow-up date').fill(follow);
      await dialog.getByLabel('Note').fill('Phoned on Monday; coming to the newcomers lunch.');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('coming to the newcomers lunch');
      await expect(row).toContainText(follow);

      // Convert to member, then the member record is one click away.
      await row.getByRole('button', { name: `Convert to member: ${name}` }).click();
      await expect(page.getByText(`${name} is now a member`)).toBeVisible();
      await dismissToasts(page);
      await row.getByRole('link', { name: 'View member' }).click();
      await expect(page.getByRole('heading', { name })).toBeVisible();
    });

    test('a pastor reads a contact message, replies by e-mail, and archives it', async ({ page }, info) => {
      test.setTimeout(120_000);
      const name = `Contact Person ${tag()}`;
      await freshMessage(page, name, 'Could someone pray with my family this week?');
      await signInAs(page, demo.pastor);
      await page.goto('/inbox');
      await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
      const card = page.getByTestId('inbox-message').filter({ hasText: name });
      await expect(card).toContainText('Unread');
      await expectAccessible(page);
      await snap(page, info, `inbox-${w.name}`);

      await card.getByRole('button', { name: 'Mark read' }).click();
      await expect(card).not.toContainText('Unread');

      await card.getByRole('button', { name: 'Reply by e-mail' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Send reply' }).click();
      await expect(dialog.getByText('Message is required')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Message' }).fill('We would be glad to. Pastor will call you tomorrow.');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Send reply' }).click();
      await expect(page.getByText('Reply sent')).toBeVisible();
      await expect(card).toContainText('Replied');

      await card.getByRole('button', { name: 'Archive' }).click();
      await expect(page.getByText('Message archived')).toBeVisible();
      await expect(card).toHaveCount(0);
      await page.getByRole('tab', { name: 'Archived' }).click();
      await expect(page.getByTestId('inbox-message').filter({ hasText: name })).toBeVisible();
    });
  });
}
