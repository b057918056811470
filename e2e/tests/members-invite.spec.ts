import { expect, test } from '@playwright/test';
import { digits } from '../support/people';
import { demo, signInAs, uniqueEmail } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

// Issue 31: a leader records someone without an e-mail (phone typed the local way), invites them with a
// single-use link shown once (QR code, WhatsApp share), and the person sets an e-mail and a password.
for (const w of WIDTHS) {
  test.describe(`people without e-mail and invitations (${w.name})`, () => {
    test.use({ viewport: { width: w.width, height: w.height } });

    test('a pastor adds a member without e-mail, invites them by link, and they join the portal', async ({ page, browser }, info) => {
      test.setTimeout(120_000);
      await signInAs(page, demo.pastor);
      await page.goto('/members/add');
      await expect(page.getByRole('heading', { name: 'Add New Member' })).toBeVisible();
      const name = `Gogo Invite ${digits(5)}`;
      const local = `082 ${digits(3)} ${digits(4)}`;
      await page.getByLabel('Full name').fill(name);
      await page.getByLabel('Phone').fill(local);
      await page.getByRole('button', { name: 'Add Member' }).click();
      await expect(page.getByText(`Member ${name} added successfully!`)).toBeVisible();

      await page.getByLabel('Search members').fill(local.replace(/\s/g, ''));
      await expect(page.getByTestId('member-row')).toHaveCount(1);
      await expect(page.getByTestId('member-row')).toContainText(local);
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { name })).toBeVisible();

      await page.getByRole('button', { name: 'Invite to the portal' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite to the member portal' });
      await expect(dialog.getByRole('button', { name: 'Send an e-mail invitation' })).toBeDisabled();
      await dialog.getByRole('button', { name: 'Create an invitation link' }).click();
      await expect(dialog.getByTestId('invitation-link')).toBeVisible();
      await expect(dialog.getByRole('img', { name: 'QR code of the invitation link' })).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Share by WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/27\d{9}\?text=/);
      const link = await dialog.getByRole('textbox', { name: 'Invitation link' }).inputValue();
      await expectAccessible(page);
      await snap(page, info, `member-invite-link-${w.name}`);

      // The person opens the link on their own phone (a fresh browser, nobody signed in).
      const theirs = await browser.newContext({ viewport: { width: w.width, height: w.height } });
      const person = await theirs.newPage();
      await person.goto(link.replace(/^https?:\/\/[^/]+/, ''));
      await expect(person.getByRole('heading', { name: 'Welcome to the member portal' })).toBeVisible();
      await expect(person.getByText(`Hello ${name}: choose a password to sign in.`)).toBeVisible();
      await expectAccessible(person);
      await snap(person, info, `accept-invitation-${w.name}`);
      await person.getByLabel('Email').fill(uniqueEmail('gogo'));
      await person.getByLabel('Password', { exact: true }).fill('Umoya-Omuhle-77');
      await person.getByLabel('Confirm password').fill('Umoya-Omuhle-77');
      await person.getByRole('button', { name: 'Set password and sign in' }).click();
      await expect(person.getByText('Your account is ready. Welcome!')).toBeVisible();
      await expect(person).toHaveURL(/\/(mobile\/)?dashboard$/);

      // Single use: the same link is refused afterwards.
      const again = await theirs.newPage();
      await again.goto(link.replace(/^https?:\/\/[^/]+/, ''));
      await expect(again.getByText('This invitation link is invalid, has expired or was already used.', { exact: false })).toBeVisible();
      await theirs.close();

      // The leader's page no longer offers an invitation.
      await page.reload();
      await expect(page.getByRole('heading', { name })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Invite to the portal' })).toHaveCount(0);
    });
  });
}
