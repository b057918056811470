import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEMBER_TEXTS } from '@church/contract/members-manage';
import { makeUser } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { sessionStore } from '../../../lib/storage';
import { MemberEditPage } from './member-form-page';

const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const pastor = makeUser({ id: 'pastor-1', _id: 'pastor-1', name: 'Pastor Thandi', role: 'pastor' });
const naledi = makeUser({ id: 'm-1', _id: 'm-1', name: 'Naledi Zulu', email: 'naledi@example.org' });
const detail = {
  member: { ...naledi, householdId: null, householdRole: null, hasAccount: true, pendingEmailChange: null },
  household: null,
  statusHistory: [],
};

afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('MemberEditPage', () => {
  it("shows the server's message when a new login e-mail waits for confirmation, not a plain 'updated'", async () => {
    sessionStore.save('stored-token', pastor);
    const pending = MEMBER_TEXTS.emailChangePending('naledi.new@example.org');
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) =>
        Promise.resolve(
          String(url).includes('/auth/me')
            ? reply({ status: 'success', data: { user: pastor } })
            : init?.method === 'PUT'
              ? reply({ status: 'success', message: pending, data: { member: naledi } })
              : reply({ status: 'success', data: detail }),
        ),
      ),
    );
    renderAt(<MemberEditPage />, {
      path: '/members/edit/:id',
      entry: '/members/edit/m-1',
      extraRoutes: [{ path: '/members/:id', element: <p>member page</p> }],
    });
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: /Email/ });
    await user.clear(email);
    await user.type(email, 'naledi.new@example.org');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(pending)).toBeInTheDocument();
    expect(screen.queryByText(MEMBER_TEXTS.updated)).not.toBeInTheDocument();
  });
});
