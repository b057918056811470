import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { CareInbox } from './care-inbox';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const pastor = { _id: 'p1', id: 'p1', name: 'Pastor Thabo' };
const admin = { _id: 'a1', id: 'a1', name: 'Admin Anele' };
const prayer = {
  kind: 'prayer',
  id: '7b0c2f5e-0000-4000-8000-000000000001',
  title: 'Prayer: Healing',
  person: 'Ruth Pillay',
  assignee: null,
  dueOn: '2026-03-01',
  status: 'overdue',
  link: '/prayers/7b0c2f5e-0000-4000-8000-000000000001',
};
const visitor = {
  ...prayer,
  kind: 'visitor',
  id: 'v1',
  title: 'New visitor',
  person: 'Lerato Mokoena',
  assignee: pastor,
  status: 'open',
  link: '/visitors',
};
const counts = { open: 3, overdue: 1, mine: 1, mineOverdue: 0, unassigned: 1, unassignedOverdue: 1 };
const inbox = (items: unknown[]) =>
  reply(200, { status: 'success', data: { items, page: 1, limit: 50, total: items.length, counts, assignees: [admin, pastor] } });

afterEach(() => vi.unstubAllGlobals());

describe('CareInbox', () => {
  it('opens on "Mine and unassigned", so an unassigned prayer is shown; another scope asks the server again', async () => {
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        inbox(
          new URL(url).searchParams.get('scope') === 'all'
            ? [prayer, visitor, { ...visitor, id: 'v2', person: 'Kagiso', assignee: admin }]
            : [prayer, visitor],
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<CareInbox />);
    expect(await screen.findByText('Ruth Pillay')).toBeInTheDocument();
    expect(new URL(String(fetchMock.mock.calls[0]![0])).searchParams.get('scope')).toBe('mine_unassigned');
    expect(screen.getAllByTestId('care-item')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Assignee of Prayer: Healing for Ruth Pillay' })).toHaveValue('Unassigned');
    expect(screen.getByText('Overdue')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Everyone' }));
    expect(await screen.findByText('Kagiso')).toBeInTheDocument();
    expect(new URL(String(fetchMock.mock.calls.at(-1)![0])).searchParams.get('scope')).toBe('all');
  });

  it('assigns an item with PATCH /care/items/{kind}/{id}/assignee and says so', async () => {
    const fetchMock = vi.fn((url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'PATCH'
          ? reply(200, { status: 'success', message: 'Assigned to Admin Anele', data: { kind: 'prayer', id: prayer.id, assignee: admin } })
          : inbox([prayer]),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<CareInbox />);
    const select = await screen.findByRole('combobox', { name: 'Assignee of Prayer: Healing for Ruth Pillay' });
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Admin Anele', hidden: true }));
    expect(await screen.findByText('Assigned to Admin Anele')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(String(patch[0])).toContain(`/api/care/items/prayer/${prayer.id}/assignee`);
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ assigneeId: 'a1' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET').length).toBeGreaterThan(1),
    );
  });
});
