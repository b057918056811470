import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { QuickActions } from './quick-actions';

const group = (name: string) => screen.queryByRole('region', { name: `${name} actions` });

describe('QuickActions', () => {
  it('on a phone shows the members, leadership and care groups, and View All Actions adds the others', async () => {
    renderAt(<QuickActions user={{ role: 'pastor' }} phone />);
    expect(await screen.findByRole('region', { name: 'Members actions' })).toBeInTheDocument();
    expect(group('Leadership')).toBeInTheDocument();
    expect(group('Care')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Member' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pastoral Care' })).toBeInTheDocument();
    // No chips on a phone, and nothing from the other groups yet.
    expect(screen.queryByRole('checkbox', { name: 'finance' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Donations' })).toBeNull();
    expect(group('Events')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'View All Actions' }));
    for (const name of ['Members', 'Finance', 'Care', 'Leadership', 'Events', 'Communication', 'Admin'])
      expect(group(name)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Donations' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Event' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Show Fewer Actions' }));
    expect(group('Finance')).toBeNull();
  });

  it('on a phone leaves out a group the person has no action in, and shows every group of someone who has none of the three', async () => {
    // A member made treasurer: finance actions only.
    renderAt(<QuickActions user={{ role: 'member', permissions: ['finance:manage'] }} phone />);
    expect(await screen.findByRole('region', { name: 'Finance actions' })).toBeInTheDocument();
    expect(group('Members')).toBeNull();
    expect(group('Leadership')).toBeNull();
    expect(screen.queryByRole('button', { name: 'View All Actions' })).toBeNull();
  });

  it('on a desktop filters one grid with the category chips', async () => {
    renderAt(<QuickActions user={{ role: 'pastor' }} />);
    expect(await screen.findByRole('link', { name: 'Add Member' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View All Actions' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'finance' }));
    expect(screen.getByRole('link', { name: 'Donations' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Member' })).toBeNull();
  });
});
