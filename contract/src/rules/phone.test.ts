import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, looksLikePhone, normalisePhone, parsePhone, phoneSearchDigits } from './phone';
import { optionalPhoneField } from './phone-schema';

describe('phone numbers (issue 31)', () => {
  it('reads every usual South African form as one E.164 number', () => {
    for (const s of ['082 555 1234', '0825551234', '+27 82 555 1234', '+27825551234', '27825551234', '0027 82 555 1234', '(082) 555-1234'])
      expect(normalisePhone(s)).toBe('+27825551234');
    expect(normalisePhone('012 362 4410')).toBe('+27123624410');
  });

  it('refuses what is not a real number', () => {
    for (const s of ['', '12345', '082 555 12345', '0825551234 ext 12', 'call me', '+27 82 555 1234\u0000', '0'.repeat(41)])
      expect(isValidPhone(s)).toBe(false);
  });

  it('shows the national format for the church country and international for others', () => {
    expect(formatPhone('+27825551234')).toBe('082 555 1234');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(parsePhone('020 7946 0958', 'GB')?.e164).toBe('+442079460958');
    expect(formatPhone('not a number 12')).toBe('not a number 12');
    expect(formatPhone(null)).toBe('');
  });

  it('search digits find E.164 rows from any form, whole or partial', () => {
    expect(phoneSearchDigits('082 555 1234')).toEqual(expect.arrayContaining(['0825551234', '27825551234']));
    expect(phoneSearchDigits('+27 82 555 1234')).toEqual(expect.arrayContaining(['27825551234', '0825551234']));
    expect(phoneSearchDigits('082 555')).toEqual(['082555', '2782555']);
    expect(phoneSearchDigits('555 12')).toEqual(['55512']);
    expect(phoneSearchDigits('08')).toEqual([]);
  });

  it('tells a phone search from a name search', () => {
    expect(looksLikePhone('082 555')).toBe(true);
    expect(looksLikePhone('+27 (82) 555-1234')).toBe(true);
    expect(looksLikePhone('Thandi')).toBe(false);
    expect(looksLikePhone('12')).toBe(false);
  });

  it('the zod field normalises, nulls the empty and refuses the invalid', () => {
    const f = optionalPhoneField();
    expect(f.parse(' 082 555 1234 ')).toBe('+27825551234');
    expect(f.parse('')).toBeNull();
    expect(f.parse(undefined)).toBeNull();
    const bad = f.safeParse('082 555');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Phone number is invalid');
  });
});
