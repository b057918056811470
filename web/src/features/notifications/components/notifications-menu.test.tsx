import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { NotificationsMenu } from './notifications-menu';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const note = (i: number, read = false) => ({
  _id: `n${i}`,
  id: `n${i}`,
  type: 'giving',
  title: `Note ${i}`,
  message: `Message ${i}`,
  status: read ? 'read' : 'unread',
  read,
  link: null,
  createdAt: new Date().toISOString(),
  readAt: null,
});

afterEach(() => vi.unstubAllGlobals());

describe('NotificationsMenu', () => {
  it('shows a loading state, then "No notifications"', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (answer = r))),
    );
    renderAt(<NotificationsMenu />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Loading notifications...')).toBeInTheDocument();
    answer(json({ status: 'success', data: { notifications: [], unreadCount: 0, page: 1, limit: 5, total: 0 } }));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
  });

  it('asks for the first 5, shows the unread count and marks one read on click', async () => {
    const fetchMock = vi.fn(async (url: URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') return json({ status: 'success', data: { notification: note(1, true), unreadCount: 1 } });
      return json({
        status: 'success',
        data: { notifications: [note(1), note(2), note(3, true)], unreadCount: 2, page: 1, limit: 5, total: 3 },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<NotificationsMenu />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const first = fetchMock.mock.calls[0]![0] as URL;
    expect(first.pathname).toBe('/api/notifications/user');
    expect(first.searchParams.get('limit')).toBe('5');
    fireEvent.click(bell);
    fireEvent.click(await screen.findByText('Note 1'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, i]) => (u as URL).pathname === '/api/notifications/n1/read' && i?.method === 'PATCH')).toBe(
        true,
      ),
    );
  });
});
