import { expect, test } from '@playwright/test';
import { demo, signInAs } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

/** Issue 32: giving statements, apart from section 18A certificates: the member's own, and everyone's as a ZIP. */
for (const w of WIDTHS) {
  test.describe(`giving statements (${w.name})`, () => {
    test.use({ viewport: { width: w.width, height: w.height } });

    test('a member downloads their statement for the tax year from My Giving', async ({ page }, info) => {
      await signInAs(page, demo.member);
      await page.goto('/mobile/giving');
      const card = page.getByTestId('my-statement');
      await expect(card.getByRole('heading', { name: 'Giving statement' })).toBeVisible();
      // A period the wrong way round is refused before the click.
      const to = card.getByLabel('To');
      const chosen = await to.inputValue();
      await to.fill('2001-01-01');
      await expect(card.getByText('The period must end on or after the day it starts')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Download statement' })).toBeDisabled();
      await to.fill(chosen);
      await expectAccessible(page);
      await snap(page, info, `statement-member-${w.name}`);
      const [file] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download statement' }).click()]);
      expect(file.suggestedFilename()).toMatch(/^giving-statement-.+-\d{4}-03-01-to-\d{4}-\d{2}-\d{2}\.pdf$/);
      expect((await file.createReadStream()).readable).toBe(true);
    });

    test('the treasurer downloads everyone’s statements as one ZIP', async ({ page }, info) => {
      await signInAs(page, demo.admin);
      await page.goto('/giving');
      await page.getByRole('tab', { name: 'Giving statements' }).click();
      const button = page.getByRole('button', { name: 'Download all statements (ZIP)' });
      await expect(button).toBeEnabled();
      await expectAccessible(page);
      await snap(page, info, `statement-treasurer-${w.name}`);
      const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(file.suggestedFilename()).toMatch(/^giving-statements-\d{4}-03-01-to-\d{4}-\d{2}-\d{2}\.zip$/);
    });
  });
}
