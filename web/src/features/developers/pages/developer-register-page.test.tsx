import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SECURITY_TEXTS } from '@church/contract/security-settings';
import { renderAt } from '../../../test/render';
import { DeveloperRegisterPage } from './developer-register-page';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('DeveloperRegisterPage', () => {
  it("keeps the church's refusal on the page when developer registration is closed", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      String(url).endsWith('/auth/register')
        ? json(403, { status: 'error', message: SECURITY_TEXTS.developerRegistrationClosed })
        : json(404, { status: 'error', message: 'not in this test' }),
    );
    renderAt(<DeveloperRegisterPage />, { path: '/developers/register' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Full name/ }), 'Sipho Dev');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'sipho@example.org');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Sup3r-secret-pass');
    await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'Sup3r-secret-pass');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('radio', { name: 'Church app' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const refused = await screen.findByTestId('registration-refused');
    expect(refused).toHaveTextContent('Registration is closed');
    expect(refused).toHaveTextContent(SECURITY_TEXTS.developerRegistrationClosed);
    expect(localStorage.getItem('token')).toBeNull();
    // The reason, not the generic 403 toast beside it.
    expect(screen.queryByText('You do not have permission to perform this action')).not.toBeInTheDocument();
  });
});
