import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { PartialDataNote } from './dashboard-status';

describe('PartialDataNote (spec 002 §8 fallback texts)', () => {
  it("names each failed source with the spec's text, then says the figures show as zero", async () => {
    renderAt(<PartialDataNote failed={['members', 'events', 'giving', 'visitors']} onRetry={vi.fn()} />);
    expect(await screen.findByText('Failed to get member stats')).toBeTruthy();
    expect(screen.getByText('Failed to get events')).toBeTruthy();
    expect(screen.getByText('Failed to get user giving stats')).toBeTruthy();
    expect(screen.getByText('Some figures could not be loaded (members, events, giving, visitor statistics) and show as zero.')).toBeTruthy();
  });

  it('says nothing when every source answered', () => {
    renderAt(<PartialDataNote failed={[]} onRetry={vi.fn()} />);
    expect(screen.queryByTestId('dashboard-partial')).toBeNull();
  });
});
