import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { demo, signInAs } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

test('a pastor exports the members list as Excel from the pastor dashboard', async ({ page }, info) => {
  test.setTimeout(120_000);
  await signInAs(page, demo.pastor);
  await page.goto('/pastor-dashboard');
  await page.getByRole('button', { name: 'Export Members' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Report' });
  await expect(dialog.getByRole('combobox', { name: 'Report' })).toHaveValue('Members Report');

  // Spec 001 §5: a custom range needs both dates.
  await dialog.getByRole('combobox', { name: 'Date range' }).click();
  await page.getByRole('option', { name: 'Custom range' }).click();
  await dialog.getByRole('button', { name: 'Export' }).click();
  await expect(dialog.getByText('Start date and end date are required for custom range')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Date range' }).click();
  await page.getByRole('option', { name: 'This year' }).click();
  await dialog.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: 'Excel (.xlsx)' }).click();

  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await expect(dialog.getByRole('button', { name: 'Export' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, info, `export-dialog-${w.name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  await expect(page.getByText('Members Report exported successfully!')).toBeVisible();
  expect(file.suggestedFilename()).toMatch(/-members-report-\d{4}-01-01-to-\d{4}-12-31\.xlsx$/);
  // The file opens as a workbook: the church and period on the summary, the demo pastor among the members.
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
  const summary = wb.getWorksheet('Summary')!;
  expect(String(summary.getCell('A2').value)).toBe('Members Report');
  expect(String(summary.getCell('A3').value)).toMatch(/^Period: /);
  const names: string[] = [];
  wb.getWorksheet('Details')!.eachRow((row, n) => n > 1 && names.push(String(row.getCell(1).value)));
  expect(names.length).toBeGreaterThan(3);
  await expect(dialog.getByText(/is ready/)).toBeVisible();
  await snap(page, info, 'export-dialog-ready-desktop');
});

test('a pastor exports the giving report as PDF from the donations page', async ({ page }, info) => {
  test.setTimeout(120_000);
  await signInAs(page, demo.pastor);
  await page.goto('/donations');
  await page.getByRole('button', { name: 'Export Report' }).click();
  await page.getByRole('menuitem', { name: /Giving report \(PDF/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Report' });
  await expect(dialog.getByRole('combobox', { name: 'Report' })).toHaveValue('Giving Report');
  await expect(dialog.getByRole('combobox', { name: 'Format' })).toHaveValue('PDF (print)');
  await dialog.getByRole('combobox', { name: 'Date range' }).click();
  await page.getByRole('option', { name: 'This year' }).click();
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  await expect(page.getByText('Donations report exported successfully!')).toBeVisible();
  expect(file.suggestedFilename()).toMatch(/-giving-report-\d{4}-01-01-to-\d{4}-12-31\.pdf$/);
  expect(
    fs
      .readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await snap(page, info, 'export-giving-ready-desktop');
});

test('an elder sees no export quick action and the API refuses', async ({ page }) => {
  await signInAs(page, demo.elder);
  await page.goto('/pastor-dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export Members' })).toHaveCount(0);
  const res = await page.request.post('/api/exports', {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    data: { reportType: 'members', format: 'csv' },
  });
  expect(res.status()).toBe(403);
});
