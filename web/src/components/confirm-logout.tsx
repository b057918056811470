import { Text } from '@mantine/core';
import { openConfirmModal } from '../lib/modals';
import { TEXTS } from '@church/contract/texts';

/** Spec 000 §2: Logout asks 'Are you sure you want to logout?' (mobile avatar menu and desktop dashboard alike). */
export function confirmLogout(logout: () => void) {
  openConfirmModal({
    title: 'Logout',
    children: <Text size="sm">{TEXTS.logoutConfirm}</Text>,
    labels: { confirm: 'Logout', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: logout,
  });
}
