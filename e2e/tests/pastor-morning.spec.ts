import { expect, test } from '@playwright/test';
import { askPrayers, digits, freshMember } from '../support/people';
import { demo, signInAs, uniqueEmail } from '../support/session';
import { dismissToasts } from '../support/toasts';
import { snap, WIDTHS } from '../support/look';

// Issue 10 "a pastor's morning", one journey from the dashboard to the event, at a desk and on a phone. The
// pages' looks and axe checks are in pastor-dashboard, members and people-looks specs; this one is the walk.
for (const w of WIDTHS) {
  test(`a pastor's morning: prayers, a new member found by phone, a visit, an event and two check-ins (${w.name})`, async ({
    page,
  }, info) => {
    // ≈ 30 s at either width on a quiet machine; the cap leaves room for a shared one.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: w.width, height: w.height });
    const tag = `${w.name}-${digits(5)}`;
    await askPrayers(page, [`Approve me ${tag}`, `Reject me ${tag}`]);
    const walkIns = [await freshMember(page, `Walkin Alpha ${tag}`), await freshMember(page, `Walkin Beta ${tag}`)];
    await signInAs(page, demo.pastor);

    // 1. The dashboard: approve one prayer, reject another.
    await page.goto('/pastor-dashboard');
    await expect(page.getByTestId('stat-card').first()).toBeVisible();
    if (w.name === 'phone') await expect(page.getByRole('button', { name: 'View All Actions' })).toBeVisible();
    const approve = page.getByTestId('pending-prayer').filter({ hasText: `Approve me ${tag}` });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Prayer request approved')).toBeVisible();
    await expect(approve).toHaveCount(0);
    const reject = page.getByTestId('pending-prayer').filter({ hasText: `Reject me ${tag}` });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Prayer request rejected')).toBeVisible();
    await expect(reject).toHaveCount(0);
    await dismissToasts(page);

    // 2. Add a member from the dashboard's quick action; the validation texts first.
    await page.getByRole('link', { name: 'Add Member' }).click();
    await expect(page.getByRole('heading', { name: 'Add New Member' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Member' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toHaveCount(0);
    const name = `Morning Member ${tag}`;
    const email = uniqueEmail('morning');
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Phone').fill('082 555');
    await page.getByRole('button', { name: 'Add Member' }).click();
    await expect(page.getByText('Email is invalid')).toBeVisible();
    await expect(page.getByText('Phone number is invalid')).toBeVisible();
    const local = `084 ${digits(3)} ${digits(4)}`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill(`+27 ${local.slice(1)}`);
    await page.getByRole('button', { name: 'Add Member' }).click();
    await expect(page.getByText(`Member ${name} added successfully!`)).toBeVisible();
    await expect(page).toHaveURL(/\/members$/);

    // 3. Find them by phone number (typed the local way), and by e-mail.
    const search = page.getByLabel('Search members');
    await search.fill(local);
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await expect(page.getByTestId('member-row')).toContainText(name);
    await search.fill(email.toUpperCase());
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await expect(page.getByTestId('member-row')).toContainText(name);
    await dismissToasts(page);

    // 4. Record a visit with a follow-up date.
    await page.goto('/pastoral-care');
    await page.getByRole('tab', { name: 'Visits' }).click();
    await page.getByRole('combobox', { name: 'Member' }).fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    const follow = new Date(Date.now() + 7 * 86_400_000);
    await page.getByLabel('Follow-up date').fill(follow.toLocaleDateString('en-CA'));
    await page.getByLabel('Notes').fill('Welcomed at home; wants to join a home group.');
    await page.getByRole('button', { name: 'Record visit' }).click();
    await expect(page.getByText('Visit recorded successfully')).toBeVisible();
    const visit = page.getByTestId('visit-row').filter({ hasText: name });
    // Formatted by the browser, as the page formats it (Node's and Chromium's locale data may differ).
    const by = await page.evaluate(
      (d) => new Date(`${d}T12:00:00Z`).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' }),
      follow.toLocaleDateString('en-CA'),
    );
    await expect(visit.first()).toContainText(`Follow up by ${by}`);
    await dismissToasts(page);

    // 5. Create an event (far ahead, so the public pages' "next events" other specs read keep their order).
    await page.goto('/events/create');
    await expect(page.getByRole('heading', { name: 'Create Event' })).toBeVisible();
    const title = `Morning Prayer ${tag}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Date').fill(new Date(Date.now() + 300 * 86_400_000).toLocaleDateString('en-CA'));
    await page.getByLabel('Time').fill('07:00');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Service' }).click();
    await page.getByLabel('Location').fill('Chapel');
    // Not announced: the demo member's unread notifications are counted by member-portal.spec.ts.
    await page.getByRole('checkbox', { name: 'Announce to members' }).uncheck();
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText('Event created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/events$/);
    await dismissToasts(page);

    // 6. Check two people in.
    await page.getByRole('link', { name: title }).first().click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('checked-in-count')).toHaveText('0 checked in');
    for (const [i, person] of walkIns.entries()) {
      await page.getByRole('combobox', { name: 'Check in someone who did not register' }).fill(person.name);
      await page.getByRole('option', { name: new RegExp(person.name) }).click();
      await expect(page.getByTestId('checked-in-count')).toHaveText(`${i + 1} checked in`);
    }
    const rows = page.getByTestId('attendee-row');
    for (const person of walkIns) await expect(rows.filter({ hasText: person.name })).toContainText('Checked in');
    await snap(page, info, `pastor-morning-event-${w.name}`);
  });
}
