import { expect, test, type Page } from '@playwright/test';
import { demo, signInAs, signUpFresh } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

/** Both widths, each looked at and checked with axe. */
async function lookAt(page: Page, info: Parameters<typeof snap>[1], name: string, visible: () => Promise<void>) {
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await visible();
    await snap(page, info, `${name}-${w.name}`);
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the church office creates a group, a member asks to join and the leader accepts', async ({ page, browser }, info) => {
  // The leader and the newcomer are new people, so the demo accounts other specs read stay as they are.
  const leaderPage = await browser.newPage();
  const leader = await signUpFresh(leaderPage, 'Lerato Cellleader');
  const newcomerPage = await browser.newPage();
  await signUpFresh(newcomerPage, 'Sipho Newcomer');

  await signInAs(page, demo.pastor);
  await page.goto('/groups');
  await page.getByRole('button', { name: 'New Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Group' });
  await dialog.getByLabel('Name').fill('Orlando West Home Cell');
  await dialog.getByRole('combobox', { name: 'Leader' }).fill('Lerato Cell');
  await page.getByRole('option', { name: new RegExp(`Lerato Cellleader \\(${leader.email}\\)`) }).click();
  await dialog.getByRole('combobox', { name: 'Meeting day' }).click();
  await page.getByRole('option', { name: 'Wednesday' }).click();
  await dialog.getByLabel('Time').fill('19:00');
  await dialog.getByLabel('Area or venue').fill('Orlando West');
  await dialog.getByLabel('Address').fill('12 Vilakazi Street, Orlando West');
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText('Group created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orlando West Home Cell' })).toBeVisible();
  await expect(page.getByText('Wednesdays at 19:00 · Orlando West')).toBeVisible();

  // The newcomer finds the open group (no address shown) and asks to join.
  await newcomerPage.goto('/groups?tab=find');
  await newcomerPage.getByRole('button', { name: 'Ask to join Orlando West Home Cell' }).click();
  await expect(newcomerPage.getByText('Your request to join has been sent to the group leader')).toBeVisible();
  await newcomerPage.goto('/groups');
  await expect(newcomerPage.getByText('Request sent')).toBeVisible();
  await lookAt(newcomerPage, info, 'groups-mine', () => expect(newcomerPage.getByRole('heading', { name: 'Orlando West Home Cell' })).toBeVisible());

  // The leader accepts; the newcomer is in the members list with a phone-free line for everyone but the leaders.
  await leaderPage.goto('/groups');
  await leaderPage.getByRole('link', { name: 'Open Orlando West Home Cell' }).click();
  await expect(leaderPage.getByRole('heading', { name: 'Asking to join (1)' })).toBeVisible();
  await lookAt(leaderPage, info, 'group-leader', () => expect(leaderPage.getByText('Address: 12 Vilakazi Street, Orlando West')).toBeVisible());
  await leaderPage.getByRole('button', { name: 'Accept Sipho Newcomer' }).click();
  await expect(leaderPage.getByText('Sipho Newcomer has joined the group')).toBeVisible();
  await expect(leaderPage.getByRole('heading', { name: 'Members (2)' })).toBeVisible();

  await newcomerPage.goto('/groups');
  await newcomerPage.getByRole('link', { name: 'Open Orlando West Home Cell' }).click();
  await lookAt(newcomerPage, info, 'group-member', () => expect(newcomerPage.getByText('Address: 12 Vilakazi Street, Orlando West')).toBeVisible());
  await expect(newcomerPage.getByRole('button', { name: 'Edit group' })).toHaveCount(0);
});
