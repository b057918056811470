import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../../test/render';
import { makeUser } from '../../../test/fixtures';
import { LoginPage } from './login-page';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('LoginPage, two-factor sign-in (issue 29)', () => {
  it('asks for the code after the password, and signs in with the challenge and the code', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      const u = String(url);
      if (u.endsWith('/auth/login'))
        return reply(200, { status: 'success', message: 'code', twoFactorRequired: true, challenge: 'ch.sig' });
      if (u.endsWith('/auth/login/two-factor'))
        return reply(200, { status: 'success', message: 'ok', token: 'tkn', user: makeUser({ name: 'Ruth Mahlaba' }) });
      return reply(404, { status: 'error', message: 'not in this test' });
    });
    const { router } = renderAt(<LoginPage />, { path: '/login', extraRoutes: [{ path: '/dashboard', element: <p>dash</p> }] });
    const ue = userEvent.setup();
    await ue.type(screen.getByLabelText(/Email/), 'ruth@example.org');
    await ue.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Correct-Horse-42');
    await ue.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText('Authentication code');
    expect(localStorage.getItem('token')).toBeNull();
    await ue.type(code, '12a3456');
    expect(code).toHaveValue('123456');
    await ue.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('tkn'));
    const second = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/auth/login/two-factor'))!;
    expect(JSON.parse(String((second[1] as RequestInit).body))).toEqual({ challenge: 'ch.sig', code: '123456' });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/login'));
  });

  it('takes a recovery code instead, and shows the server’s refusal by the field', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      const u = String(url);
      if (u.endsWith('/auth/login'))
        return reply(200, { status: 'success', message: 'code', twoFactorRequired: true, challenge: 'ch.sig' });
      if (u.endsWith('/auth/login/two-factor'))
        return reply(401, { status: 'error', message: 'That recovery code is not right, or it was already used.' });
      return reply(404, { status: 'error', message: 'not in this test' });
    });
    renderAt(<LoginPage />, { path: '/login' });
    const ue = userEvent.setup();
    await ue.type(screen.getByLabelText(/Email/), 'ruth@example.org');
    await ue.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Correct-Horse-42');
    await ue.click(screen.getByRole('button', { name: 'Sign In' }));
    await ue.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await ue.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-jkmn');
    await ue.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('That recovery code is not right, or it was already used.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
