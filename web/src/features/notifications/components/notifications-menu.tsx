import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Indicator,
  Divider,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconCalendarEvent, IconGift, IconHeartHandshake, IconInfoCircle, IconMessage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '@church/contract/notifications';
import { useT } from '../../../lib/i18n/use-t';
import { useFormat } from '../../../lib/i18n/use-format';
import { latestNotificationsQuery, useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/notifications';

const ICONS: Record<Notification['type'], typeof IconBell> = {
  event: IconCalendarEvent,
  prayer: IconHeartHandshake,
  giving: IconGift,
  message: IconMessage,
  other: IconInfoCircle,
};

/**
 * The header's notifications dropdown (spec 000 §2): the newest 5, a loading
 * state, 'No notifications', the real unread count, and marking read.
 * `tone` picks the icon colour for a dark (mobile) or light (desktop) header.
 */
export function NotificationsMenu({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const query = useQuery(latestNotificationsQuery());
  const t = useT();
  const format = useFormat();
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const unread = query.data?.unreadCount ?? 0;
  const items = query.data?.notifications ?? [];

  const open = (n: Notification) => {
    if (!n.read) markOne.mutate(n.id);
    if (n.link) {
      setOpened(false);
      navigate(n.link);
    }
  };

  return (
    // A popover (a dialog), not a menu: it holds buttons and text, and role="menu" allows only menu items.
    <Popover position="bottom-end" width={320} shadow="md" opened={opened} onChange={setOpened} trapFocus={false}>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color={tone === 'dark' ? 'white' : 'navy'}
          size="lg"
          // No parentheses: the visible count must be part of the name (WCAG 2.5.3), and checkers drop parentheticals.
          aria-label={unread ? t('common.notifications.unread', { count: unread > 9 ? '9+' : unread }) : t('common.notifications')}
          data-testid="notifications-bell"
          onClick={() => setOpened((o) => !o)}
        >
          <Indicator
            label={unread > 9 ? '9+' : unread}
            size={16}
            color="red"
            disabled={!unread}
            offset={3}
            data-testid="notifications-unread"
          >
            <IconBell size={22} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="notifications-dropdown" aria-label={t('common.notifications')} p={4}>
        <Group justify="space-between" px="sm" py={6}>
          <Text fw={700} size="sm">
            {t('common.notifications')}
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => markAll.mutate(undefined, { onSuccess: () => setOpened(false) })}
            loading={markAll.isPending}
            disabled={!unread}
          >
            {t('common.notifications.markAll')}
          </Button>
        </Group>
        <Divider my={4} />
        {query.isPending ? (
          <Group justify="center" p="md" gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('common.notifications.loading')}
            </Text>
          </Group>
        ) : query.isError ? (
          <Stack gap={4} p="sm" align="center">
            <Text size="sm" c="red">
              {t('common.notifications.failed')}
            </Text>
            <Anchor size="sm" component="button" onClick={() => query.refetch()}>
              {t('member.retry')}
            </Anchor>
          </Stack>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm" ta="center">
            {t('common.notifications.none')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={380}>
            {items.map((n) => {
              const Icon = ICONS[n.type];
              return (
                <UnstyledButton
                  key={n.id}
                  onClick={() => open(n)}
                  w="100%"
                  px="sm"
                  py={8}
                  data-testid="notification-item"
                  data-read={n.read}
                  style={{ background: n.read ? undefined : 'var(--mantine-color-navy-0)', borderRadius: 6 }}
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <Icon size={18} style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-navy-6)" />
                    <Box style={{ minWidth: 0, flex: 1 }}>
                      <Group gap={6} wrap="nowrap" justify="space-between">
                        <Text size="sm" fw={n.read ? 500 : 700} truncate>
                          <span data-user-content>{n.title}</span>
                        </Text>
                        {!n.read && (
                          <Badge size="xs" color="red" variant="filled" style={{ flexShrink: 0 }}>
                            {t('common.notifications.new')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed" lineClamp={2} data-user-content>
                        {n.message}
                      </Text>
                      <Text size="xs" c="dimmed" mt={2}>
                        {format.relative(n.createdAt) ?? t('member.justNow')}
                      </Text>
                    </Box>
                  </Group>
                </UnstyledButton>
              );
            })}
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
