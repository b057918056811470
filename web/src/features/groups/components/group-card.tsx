import { Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { GROUP_TYPE_LABELS, type GroupSummary } from '@church/contract/groups';
import { paths } from '../../../config/paths';
import { scheduleLine } from './schedule';

/** One group in a list: picture, name, kind, when and where, leaders, and what the caller can do next. */
export function GroupCard({ group, action }: { group: GroupSummary; action?: React.ReactNode }) {
  const schedule = scheduleLine(group);
  return (
    <Card withBorder radius="lg" padding="md">
      {group.pictureUrl && (
        <Card.Section>
          <Image src={group.pictureUrl} alt="" h={140} fit="cover" />
        </Card.Section>
      )}
      <Stack gap={6} mt={group.pictureUrl ? 'sm' : 0}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4">
            {group.name}
          </Title>
          <Badge variant="light">{GROUP_TYPE_LABELS[group.type]}</Badge>
        </Group>
        {schedule && <Text size="sm">{schedule}</Text>}
        {group.leaders.length > 0 && (
          <Text size="sm" c="dimmed">
            Led by {group.leaders.map((l) => l.name).join(', ')}
          </Text>
        )}
        <Group gap={6}>
          <IconUsers size={16} aria-hidden />
          <Text size="sm">
            {group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}
            {group.capacity !== null ? ` of ${group.capacity}` : ''}
          </Text>
          {group.myStatus === 'requested' && (
            <Badge color="yellow" variant="light">
              Request sent
            </Badge>
          )}
        </Group>
        <Group gap="xs" mt={4}>
          <Button component={Link} to={paths.group(group.id)} variant="light" size="xs" aria-label={`Open ${group.name}`}>
            Open
          </Button>
          {action}
        </Group>
      </Stack>
    </Card>
  );
}
