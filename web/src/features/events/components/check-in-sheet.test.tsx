import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../../test/render';
import { makeUser } from '../../../test/fixtures';
import { CheckInSheet } from './check-in-sheet';

const EVENT = '7b0c6f3e-3c1a-4f5e-9a57-8d1f2b3c4d5e';
const reply = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

const alpha = makeUser({ _id: 'a1', id: 'a1', name: 'Walkin Alpha', email: 'alpha@example.org' });
const beta = makeUser({ _id: 'b1', id: 'b1', name: 'Walkin Beta', email: 'beta@example.org' });

describe('CheckInSheet walk-ins', () => {
  it('keeps what the steward types next while the previous check-in is still saving', async () => {
    let checkedIn = 0;
    let saved!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: URL | string, init?: RequestInit) => {
        const url = new URL(String(input));
        if (init?.method === 'POST') {
          // The check-in answers only when the test says so: the gap in which the next name is typed.
          return new Promise<Response>((resolve) => {
            saved = () => {
              checkedIn = 1;
              resolve(
                reply({
                  status: 'success',
                  message: 'Checked in',
                  data: {
                    attendance: { _id: 'x', id: 'x', eventId: EVENT, userId: alpha.id, checkedInAt: new Date().toISOString() },
                    checkedInCount: 1,
                  },
                }),
              );
            };
          });
        }
        if (url.pathname === '/api/members') {
          const q = (url.searchParams.get('q') ?? '').toLowerCase();
          const members = [alpha, beta].filter((m) => m.name.toLowerCase().includes(q));
          return Promise.resolve(reply({ status: 'success', data: { members, page: 1, limit: 10, total: members.length } }));
        }
        return Promise.resolve(
          reply({
            status: 'success',
            data: { attendees: [], registeredCount: 0, waitlistedCount: 0, checkedInCount: checkedIn, maxAttendees: null },
          }),
        );
      }),
    );
    const steward = userEvent.setup();
    renderAt(<CheckInSheet eventId={EVENT} />);
    const box = await screen.findByRole('combobox', { name: 'Check in someone who did not register' });

    await steward.type(box, 'alpha');
    await waitFor(() => expect(box.getAttribute('aria-controls')).toBeTruthy());
    const listbox = within(document.getElementById(box.getAttribute('aria-controls')!)!);
    await steward.click(await listbox.findByRole('option', { name: /Walkin Alpha/, hidden: true }, { timeout: 3_000 }));
    // Chosen: the box empties at once, ready for the next name.
    await waitFor(() => expect(box).toHaveValue(''));

    await steward.type(box, 'beta');
    saved();
    await waitFor(() => expect(screen.getByTestId('checked-in-count')).toHaveTextContent('1 checked in'));
    expect(box).toHaveValue('beta');
  });
});

describe('CheckInSheet on the door (issue 31: phone-first)', () => {
  it('lists each person as one row with their own button, and finds a name on a long list', async () => {
    const attendees = Array.from({ length: 12 }, (_, i) => ({
      userId: `u${i}`,
      name: i === 7 ? 'Zanele Dlamini' : `Member ${i}`,
      email: i === 7 ? 'zanele@example.org' : null,
      registered: i !== 3,
      checkedIn: i === 2,
      checkedInAt: null,
    }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply({ status: 'success', data: { attendees, registeredCount: 11, waitlistedCount: 0, checkedInCount: 1, maxAttendees: null } }),
      ),
    );
    const steward = userEvent.setup();
    renderAt(<CheckInSheet eventId={EVENT} />);
    expect(await screen.findAllByTestId('attendee-row')).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Undo check-in for Member 2' })).toBeTruthy();
    expect(within(screen.getAllByTestId('attendee-row')[3]!).getByText('Walk-in')).toBeTruthy();
    await steward.type(screen.getByRole('textbox', { name: 'Find on the list' }), 'zan');
    const rows = screen.getAllByTestId('attendee-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByRole('button', { name: 'Check in Zanele Dlamini' })).toBeTruthy();
  });
});
