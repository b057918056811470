import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { VersionChips } from './version-chips';

describe('VersionChips (spec 000: the KJV chip offline)', () => {
  it('offers what can be read; a translation the server cannot reach now is disabled with why, apart from the unlicensed', async () => {
    const versions = [
      { id: 'BSB', name: 'Berean Standard Bible', available: true, source: 'local' as const, reason: null, badgeColor: 'blue' },
      { id: 'KJV', name: 'King James Version', available: false, source: 'remote' as const, reason: 'unreachable' as const, badgeColor: 'grape' },
      { id: 'NIV', name: 'New International Version', available: false, source: 'none' as const, reason: 'not-licensed' as const, badgeColor: 'orange' },
    ];
    renderAt(<VersionChips value="BSB" onChange={vi.fn()} versions={versions} />);
    expect((await screen.findByRole('radio', { name: 'BSB' })).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('radio', { name: 'KJV' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('radio', { name: 'NIV' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('KJV cannot be read just now: the Bible service cannot be reached (no internet connection?). Try again later.')).toBeTruthy();
    expect(screen.getByText('NIV is not available: under copyright, and not licensed to this church.')).toBeTruthy();
  });
});
