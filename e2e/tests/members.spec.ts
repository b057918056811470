import { expect, test } from '@playwright/test';
import { digits as randomDigits, freshMember } from '../support/people';
import { demo, signInAs, uniqueEmail } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

// The journeys of issue 10 at both widths: a pastor at a desk and a pastor on a phone.
for (const w of WIDTHS) {
  test.describe(`members journeys (${w.name})`, () => {
    test.use({ viewport: { width: w.width, height: w.height } });

    test(`a pastor adds a member (validation texts first), finds them by phone, edits, sees the status history, deletes`, async ({
      page,
    }, info) => {
      test.setTimeout(150_000);
      await signInAs(page, demo.pastor);
      await page.goto('/members');
      await expect(page.getByRole('heading', { name: 'Members Management' })).toBeVisible();
      await expect(page.getByTestId('member-row').first()).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('link', { name: 'Add Member' }).click();
      await expect(page).toHaveURL(/\/members\/add$/);
      await expect(page.getByRole('heading', { name: 'Add New Member' })).toBeVisible();
      // Join date defaults to today, role member, status active (spec 001 §5).
      await expect(page.getByLabel('Join date')).not.toHaveValue('');

      // The validation texts first.
      await page.getByRole('button', { name: 'Add Member' }).click();
      await expect(page.getByText('Please fix the form errors')).toBeVisible();
      await expect(page.getByText('Name is required')).toBeVisible();
      // E-mail is optional (issue 31): only the name is asked for.
      await expect(page.getByText('Email is required')).toHaveCount(0);
      const name = `Lerato Test ${randomDigits(5)}`;
      await page.getByLabel('Full name').fill(name);
      await expect(page.getByText('Name is required')).toHaveCount(0);
      await page.getByLabel('Email').fill('not-an-address');
      await page.getByLabel('Phone').fill('082 555');
      await page.getByRole('button', { name: 'Add Member' }).click();
      await expect(page.getByText('Email is invalid')).toBeVisible();
      await expect(page.getByText('Phone number is invalid')).toBeVisible();
      await expectAccessible(page);
      await snap(page, info, `member-add-errors-${w.name}`);

      // A valid member: the phone typed the local way (issue 31), found later in international form and shown the local way.
      const local = `083 ${randomDigits(3)} ${randomDigits(4)}`;
      const international = `+27 ${local.slice(1)}`;
      await page.getByLabel('Email').fill(uniqueEmail('lerato'));
      await page.getByLabel('Phone').fill(local);
      await page.getByLabel('Occupation').fill('Nurse');
      await page.getByRole('button', { name: 'Add Member' }).click();
      await expect(page.getByText(`Member ${name} added successfully!`)).toBeVisible();
      await expect(page).toHaveURL(/\/members$/);

      // Found by phone number typed the international way; shown the local way.
      await page.getByLabel('Search members').fill(international);
      await expect(page.getByTestId('member-row')).toHaveCount(1);
      await expect(page.getByTestId('member-row')).toContainText(name);
      await expect(page.getByTestId('member-row')).toContainText(local);
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { name })).toBeVisible();
      await expect(page.getByText('Added as active')).toBeVisible();
      await expectAccessible(page);
      await snap(page, info, `member-detail-journey-${w.name}`);

      // Edit: set inactive, which asks for a reason.
      await page.getByRole('link', { name: 'Edit' }).click();
      await expect(page.getByRole('heading', { name: 'Edit Member' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Status', exact: true }).click();
      await page.getByRole('option', { name: 'Inactive' }).click();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Please give a reason for setting this member inactive')).toBeVisible();
      await page.getByLabel('Reason for setting inactive').fill('Moved to Cape Town');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Member updated successfully')).toBeVisible();
      const history = page.getByTestId('status-history');
      await expect(history).toContainText('Active → Inactive');
      await expect(history).toContainText('Reason: Moved to Cape Town');
      await expect(history).toContainText('Pastor');

      // Delete asks for confirmation first.
      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(`Are you sure you want to delete ${name}?`);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Member deleted successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/members$/);
      await page.getByLabel('Search members').fill(local);
      await expect(page.getByText('No members found.')).toBeVisible();
    });

    test(`an admin promotes a fresh member to volunteer and sees it on /volunteers`, async ({ page }) => {
      const person = await freshMember(page, `Promote Me ${randomDigits(5)}`);
      await signInAs(page, demo.admin);
      await page.goto(`/members/${person.id}`);
      await expect(page.getByRole('heading', { name: person.name })).toBeVisible();
      await page.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Volunteer' }).click();
      await expect(page.getByText('Member role updated successfully')).toBeVisible();
      await page.goto(`/volunteers`);
      await page
        .getByLabel(/search/i)
        .first()
        .fill(person.name);
      await expect(page.getByText(person.name)).toBeVisible();
    });

    test(`a deacon is turned away from /members`, async ({ page }) => {
      await signInAs(page, demo.deacon);
      await page.goto('/members');
      await expect(page).not.toHaveURL(/\/members/);
      await expect(page.getByRole('heading', { name: 'Members Management' })).toHaveCount(0);
    });
  });
}

test('a pastor links two members into a household, seen on both pages', async ({ page }) => {
  const a = await freshMember(page, `Household Head ${randomDigits(5)}`);
  const b = await freshMember(page, `Household Spouse ${randomDigits(5)}`);
  await signInAs(page, demo.pastor);
  await page.goto(`/members/${a.id}`);
  await page.getByText('New household', { exact: true }).click();
  const family = `E2E family ${randomDigits(5)}`;
  await page.getByLabel('Household name').fill(family);
  await page.getByRole('button', { name: 'Link to household' }).click();
  await expect(page.getByText('Household updated')).toBeVisible();
  await expect(page.getByText(family)).toBeVisible();

  await page.goto(`/members/${b.id}`);
  await page.getByRole('combobox', { name: 'Household', exact: true }).fill(family.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(family) }).click();
  await page.getByRole('button', { name: 'Link to household' }).click();
  await expect(page.getByText('Household updated')).toBeVisible();
  await expect(page.getByRole('link', { name: a.name })).toBeVisible();
});

for (const w of WIDTHS) {
  test(`members pages look right and pass axe (${w.name})`, async ({ page }, info) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: w.width, height: w.height });
    const person = await freshMember(page, `Look At Me ${randomDigits(5)}`);
    await signInAs(page, demo.pastor);
    await page.goto('/members');
    await expect(page.getByTestId('member-row').first()).toBeVisible();
    await expectAccessible(page);
    await snap(page, info, `members-list-${w.name}`);
    await page.goto('/members/add');
    await expect(page.getByRole('heading', { name: 'Add New Member' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, info, `member-add-${w.name}`);
    await page.goto(`/members/${person.id}`);
    await expect(page.getByRole('heading', { name: person.name })).toBeVisible();
    await expectAccessible(page);
    await snap(page, info, `member-detail-${w.name}`);
    await page.goto(`/members/edit/${person.id}`);
    await expect(page.getByLabel('Full name')).toHaveValue(person.name);
    await expectAccessible(page);
    await snap(page, info, `member-edit-${w.name}`);
  });
}
