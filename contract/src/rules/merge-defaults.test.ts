import { describe, expect, it } from 'vitest';
import { mergeDefault, mergeLabel } from './merge-defaults';

describe('merge defaults (issue 31)', () => {
  it('prefers the filled value', () => {
    expect(mergeDefault('phone', null, '+27825551234')).toBe('remove');
    expect(mergeDefault('phone', '', '+27825551234')).toBe('remove');
    expect(mergeDefault('phone', '+27825551234', null)).toBe('keep');
    expect(mergeDefault('phone', null, null)).toBe('keep');
  });
  it('keeps the kept record where both are filled, but the earlier join date and a yes for volunteer', () => {
    expect(mergeDefault('name', 'Thandi M', 'Thandi Mokoena')).toBe('keep');
    expect(mergeDefault('joinDate', '2024-03-01', '2015-06-01')).toBe('remove');
    expect(mergeDefault('joinDate', '2015-06-01', '2024-03-01')).toBe('keep');
    expect(mergeDefault('isVolunteer', false, true)).toBe('remove');
    expect(mergeDefault('isVolunteer', true, false)).toBe('keep');
  });
  it('names a record by e-mail, else by phone', () => {
    const phone = (p: string) => `0${p.slice(3)}`;
    expect(mergeLabel({ name: 'A', email: 'a@x.org', phone: '+27825551234' }, phone)).toBe('A (a@x.org)');
    expect(mergeLabel({ name: 'A', email: null, phone: '+27825551234' }, phone)).toBe('A (0825551234)');
    expect(mergeLabel({ name: 'A', email: null, phone: null }, phone)).toBe('A');
  });
});
