import { expect, test } from '@playwright/test';
import { digits } from '../support/people';
import { signUpFresh } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

// Issue 31: the member directory is shared among the members who agreed to appear in it.
for (const w of WIDTHS) {
  test(`a member agrees to appear in the directory, then finds themselves and others in it (${w.name})`, async ({ page }, info) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: w.width, height: w.height });
    const name = `Directory Person ${digits(5)}`;
    await signUpFresh(page, name);
    await page.goto('/directory');
    await expect(page.getByRole('heading', { name: 'Member Directory' })).toBeVisible();
    await expect(page.getByText('The directory is shared among members who appear in it.', { exact: false })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Appear in the directory' }).click();
    await expect(page.getByText('You now appear in the member directory')).toBeVisible();
    await page.getByLabel('Search by name or phone').fill(name);
    await expect(page.getByTestId('directory-entry')).toHaveCount(1);
    await expect(page.getByTestId('directory-entry')).toContainText(name);
    await page.getByLabel('Search by name or phone').fill('');
    await expect(page.getByTestId('directory-entry').first()).toBeVisible();
    await expectAccessible(page);
    await snap(page, info, `member-directory-${w.name}`);
  });
}
