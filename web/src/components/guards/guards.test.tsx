import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@church/contract/users';
import { makeUser } from '../../test/fixtures';
import { SessionProvider } from '../../lib/session';
import { sessionStore } from '../../lib/storage';
import { RequirePastor, RequirePermission } from './guards';

function signIn(user: User) {
  sessionStore.save('stored-token', user);
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ status: 'success', data: { user } }), { headers: { 'content-type': 'application/json' } }),
  );
}
afterEach(() => {
  sessionStore.clear();
  vi.restoreAllMocks();
});

async function open(path: string) {
  render(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<RequirePermission permission="finance:read" />}>
            <Route path="/giving" element={<p>Giving &amp; Donations</p>} />
          </Route>
          <Route element={<RequirePastor />}>
            <Route path="/members" element={<p>Members Management</p>} />
          </Route>
          <Route path="/dashboard" element={<p>Member dashboard</p>} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
  await act(async () => {});
}

describe('finance pages guard (RequirePermission)', () => {
  it('lets a deacon granted finance open /giving, but not the pastor pages', async () => {
    signIn(makeUser({ role: 'deacon', permissions: ['finance:manage', 'finance:read'] }));
    await open('/giving');
    expect(screen.getByText('Giving & Donations')).toBeInTheDocument();
  });

  it('keeps the same deacon out of /members', async () => {
    signIn(makeUser({ role: 'deacon', permissions: ['finance:manage', 'finance:read'] }));
    await open('/members');
    expect(screen.getByText('Member dashboard')).toBeInTheDocument();
  });

  it('sends a member without finance to their dashboard', async () => {
    signIn(makeUser({ role: 'member' }));
    await open('/giving');
    expect(screen.getByText('Member dashboard')).toBeInTheDocument();
  });

  it('lets a pastor (finance:read by role) open /giving', async () => {
    signIn(makeUser({ role: 'pastor' }));
    await open('/giving');
    expect(screen.getByText('Giving & Donations')).toBeInTheDocument();
  });
});
