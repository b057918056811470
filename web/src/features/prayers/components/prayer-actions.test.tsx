import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Prayer } from '@church/contract/prayers';
import { renderAt } from '../../../test/render';
import { PrayerActions } from './prayer-actions';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

const prayer: Prayer = {
  _id: 'p1',
  id: 'p1',
  title: 'Healing',
  description: 'For my mother.',
  isPublic: true,
  status: 'pending',
  priority: 'medium',
  userId: 'u1',
  submittedBy: 'Ruth',
  user: { name: 'Ruth' },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  answeredAt: null,
};

describe('PrayerActions (spec 001 §8 prayer texts)', () => {
  it.each([
    ['Approve', 'approved', 'Failed to approve prayer request'],
    ['Reject', 'rejected', 'Failed to reject prayer request'],
  ])('%s: when the call fails the leader reads the failure text', async (button, status, text) => {
    const fetchMock = vi.fn(() => Promise.resolve(reply(500, { status: 'error', message: 'Internal Server Error' })));
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<PrayerActions prayer={prayer} />);
    fireEvent.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ status });
  });

  it('Approve: success reads "Prayer request approved successfully"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(reply(200, { status: 'success', data: { prayer: { ...prayer, status: 'approved' } } }))),
    );
    renderAt(<PrayerActions prayer={prayer} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Prayer request approved successfully')).toBeInTheDocument();
  });
});
