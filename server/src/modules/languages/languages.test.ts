import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { emailOutbox } from '../../db/schema/index';

// A built web app of one file: the pages the server sends name their language (issue 36).
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lang-web-'));
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html>\n<html lang="en" data-x="1"><head></head><body><div id="root"></div></body></html>',
);

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: webDir });
  admin = (await createUser(t, { role: 'admin' })).token;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const setChurchLanguage = async (defaultLanguage: string) => {
  const res = await t.request({
    method: 'POST',
    url: '/api/settings',
    token: admin,
    payload: { churchName: 'Grace Church', defaultLanguage },
  });
  expect(res.statusCode).toBe(200);
};
const resetMail = async (email: string) => {
  await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  return (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)))[0]!;
};
const pageLang = async (headers: Record<string, string>) =>
  /<html lang="([^"]+)" data-locale="([^"]+)"/.exec((await t.request({ method: 'GET', url: '/prayers', headers })).body)?.[2];

describe('a member keeps their language (PUT /api/auth/language)', () => {
  it('is saved with the account and read back by /auth/me', async () => {
    const { token } = await createUser(t);
    const res = await t.request({ method: 'PUT', url: '/api/auth/language', token, payload: { language: 'xh-ZA' } });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'success', data: { language: 'xh-ZA' } });
    expect(json(await t.request({ method: 'GET', url: '/api/auth/me', token })).data.user.language).toBe('xh-ZA');
  });

  it('refuses a language we do not speak, and a caller who is not signed in', async () => {
    const { token } = await createUser(t);
    const bad = await t.request({ method: 'PUT', url: '/api/auth/language', token, payload: { language: 'fr-FR' } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('language must be one of en-ZA, af-ZA, zu-ZA, xh-ZA');
    expect((await t.request({ method: 'PUT', url: '/api/auth/language', payload: { language: 'af-ZA' } })).statusCode).toBe(401);
  });
});

describe('e-mail in the recipient’s language', () => {
  it("writes in the member's language, else the church's default", async () => {
    const { user: afrikaans } = await createUser(t, { language: 'af-ZA' });
    const { user: unset } = await createUser(t);
    await setChurchLanguage('zu-ZA');
    const af = await resetMail(afrikaans.email!);
    expect(af.subject).toBe('Stel jou wagwoord terug');
    expect(af.bodyText).toContain(`Hallo ${afrikaans.name},`);
    expect((await resetMail(unset.email!)).subject).toBe('Setha kabusha iphasiwedi yakho');
    await setChurchLanguage('en-ZA');
  });
});

describe('the pages the server sends name their language', () => {
  it('a choice (cookie) wins, then the browser languages, then the church; an unknown tag falls back', async () => {
    await setChurchLanguage('af-ZA');
    expect(await pageLang({ cookie: 'lang=xh-ZA', 'accept-language': 'zu' })).toBe('xh-ZA');
    expect(await pageLang({ 'accept-language': 'fr-FR,zu;q=0.8' })).toBe('zu-ZA');
    expect(await pageLang({ 'accept-language': 'fr-FR' })).toBe('af-ZA');
    expect(await pageLang({ cookie: 'lang=tlh-KLINGON', 'accept-language': 'de' })).toBe('af-ZA');
    expect(await pageLang({})).toBe('af-ZA');
    await setChurchLanguage('en-ZA');
    expect(await pageLang({})).toBe('en-ZA');
  });

  it("the church's default language is a public setting, and only ours are accepted", async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/settings',
      token: admin,
      payload: { churchName: 'X', defaultLanguage: 'de-DE' },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(await t.request({ method: 'GET', url: '/api/settings/public' })).data.defaultLanguage).toBe('en-ZA');
  });
});
