import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { UpcomingEvents } from './lists';

afterEach(() => vi.unstubAllGlobals());

describe('UpcomingEvents (issue 31: one time zone)', () => {
  it("shows an all-day 31 December event on the 31st, the church's day, not the UTC date (the 30th)", async () => {
    // No settings answer: the church's zone falls back to Africa/Johannesburg, as the server's default.
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503, headers: { 'content-type': 'application/json' } })));
    const event = { id: 'e1', title: "New Year's Eve service", startsAt: '2026-12-30T22:00:00.000Z', time: null, cancelled: false };
    renderAt(<UpcomingEvents events={[event] as never} />);
    expect(await screen.findByText('31 Dec 2026 All Day')).toBeTruthy();
    expect(screen.queryByText(/30 Dec|2026-12-30/)).toBeNull();
  });
});
