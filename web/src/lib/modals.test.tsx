import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../test/render';
import { openConfirmModal } from './modals';

/** A dialog opened from code loads the modals manager on demand and still opens, and answers, the first time. */
describe('openConfirmModal', () => {
  it('opens on the first call, before the manager has ever loaded, and runs the confirm handler', async () => {
    const onConfirm = vi.fn();
    renderAt(
      <button
        onClick={() =>
          openConfirmModal({ title: 'Logout', children: 'Are you sure?', labels: { confirm: 'Logout', cancel: 'Cancel' }, onConfirm })
        }
      >
        Ask
      </button>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Logout' });
    expect(dialog).toHaveTextContent('Are you sure?');
    // The theme names the × button (app/theme.ts) without importing Modal into the first load.
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
