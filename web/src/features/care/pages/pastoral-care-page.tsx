import { Card, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CARE_OVERVIEW_LIMIT } from '@church/contract/care';
import { AlertPreferencesPanel } from '../components/alert-preferences';
import { CareInbox } from '../components/care-inbox';
import { FollowUpList } from '../components/follow-up-list';
import { PrayerCareList } from '../components/prayer-care-list';
import { VisitForm } from '../components/visit-form';
import { VisitsList } from '../components/visits-list';

const TABS = ['overview', 'follow-up', 'prayer-care', 'visits'] as const;

/** Spec 001 §2 /pastoral-care: tabs overview, follow-up, prayer care, visits; the care inbox on the overview. */
export function PastoralCarePage() {
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? params.get('tab')! : 'overview';
  const [preset, setPreset] = useState<{ id: string; name: string } | null>(null);
  const go = (t: string | null) => setParams(t && t !== 'overview' ? { tab: t } : {}, { replace: true });
  const visit = (m: { id: string; name: string }) => {
    setPreset(m);
    go('visits');
  };

  return (
    <Stack gap="lg">
      <Title order={1}>Pastoral Care</Title>
      <Tabs value={tab} onChange={go} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="follow-up">Follow-up</Tabs.Tab>
          <Tabs.Tab value="prayer-care">Prayer care</Tabs.Tab>
          <Tabs.Tab value="visits">Visits</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Stack gap="lg">
            <CareInbox />
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Card withBorder radius="md" padding="md">
                <Title order={2} size="h4" mb="sm">
                  Members to follow up
                </Title>
                <FollowUpList limit={CARE_OVERVIEW_LIMIT} onVisit={visit} />
              </Card>
              <Card withBorder radius="md" padding="md">
                <Title order={2} size="h4" mb="sm">
                  High-priority prayers
                </Title>
                <PrayerCareList />
              </Card>
            </SimpleGrid>
            <AlertPreferencesPanel />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="follow-up" pt="md">
          <Text c="dimmed" size="sm" mb="sm">
            Members who are inactive or joined within the last 30 days.
          </Text>
          <FollowUpList limit={200} onVisit={visit} />
        </Tabs.Panel>
        <Tabs.Panel value="prayer-care" pt="md">
          <PrayerCareList />
        </Tabs.Panel>
        <Tabs.Panel value="visits" pt="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <VisitForm key={preset?.id ?? 'new'} preset={preset} />
            <Stack gap="lg">
              <VisitsList which="due" />
              <VisitsList which="all" />
            </Stack>
          </SimpleGrid>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
