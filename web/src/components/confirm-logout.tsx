import { Text } from '@mantine/core';
import { openConfirmModal } from '../lib/modals';
import { translate as t } from '../lib/i18n/use-t';

/** Spec 000 §2: Logout asks 'Are you sure you want to logout?' (mobile avatar menu and desktop dashboard alike). */
export function confirmLogout(logout: () => void) {
  openConfirmModal({
    title: t('common.logout'),
    children: <Text size="sm">{t('member.logout.confirm')}</Text>,
    labels: { confirm: t('common.logout'), cancel: t('member.cancel') },
    confirmProps: { color: 'red' },
    onConfirm: logout,
  });
}
