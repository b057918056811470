import { ActionIcon, Alert, Avatar, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDoorExit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ChatRoom } from '@church/contract/chat/rooms';
import { CHAT_TEXTS } from '@church/contract/chat/constants';
import { notify } from '../../../lib/notify';
import { infoQuery, useLeaveRoom } from '../api/chat-api';
import { chatConnection } from '../hooks/use-chat-connection';

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

/** Room info (mobile): description, settings, members and Leave Room. */
export function RoomInfo({ room, onBack, onLeft }: { room: ChatRoom; onBack(): void; onLeft(): void }) {
  const info = useQuery(infoQuery(room.id));
  const leave = useLeaveRoom();
  const onLeave = () =>
    leave.mutate(room.id, {
      onSuccess: (res) => {
        chatConnection().leaveRoom(room.id);
        notify.success(res.message);
        onLeft();
      },
      onError: () => notify.error(CHAT_TEXTS.leaveFailed),
    });
  return (
    <Stack p="md" gap="md">
      <Group gap="xs">
        <ActionIcon variant="subtle" aria-label="Back to room" onClick={onBack}>
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Title order={3}>{room.name}</Title>
      </Group>
      <Text c="dimmed">{room.description}</Text>
      <Group gap="xs">
        <Badge variant="light">{room.type === 'announcement' ? 'Announcements' : 'Public room'}</Badge>
        <Badge variant="light" color="gray">
          {room.memberCount} members
        </Badge>
        <Badge variant="light" color="gray">
          Files up to {mb(room.settings.maxFileSize)}
        </Badge>
      </Group>
      <Text fw={600} size="sm">
        Members
      </Text>
      {info.isPending && <Loader size="sm" aria-label="Loading members" />}
      {info.isError && (
        <Alert color="red" title="Could not load the members">
          <Button size="xs" variant="light" color="red" onClick={() => info.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {info.data && (
        <Stack gap={6}>
          {(info.data.members ?? []).length === 0 && (
            <Text size="sm" c="dimmed">
              No members yet
            </Text>
          )}
          {(info.data.members ?? []).map((m) => (
            <Group key={m.id} gap="xs">
              <Avatar size="sm" radius="xl" color="blue">
                {m.name.slice(0, 1)}
              </Avatar>
              <Text size="sm">{m.name}</Text>
            </Group>
          ))}
        </Stack>
      )}
      {room.isMember && (
        <Button color="red" variant="light" leftSection={<IconDoorExit size={16} />} loading={leave.isPending} onClick={onLeave}>
          Leave Room
        </Button>
      )}
    </Stack>
  );
}
