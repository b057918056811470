import { Badge, Card, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import type { Child } from '@church/contract/checkin';

export interface ChildPick {
  childId: string;
  roomId: string | null;
  on: boolean;
}

type PickableChild = Pick<Child, 'id' | 'firstName' | 'allergies' | 'checkedIn' | 'roomId'>;

/** Who is here today and into which room (proposed by age or grade; already-in children cannot be picked again). */
export function ChildrenPicker({
  children,
  rooms,
  picks,
  onChange,
  size = 'md',
}: {
  children: PickableChild[];
  rooms: { id: string; name: string }[];
  picks: ChildPick[];
  onChange: (p: ChildPick[]) => void;
  size?: 'md' | 'xl';
}) {
  const set = (childId: string, patch: Partial<ChildPick>) => onChange(picks.map((p) => (p.childId === childId ? { ...p, ...patch } : p)));
  return (
    <Stack gap="sm">
      {children.map((c) => {
        const p = picks.find((x) => x.childId === c.id)!;
        return (
          <Card key={c.id} withBorder radius="md" padding={size === 'xl' ? 'lg' : 'sm'}>
            <Group justify="space-between" wrap="wrap">
              <Checkbox
                size={size === 'xl' ? 'xl' : 'md'}
                label={
                  <Text fz={size === 'xl' ? 24 : 'md'} fw={600}>
                    {c.firstName}
                  </Text>
                }
                checked={p.on}
                disabled={!!c.checkedIn}
                onChange={(e) => set(c.id, { on: e.currentTarget.checked })}
              />
              {c.checkedIn ? (
                <Badge color="green" size="lg">
                  Checked in
                </Badge>
              ) : (
                <Select
                  aria-label={`Room for ${c.firstName}`}
                  size={size === 'xl' ? 'lg' : 'sm'}
                  w={220}
                  placeholder="Choose a room"
                  data={rooms.map((r) => ({ value: r.id, label: r.name }))}
                  value={p.roomId}
                  onChange={(v) => set(c.id, { roomId: v })}
                />
              )}
            </Group>
            {c.allergies && (
              <Text c="red.8" fw={600} mt={4}>
                Allergies: {c.allergies}
              </Text>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}

export const initialPicks = (children: PickableChild[]): ChildPick[] =>
  children.map((c) => ({ childId: c.id, roomId: c.roomId, on: !c.checkedIn && !!c.roomId }));
