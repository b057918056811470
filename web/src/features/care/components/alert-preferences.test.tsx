import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { AlertPreferencesPanel } from './alert-preferences';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const prefs = { visitors: true, contactMessages: true, prayers: true, emailAlerts: false };

afterEach(() => vi.unstubAllGlobals());

describe('AlertPreferencesPanel', () => {
  it("shows the leader's saved choices and saves a change with PUT /care/alert-preferences", async () => {
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        return Promise.resolve(reply(200, { status: 'success', message: 'Alert preferences saved', data: { preferences: body } }));
      }
      return Promise.resolve(reply(200, { status: 'success', data: { preferences: { ...prefs, prayers: false } } }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<AlertPreferencesPanel />);

    const prayers = await screen.findByRole('switch', { name: /Prayer requests/ });
    expect(prayers).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /New visitors/ })).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save alert choices' });
    expect(save).toBeDisabled();

    fireEvent.click(screen.getByRole('switch', { name: /Also send me an e-mail/ }));
    expect(save).toBeEnabled();
    fireEvent.click(save);

    expect(await screen.findByText('Alert preferences saved')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toContain('/api/care/alert-preferences');
    expect(JSON.parse(String(put[1]!.body))).toEqual({ ...prefs, prayers: false, emailAlerts: true });
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('says so when the save fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) =>
        Promise.resolve(
          init?.method === 'PUT'
            ? reply(500, { status: 'error', message: 'boom' })
            : reply(200, { status: 'success', data: { preferences: prefs } }),
        ),
      ),
    );
    renderAt(<AlertPreferencesPanel />);
    fireEvent.click(await screen.findByRole('switch', { name: /Contact messages/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save alert choices' }));
    expect(await screen.findByText('Failed to save alert preferences')).toBeInTheDocument();
  });
});
