import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

/** The mobile header's notifications dropdown (the member-portal work fills it from the API). */
export function NotificationsMenu() {
  return (
    <Menu position="bottom-end" width={300} shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="white" size="lg" aria-label="Notifications">
          <IconBell size={22} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Text size="sm" c="dimmed" p="sm">
          No notifications
        </Text>
      </Menu.Dropdown>
    </Menu>
  );
}
