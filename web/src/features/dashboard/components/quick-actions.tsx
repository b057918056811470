import { Card, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCalendarEvent, IconGift, IconHeartHandshake, IconMessages, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { MessageKey } from '@church/contract/i18n/keys';
import { useT } from '../../../lib/i18n/use-t';

/** Church Chat opens the desktop chat (/chat) on the desktop dashboard and /mobile/chat in the phone frame. */
const actionsFor = (compact: boolean): { label: MessageKey; to: string; icon: typeof IconGift; colour: string }[] => [
  { label: 'member.nav.prayer', to: paths.mobile.prayer, icon: IconHeartHandshake, colour: 'red' },
  { label: 'member.quick.give', to: paths.mobile.giving, icon: IconGift, colour: 'green' },
  { label: 'member.nav.events', to: paths.mobile.events, icon: IconCalendarEvent, colour: 'grape' },
  { label: 'member.nav.chat', to: compact ? paths.mobile.chat : paths.chat, icon: IconMessages, colour: 'blue' },
];

/**
 * Spec 000 §2 Quick actions, plus Manage Members for admin-type roles. Manage Members opens the Members
 * Management table (/members, spec 001 §2), where members are managed, not Admin › Users & roles (issue 31).
 * `compact` is the phone's two-column form.
 */
export function QuickActions({ adminType, compact = false }: { adminType: boolean; compact?: boolean }) {
  const t = useT();
  const actions = adminType
    ? [...actionsFor(compact), { label: 'member.quick.manageMembers' as const, to: paths.members, icon: IconUsersGroup, colour: 'indigo' }]
    : actionsFor(compact);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="quick-actions">
      <Text fw={700} mb="sm">
        {t('member.quick.title')}
      </Text>
      <SimpleGrid cols={compact ? 2 : { base: 2, sm: adminType ? 5 : 4 }} spacing="sm">
        {actions.map((a) => (
          <UnstyledButton
            key={a.label}
            component={Link}
            to={a.to}
            p="sm"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 12, textAlign: 'center' }}
          >
            <ThemeIcon color={a.colour} variant="light" size={40} radius="xl" mx="auto">
              <a.icon size={22} />
            </ThemeIcon>
            <Text size="sm" fw={600} mt={6}>
              {t(a.label)}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Card>
  );
}
