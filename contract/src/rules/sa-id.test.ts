import { describe, expect, it } from 'vitest';
import { isValidSaId, withSaIdCheckDigit } from './sa-id';

describe('South African ID numbers', () => {
  it('accepts a number with the right check digit and refuses one digit off', () => {
    // 8001015009087 is the number SARS and the banks use in their own examples.
    expect(isValidSaId('8001015009087')).toBe(true);
    expect(isValidSaId('8001015009086')).toBe(false);
    expect(isValidSaId('8001015009078')).toBe(false);
  });
  it('refuses the wrong length, letters and impossible dates', () => {
    expect(isValidSaId('800101500908')).toBe(false);
    expect(isValidSaId('80010150090870')).toBe(false);
    expect(isValidSaId('80010150090a7')).toBe(false);
    expect(isValidSaId(withSaIdCheckDigit('801301500908'))).toBe(false);
    expect(isValidSaId(withSaIdCheckDigit('800100500908'))).toBe(false);
  });
  it('completes twelve digits with their check digit', () => {
    expect(withSaIdCheckDigit('800101500908')).toBe('8001015009087');
    expect(isValidSaId(withSaIdCheckDigit('850101580001'))).toBe(true);
  });
});
