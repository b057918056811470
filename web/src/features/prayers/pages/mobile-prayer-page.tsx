import { Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../../lib/session';
import { PrayerForm } from '../components/prayer-form';
import { PrayerList } from '../components/prayer-list';

/** Spec 000 §2 /mobile/prayer: a New Prayer Request form and the list. */
export function MobilePrayerPage() {
  const { user } = useSession();
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Prayer Requests</Title>
        <Text c="dimmed" size="sm">
          “Carry each other’s burdens” — Galatians 6:2
        </Text>
      </div>
      <PrayerForm />
      <Title order={4}>Prayers</Title>
      <PrayerList userId={user?.id ?? ''} />
    </Stack>
  );
}
