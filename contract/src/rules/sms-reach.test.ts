import { describe, expect, it } from 'vitest';
import { maskPhone, reachablePhone } from './sms-reach';

describe('reachablePhone', () => {
  it('reads a South African mobile number in any local form', () => {
    for (const s of ['082 555 1234', '0825551234', '+27 82 555 1234', '0027 82 555 1234'])
      expect(reachablePhone(s), s).toEqual({ e164: '+27825551234', mobile: true });
  });
  it('knows which numbers cannot receive an SMS', () => {
    expect(reachablePhone('011 555 1234')).toEqual({ e164: '+27115551234', mobile: false });
    expect(reachablePhone('087 555 1234')?.mobile).toBe(false);
    expect(reachablePhone('072 555 1234')?.mobile).toBe(true);
    expect(reachablePhone('061 555 1234')?.mobile).toBe(true);
  });
  it('refuses what is not a number', () => {
    for (const s of ['', 'call me', '12345', null]) expect(reachablePhone(s), String(s)).toBeNull();
  });
  it('masks all but the last three digits', () => expect(maskPhone('+27825551234')).toBe('+27 •• ••• •234'));
});
