import { describe, expect, it, vi, afterEach } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../../test/render';
import { RegisterPage } from './register-page';
import { makeUser } from '../../../test/fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const passwordBox = () => screen.getByLabelText(/^Password/, { selector: 'input' });
/** The sign-up calls only: the page also reads the church's name and logo (GET /settings/public). */
const authCalls = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter(([url]) => String(url).includes('/auth/'));

describe('RegisterPage', () => {
  it('shows the strength label as the password gets stronger', async () => {
    renderAt(<RegisterPage />, { path: '/register' });
    const user = userEvent.setup();
    await user.type(passwordBox(), 'abc');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Weak password');
    await user.type(passwordBox(), 'defgh');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Medium password');
    await user.type(passwordBox(), 'A1');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Strong password');
  });

  it('validates before calling the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderAt(<RegisterPage />, { path: '/register' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Full Name/), 'A');
    await user.type(screen.getByLabelText(/Email Address/), 'nope');
    await user.type(passwordBox(), 'short');
    await user.type(screen.getByLabelText(/Confirm Password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Name must be between 2 and 50 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms and conditions')).toBeInTheDocument();
    expect(authCalls(fetchSpy)).toEqual([]);
  });

  it('sends the payload without empty optional fields and stores the session', async () => {
    const user = { name: 'Ruth Mahlaba', email: 'ruth@example.org' };
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      String(url).includes('/auth/register')
        ? new Response(JSON.stringify({ status: 'success', message: 'ok', token: 'tkn', user: makeUser(user) }), {
            status: 201,
            headers: { 'content-type': 'application/json' },
          })
        : new Response(JSON.stringify({ status: 'error', message: 'not in this test' }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          }),
    );
    const { router } = renderAt(<RegisterPage />, { path: '/register', extraRoutes: [{ path: '/dashboard', element: <p>dash</p> }] });
    const ue = userEvent.setup();
    await ue.type(screen.getByLabelText(/Full Name/), 'Ruth Mahlaba');
    await ue.type(screen.getByLabelText(/Email Address/), 'ruth@example.org');
    await ue.type(passwordBox(), 'Harvest-2026');
    await ue.type(screen.getByLabelText(/Confirm Password/), 'Harvest-2026');
    await ue.click(screen.getByRole('checkbox'));
    await ue.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const body = JSON.parse(String((authCalls(fetchSpy)[0]![1] as RequestInit).body));
    expect(body).toEqual({ name: 'Ruth Mahlaba', email: 'ruth@example.org', password: 'Harvest-2026' });
    expect(localStorage.getItem('token')).toBe('tkn');
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
  });
});
