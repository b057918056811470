import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { User } from '@church/contract/users';
import { makeUser } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { sessionStore } from '../../../lib/storage';
import { MemberPermissionsCard } from './member-permissions-card';

const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Signed in as `me`; /auth/me answers with `me`, every other call goes to `rest`. */
function signedIn(me: User, rest: (url: string, init?: RequestInit) => unknown = () => Promise.resolve(reply({}))) {
  sessionStore.save('stored-token', me);
  const fetchMock = vi.fn((url: string, init?: RequestInit) =>
    String(url).includes('/auth/me') ? Promise.resolve(reply({ status: 'success', data: { user: me } })) : rest(url, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
});

const admin = makeUser({ id: 'admin-1', _id: 'admin-1', name: 'Anele Admin', role: 'admin' });
const deacon = makeUser({ id: 'deacon-1', _id: 'deacon-1', name: 'Lindiwe Deacon', role: 'deacon' });

describe('MemberPermissionsCard', () => {
  it('an admin makes a deacon treasurer: seeing giving follows, and the whole set is sent', async () => {
    const fetchMock = signedIn(admin, (_url, init) =>
      Promise.resolve(
        reply({
          status: 'success',
          message: 'Permissions updated',
          data: { member: { ...deacon, permissions: JSON.parse(String(init?.body)).permissions } },
        }),
      ),
    );
    renderAt(<MemberPermissionsCard member={deacon} />);
    const treasurer = await screen.findByRole('checkbox', { name: 'Treasurer' });
    const seeGiving = screen.getByRole('checkbox', { name: 'See giving' });
    const save = screen.getByRole('button', { name: 'Save finance access' });
    expect(save).toBeDisabled();
    fireEvent.click(treasurer);
    expect(seeGiving).toBeChecked();
    expect(seeGiving).toBeDisabled();
    expect(screen.getByText(/Included in Treasurer\./)).toBeInTheDocument();
    fireEvent.click(save);
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/members/deacon-1/permissions'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('/permissions'))!;
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ permissions: ['finance:manage'] });
    expect(await screen.findByText('Permissions updated')).toBeInTheDocument();
  });

  it('shows what a role already gives, ticked and locked', async () => {
    signedIn(admin);
    renderAt(<MemberPermissionsCard member={makeUser({ id: 'p1', role: 'pastor' })} />);
    const seeGiving = await screen.findByRole('checkbox', { name: 'See giving' });
    expect(seeGiving).toBeChecked();
    expect(seeGiving).toBeDisabled();
    expect(screen.getByText(/Given by the Pastor role\./)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Treasurer' })).toBeEnabled();
  });

  it('an admin on their own page cannot change their own permissions', async () => {
    signedIn(admin);
    renderAt(<MemberPermissionsCard member={admin} />);
    expect(await screen.findByText('You cannot change your own permissions. Ask another administrator.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save finance access' })).toBeNull();
  });

  it('another leader sees a grant read-only, and nothing when there is none', async () => {
    const pastor = makeUser({ id: 'pastor-1', role: 'pastor' });
    signedIn(pastor);
    const { unmount } = renderAt(<MemberPermissionsCard member={{ ...deacon, permissions: ['finance:manage'] }} />);
    expect(await screen.findByRole('checkbox', { name: 'Treasurer' })).toBeDisabled();
    expect(screen.getByText('Only an administrator can change these.')).toBeInTheDocument();
    unmount();
    renderAt(<MemberPermissionsCard member={deacon} />);
    await waitFor(() => expect(screen.queryByText('Finance access')).toBeNull());
  });
});
