import { expect, test } from '@playwright/test';
import { demo, signInAs, uniqueEmail } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

for (const w of WIDTHS) {
  test(`a pastor imports members from CSV: mapping, dry run with errors, import, finds the member (${w.name})`, async ({ page }, info) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: w.width, height: w.height });
    await signInAs(page, demo.pastor);
    await page.goto('/members');
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await expect(page).toHaveURL(/\/members\/import$/);
    await expect(page.getByRole('heading', { name: 'Import Members' })).toBeVisible();
    await expectAccessible(page);

    const name = `Import Person ${digits(5)}`;
    const email = uniqueEmail('import');
    const phone = `082 ${digits(3)} ${digits(4)}`;
    // The template downloads as a CSV whose header row the import reads as it is.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the template' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('members-template.csv');

    // 'Cell' and 'E-mail Address' are guessed; 'Church' is a column the leader leaves out. A person without
    // e-mail is fine (issue 31); the bad phone is left out and comes back with its reason.
    const noMail = `No Mail ${digits(5)}`;
    const bad = `Full Name,E-mail Address,Cell,Church\n${noMail},,,Grace\nBad Phone,badphone@example.org,082 555,Grace\n`;
    await page.locator('input[type="file"]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    const report = page.getByTestId('import-report');
    await expect(report).toContainText('Phone number is invalid');
    await expect(report).not.toContainText('Email is required');
    await expect(
      page.getByText('1 row has an error: it is left out, and you can download it with the reasons to fix and import again.'),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Cell', exact: true })).toHaveValue('Phone');
    await expectAccessible(page);
    await snap(page, info, `members-import-errors-${w.name}`);
    await page.getByRole('button', { name: 'Import 1 member' }).click();
    await expect(page.getByTestId('import-done')).toContainText('Import complete: 1 new, 0 updated, 0 unchanged; 1 row not imported');
    const [left] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the rows not imported' }).click(),
    ]);
    const leftText = await new Promise<string>((resolve, reject) => {
      void left.createReadStream().then((stream) => {
        let t = '';
        stream.on('data', (c) => (t += c));
        stream.on('end', () => resolve(t));
        stream.on('error', reject);
      });
    });
    expect(leftText).toContain('Bad Phone,badphone@example.org,082 555,Grace,Phone number is invalid');

    // A good file: the leader maps the 'Naam' column to Name by hand.
    const good = `Naam,E-mail Address,Cell,Occupation\n${name},${email},${phone},Teacher\n`;
    await page.locator('input[type="file"]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await expect(page.getByTestId('import-counts')).toContainText('0 errors');
    await page.getByRole('combobox', { name: 'Naam', exact: true }).click();
    await page.getByRole('option', { name: 'Name', exact: true }).click();
    await expect(page.getByTestId('import-counts')).toContainText('1 new');
    await expect(page.getByTestId('import-row')).toContainText(name);
    await expect(page.getByTestId('import-row')).toContainText('Will be added');
    await expectAccessible(page);
    await snap(page, info, `members-import-dry-run-${w.name}`);

    await page.getByRole('button', { name: 'Import 1 member' }).click();
    await expect(page.getByTestId('import-done')).toContainText('Import complete: 1 new, 0 updated, 0 unchanged');
    await page.getByRole('link', { name: 'See the members' }).click();
    await page.getByLabel('Search members').fill(email);
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await expect(page.getByTestId('member-row')).toContainText(name);
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByText('Teacher')).toBeVisible();
  });
}

test('a deacon is turned away from the import page, and the import call refuses them', async ({ page }) => {
  const { token } = await signInAs(page, demo.deacon);
  await page.goto('/members/import');
  await expect(page).not.toHaveURL(/\/members\/import/);
  await expect(page.getByRole('heading', { name: 'Import Members' })).toHaveCount(0);
  const call = await page.request.post('/api/members/import', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'x.csv', mimeType: 'text/csv', buffer: Buffer.from('Name,Email\nX,x@example.org\n') } },
  });
  expect(call.status()).toBe(403);
});
