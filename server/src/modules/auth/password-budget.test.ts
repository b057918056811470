/**
 * Issue 29, finding 6: every route that checks a person's password shares one attempt budget per account.
 * Account deletion checked the password with no limit at all, while update-password locked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_PER_ACCOUNT: '5' });
});
afterAll(() => t.close());

const deleteWith = (token: string, password: string) =>
  t.request({ method: 'DELETE', url: '/api/members/profile', token, payload: { password, confirmation: 'DELETE' } });

describe('one password-attempt budget per account', () => {
  it('account deletion stops guessing, and the budget it used up is the one password changes use', async () => {
    const me = await createUser(t, { role: 'member' });
    for (let i = 0; i < 5; i++) expect((await deleteWith(me.token, `wrong-guess-${i}`)).statusCode, `guess ${i + 1}`).toBe(400);
    const sixth = await deleteWith(me.token, 'wrong-guess-6');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
    // Even the right password is not tried now, on this route or another one that checks it.
    expect((await deleteWith(me.token, TEST_PASSWORD)).statusCode).toBe(429);
    const change = await t.request({
      method: 'PATCH',
      url: '/api/auth/update-password',
      token: me.token,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Another-Strong-Pass-9' },
    });
    expect(change.statusCode).toBe(429);
  });

  it('wrong passwords at a password change count against deletion too', async () => {
    const me = await createUser(t, { role: 'member' });
    for (let i = 0; i < 5; i++)
      await t.request({
        method: 'PATCH',
        url: '/api/auth/update-password',
        token: me.token,
        payload: { currentPassword: `nope-${i}`, newPassword: 'Another-Strong-Pass-9' },
      });
    expect((await deleteWith(me.token, TEST_PASSWORD)).statusCode).toBe(429);
  });
});
