import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MEMBER_TEXTS } from '@church/contract/members-manage';
import { makeUser } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { sessionStore } from '../../../lib/storage';
import { MemberDetailPage } from './member-detail-page';

const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const pastor = makeUser({ id: 'pastor-1', _id: 'pastor-1', name: 'Pastor Thandi', role: 'pastor' });
const naledi = makeUser({ id: 'm-1', _id: 'm-1', name: 'Naledi Zulu', email: 'naledi@example.org' });

function showing(pendingEmailChange: { email: string; requestedAt: string; expiresAt: string } | null) {
  sessionStore.save('stored-token', pastor);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        String(url).includes('/auth/me')
          ? reply({ status: 'success', data: { user: pastor } })
          : reply({
              status: 'success',
              data: {
                member: { ...naledi, householdId: null, householdRole: null, hasAccount: true, pendingEmailChange },
                household: null,
                statusHistory: [],
              },
            }),
      ),
    ),
  );
  renderAt(<MemberDetailPage />, { path: '/members/:id', entry: '/members/m-1' });
}
afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('MemberDetailPage', () => {
  it('shows a login e-mail change waiting for the new address to confirm it', async () => {
    showing({ email: 'naledi.new@example.org', requestedAt: '2026-12-05T08:00:00Z', expiresAt: '2026-12-07T08:00:00Z' });
    expect(await screen.findByTestId('pending-email-change')).toHaveTextContent(MEMBER_TEXTS.emailWaiting('naledi.new@example.org'));
    expect(screen.getByRole('link', { name: 'naledi@example.org' })).toBeInTheDocument();
  });

  it('says nothing of a change when none is waiting', async () => {
    showing(null);
    expect(await screen.findByRole('link', { name: 'naledi@example.org' })).toBeInTheDocument();
    expect(screen.queryByTestId('pending-email-change')).not.toBeInTheDocument();
  });
});
