import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { LeadershipPage } from './leadership-page';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

const person = (id: string, name: string, role: string) => ({
  _id: id,
  id,
  name,
  email: `${id}@example.org`,
  phone: null,
  role,
  status: 'active',
  isActive: true,
  isVolunteer: false,
  joinDate: '2024-01-01',
  ministryInterests: [],
});
const leadership = {
  status: 'success',
  data: {
    leaders: [person('l1', 'Grace Elder', 'elder'), person('l2', 'Frank Deacon', 'deacon')],
    counts: { pastor: 0, elder: 1, deacon: 1 },
  },
};

/** GET /leadership answers the list; PATCH answers `patch`. */
function server(patch: () => Response) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) =>
    Promise.resolve(init?.method === 'PATCH' ? patch() : reply(200, leadership)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function pick(name: string, option: string) {
  const box = await screen.findByRole('combobox', { name: `Role of ${name}` });
  fireEvent.click(box);
  // Every row's dropdown is in the document: read the one this box controls. Mantine keeps it out of the
  // accessibility tree while its opening transition runs in jsdom, hence hidden.
  await waitFor(() => expect(box.getAttribute('aria-controls')).toBeTruthy());
  const listbox = within(document.getElementById(box.getAttribute('aria-controls')!)!);
  await listbox.findByRole('option', { name: option, hidden: true });
  return {
    options: listbox.getAllByRole('option', { hidden: true }).map((o) => o.textContent),
    choose: () => fireEvent.click(listbox.getByRole('option', { name: option, hidden: true })),
  };
}

describe('LeadershipPage role dropdown (spec 001 §2, §8)', () => {
  it('offers pastor, elder, deacon, volunteer and member, and really changes the role', async () => {
    const fetchMock = server(() => reply(200, { status: 'success', data: { member: person('l1', 'Grace Elder', 'pastor') } }));
    renderAt(<LeadershipPage />);
    const { options, choose } = await pick('Grace Elder', 'Pastor');
    expect(options).toEqual(['Pastor', 'Elder', 'Deacon', 'Volunteer', 'Member']);
    choose();
    expect(await screen.findByText('Leadership role updated successfully')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(String(url)).toContain('/members/l1/role');
    expect(JSON.parse(String(init?.body))).toEqual({ role: 'pastor' });
  });

  it("says 'Failed to update role' when the call fails", async () => {
    server(() => reply(500, { status: 'error', message: 'Internal Server Error' }));
    renderAt(<LeadershipPage />);
    const { choose } = await pick('Frank Deacon', 'Member');
    choose();
    expect(await screen.findByText('Failed to update role')).toBeInTheDocument();
  });
});
