import { Grid, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../../lib/session';
import { PrayerForm } from '../components/prayer-form';
import { useT } from '../../../lib/i18n/use-t';
import { PrayerList } from '../components/prayer-list';

/**
 * Spec 000 §2 /mobile/prayer: a New Prayer Request form and the list — one
 * column in the phone frame, the form beside the list where there is room.
 */
export function MobilePrayerPage() {
  const { user } = useSession();
  const t = useT();
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('member.prayer.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('member.prayer.verse')}
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
            <Title order={4}>{t('member.prayer.list')}</Title>
            <PrayerList userId={user?.id ?? ''} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
