import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { INVALID_EVENTS_DATA } from '@church/contract/events-constants';
import { renderAt } from '../../../test/render';
import { MobileEventsPage } from './mobile-events-page';

afterEach(() => vi.restoreAllMocks());
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('MobileEventsPage', () => {
  it("says 'Invalid events data structure' when the answer is not a list of events", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, { status: 'success', data: { events: 'not a list' } }));
    renderAt(<MobileEventsPage />);
    expect(await screen.findByText(INVALID_EVENTS_DATA)).toBeInTheDocument();
    expect(screen.getAllByText('Failed to load events').length).toBeGreaterThan(0);
  });

  it('a failed call keeps the plain failure text', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(503, { status: 'error', message: 'The database is unavailable.' }));
    renderAt(<MobileEventsPage />);
    expect((await screen.findAllByText('Failed to load events')).length).toBeGreaterThan(0);
    expect(screen.queryByText(INVALID_EVENTS_DATA)).toBeNull();
  });
});
