import type { ReactNode } from 'react';
import { ActionIcon, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';

/**
 * An ordered list the church edits: each item in a card with move up, move
 * down and remove; an Add button under the list while there is room.
 */
export function ListEditor<T>({
  items,
  onChange,
  renderItem,
  make,
  itemLabel,
  addLabel,
  max,
  empty,
}: {
  items: T[];
  onChange: (items: T[]) => void;
  renderItem: (item: T, index: number, update: (patch: Partial<T>) => void) => ReactNode;
  make: () => T;
  /** 'Slide 2': names each card and its buttons for screen readers. */
  itemLabel: (index: number) => string;
  addLabel: string;
  max: number;
  empty?: string;
}) {
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  return (
    <Stack gap="sm">
      {items.length === 0 && empty && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {items.map((item, i) => (
        <Card key={i} withBorder radius="md" padding="md" aria-label={itemLabel(i)} component="section">
          <Group justify="space-between" mb="xs">
            <Text fw={600} size="sm">
              {itemLabel(i)}
            </Text>
            <Group gap={4}>
              <ActionIcon variant="subtle" aria-label={`Move ${itemLabel(i)} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${itemLabel(i)} down`}
                disabled={i === items.length - 1}
                onClick={() => move(i, i + 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${itemLabel(i)}`}
                onClick={() => onChange(items.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
          {renderItem(item, i, (patch) => onChange(items.map((x, j) => (j === i ? { ...x, ...patch } : x))))}
        </Card>
      ))}
      {items.length < max && (
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => onChange([...items, make()])} w="fit-content">
          {addLabel}
        </Button>
      )}
    </Stack>
  );
}
