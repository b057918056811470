import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Fund } from '@church/contract/giving-admin';
import { renderAt } from '../../../test/render';
import { FundsPanel } from './funds-panel';

const slug = (name: string) => name.toLowerCase().replace(/\s+/g, '-');
const fund = (name: string, section18a: boolean): Fund => ({ _id: slug(name), id: slug(name), name, description: '', active: true, section18a });

/** The funds API as the panel sees it: the list, adding, and PATCH of one fund. */
function serve() {
  const funds = [fund('General', true), fund('Building Fund', false)];
  const sent: { method: string; path: string; body: unknown }[] = [];
  const json = (data: object, status = 200) =>
    new Response(JSON.stringify({ status: 'success', data }), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input), 'http://church.test').pathname;
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (method !== 'GET') sent.push({ method, path, body });
      if (method === 'POST') {
        const added = fund(body.name, body.section18a);
        funds.push(added);
        return json({ fund: added }, 201);
      }
      if (method === 'PATCH') {
        const f = funds.find((x) => path.endsWith(`/${x.id}`))!;
        Object.assign(f, body);
        return json({ fund: f });
      }
      return json({ funds });
    }),
  );
  return sent;
}
afterEach(() => vi.unstubAllGlobals());

describe('Funds panel: section 18A', () => {
  it('shows each fund’s flag, marks one eligible, and adds a new fund not eligible unless ticked', async () => {
    const sent = serve();
    renderAt(<FundsPanel manage />, { path: '/giving' });
    const building = await screen.findByRole('switch', { name: 'Building Fund: gifts qualify for section 18A certificates' });
    expect(building).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'General: gifts qualify for section 18A certificates' })).toBeChecked();

    fireEvent.click(building);
    await waitFor(() => expect(sent).toContainEqual({ method: 'PATCH', path: '/api/giving/funds/building-fund', body: { section18a: true } }));

    const tick = screen.getByRole('checkbox', { name: 'Gifts to it qualify for section 18A certificates' });
    expect(tick).not.toBeChecked();
    expect(screen.getByText(/SARS does not allow section 18A certificates for gifts to worship/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New fund'), { target: { value: 'Worship' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add fund' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: '/api/giving/funds', body: { name: 'Worship', section18a: false } }));
    fireEvent.change(screen.getByLabelText('New fund'), { target: { value: 'Bursaries' } });
    fireEvent.click(tick);
    fireEvent.click(screen.getByRole('button', { name: 'Add fund' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: '/api/giving/funds', body: { name: 'Bursaries', section18a: true } }));
    // The box is clear again for the next fund.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Gifts to it qualify for section 18A certificates' })).not.toBeChecked());
  });

  it('a reader without finance:manage sees a badge, no switches', async () => {
    serve();
    renderAt(<FundsPanel manage={false} />, { path: '/giving' });
    expect(await screen.findByText('section 18A')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
