import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render';
import { PagePicker } from './page-picker';

describe('PagePicker', () => {
  it('names its arrow buttons and its pages (axe button-name on the donations list)', () => {
    renderAt(<PagePicker total={5} value={1} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 5' })).toBeInTheDocument();
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAccessibleName();
  });
});
