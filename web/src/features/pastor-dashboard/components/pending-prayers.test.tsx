import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PRAYER_TEXTS } from '@church/contract/prayers';
import { renderAt } from '../../../test/render';
import { PendingPrayers } from './pending-prayers';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

// What the server sends: left(description, 60) and whether it cut (server/src/modules/pastor-dashboard/routes.ts).
const long = 'Please pray for my mother, who is in hospital in Durban after a fall last week.';
const prayers = [
  {
    _id: 'p1',
    id: 'p1',
    title: 'Healing',
    preview: long.slice(0, 60),
    truncated: true,
    priority: 'high',
    submittedBy: 'Ruth',
    createdAt: '',
  },
  { _id: 'p2', id: 'p2', title: 'Work', preview: 'A new job.', truncated: false, priority: 'low', submittedBy: '', createdAt: '' },
];

describe('PendingPrayers', () => {
  it("shows exactly the first 60 characters then '...', and a short description whole", async () => {
    renderAt(<PendingPrayers prayers={prayers as never} />);
    const [cut, whole] = await screen.findAllByTestId('prayer-preview');
    expect(cut!.textContent).toBe(`${long.slice(0, 60)}...`);
    expect(cut!.textContent).toHaveLength(63);
    expect(whole!.textContent).toBe('A new job.');
    expect(screen.getByText('Anonymous')).toBeInTheDocument();
  });

  it("approves through PATCH /prayers/{id}/status and says so; a failed call says 'Failed to update prayer request'", async () => {
    const fetchMock = vi.fn((url: string, init?: RequestInit) =>
      Promise.resolve(
        String(url).includes('/prayers/p1/')
          ? reply(200, { status: 'success', data: { prayer: { id: 'p1', status: JSON.parse(String(init?.body)).status } } })
          : reply(500, { status: 'error', message: 'Internal Server Error' }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<PendingPrayers prayers={prayers as never} />);
    const [first, second] = await screen.findAllByRole('button', { name: 'Approve' });
    fireEvent.click(first!);
    expect(await screen.findByText(PRAYER_TEXTS.dashboardDone('approved'))).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('/prayers/p1/status'))!;
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'approved' });

    fireEvent.click(second!);
    expect(await screen.findByText('Failed to update prayer request')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/prayers/p2/status'))).toBe(true));
  });
});
