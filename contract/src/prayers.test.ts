import { describe, expect, it } from 'vitest';
import { prayerPreviewText } from './pastor-dashboard';
import { PRAYER_TEXTS } from './prayers';

describe('PRAYER_TEXTS (spec 001 §8)', () => {
  it("fills 'Prayer request {status} successfully' with the status and 'Failed to {status} prayer request' with its verb", () => {
    expect(PRAYER_TEXTS.statusDone('approved')).toBe('Prayer request approved successfully');
    expect(PRAYER_TEXTS.statusDone('rejected')).toBe('Prayer request rejected successfully');
    expect(PRAYER_TEXTS.statusFailed('approved')).toBe('Failed to approve prayer request');
    expect(PRAYER_TEXTS.statusFailed('rejected')).toBe('Failed to reject prayer request');
    expect(PRAYER_TEXTS.statusFailed('answered')).toBe('Failed to answer prayer request');
    expect(PRAYER_TEXTS.statusFailed('pending')).toBe('Failed to reopen prayer request');
  });
  it("keeps the pastor dashboard's own texts", () => {
    expect(PRAYER_TEXTS.dashboardDone('approved')).toBe('Prayer request approved');
    expect(PRAYER_TEXTS.dashboardDone('rejected')).toBe('Prayer request rejected');
    expect(PRAYER_TEXTS.dashboardFailed).toBe('Failed to update prayer request');
  });
});

describe('prayerPreviewText (spec 001 §2: cut to 60 characters)', () => {
  it("adds '...' only when the server cut the description", () => {
    const sixty = 'x'.repeat(60);
    expect(prayerPreviewText({ preview: sixty, truncated: true })).toBe(`${sixty}...`);
    expect(prayerPreviewText({ preview: sixty, truncated: false })).toBe(sixty);
  });
});
