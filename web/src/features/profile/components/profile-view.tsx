import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { User } from '@church/contract/users';
import { formatPhone } from '@church/contract/rules/phone';

const formatDate = (iso: string | null) =>
  iso
    ? new Date(`${iso.slice(0, 10)}T12:00:00`).toLocaleDateString('en-ZA', { day: 'numeric', month: 'long', year: 'numeric' })
    : 'Not set';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function Chips({ items, colour, empty }: { items: string[]; colour: string; empty: string }) {
  if (!items.length)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Group gap={6} mt={4}>
      {items.map((i) => (
        <Badge key={i} color={colour} variant="light" tt="none">
          {i}
        </Badge>
      ))}
    </Group>
  );
}

/** Spec 000 §2 profile view mode. */
export function ProfileView({ user }: { user: User }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md" data-testid="profile-view">
        <Field label="Name">{user.name}</Field>
        <Field label="Email">{user.email}</Field>
        <Field label="Role">
          <Text tt="capitalize" size="sm">
            {user.role}
          </Text>
        </Field>
        <Field label="Phone">{formatPhone(user.phone) || 'Not set'}</Field>
        <Field label="Member since">{formatDate(user.joinDate)}</Field>
        <Field label="Address">{user.address || 'Not set'}</Field>
        <Field label="Birthday">{formatDate(user.birthday)}</Field>
        {user.baptismDate && <Field label="Baptism date">{formatDate(user.baptismDate)}</Field>}
        <Field label="Spiritual gifts">
          <Chips items={user.spiritualGifts} colour="gold" empty="None added yet" />
        </Field>
        <Field label="Ministry interests">
          <Chips items={user.ministryInterests} colour="navy" empty="None added yet" />
        </Field>
      </Stack>
    </Card>
  );
}
