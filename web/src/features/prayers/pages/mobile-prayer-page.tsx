import { Grid, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../../lib/session';
import { PrayerForm } from '../components/prayer-form';
import { PrayerList } from '../components/prayer-list';

/**
 * Spec 000 §2 /mobile/prayer: a New Prayer Request form and the list — one
 * column in the phone frame, the form beside the list where there is room.
 */
export function MobilePrayerPage() {
  const { user } = useSession();
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Prayer Requests
        </Title>
        <Text c="dimmed" size="sm">
          “Carry each other’s burdens” — Galatians 6:2
        </Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <div style={{ position: 'sticky', top: 80 }}>
            <PrayerForm />
          </div>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <Title order={4}>Prayers</Title>
            <PrayerList userId={user?.id ?? ''} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
