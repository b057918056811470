import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Container, Group, Paper, Stack, Switch, Tabs, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { churchSettingsSchema, settingsResponse, SETTINGS_TEXTS, type ChurchSettings } from '@church/contract/settings';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { publicSettingsQuery } from '../../../components/site/public-settings-query';
import { churchSettingsQuery } from './settings-query';
import { AboutEditor } from './about-editor';
import { GeneralEditor } from './general-editor';
import { HeroSlidesEditor } from './hero-slides-editor';
import { HomeStatsEditor } from './home-stats-editor';
import { LegalEditor } from './legal-editor';
import { LocationEditor } from './location-editor';
import { ServicesEditor } from './services-editor';

const NOTIFICATION_LABELS = {
  emailNotifications: 'Email notifications',
  smsNotifications: 'SMS notifications',
  prayerAlerts: 'Prayer alerts',
  eventReminders: 'Event reminders',
} as const;

const TABS = ['general', 'home', 'about', 'services', 'location', 'legal', 'notifications'] as const;
type Tab = (typeof TABS)[number];
/** Which tab holds each field, so a refused save opens the tab with the first mistake. */
const TAB_OF: Partial<Record<keyof ChurchSettings, Tab>> = {
  heroSlides: 'home',
  homeStats: 'home',
  description: 'about',
  story: 'about',
  founders: 'about',
  mission: 'about',
  vision: 'about',
  coreValues: 'about',
  ministries: 'about',
  services: 'services',
  email: 'location',
  phone: 'location',
  address: 'location',
  website: 'location',
  pastorName: 'location',
  socialLinks: 'location',
  coordinates: 'location',
  terms: 'legal',
  privacy: 'legal',
  notifications: 'notifications',
};

/** Field errors keyed 'email', 'heroSlides.0.title' … from the contract's own validation. */
function validate(s: ChurchSettings): Record<string, string> {
  const r = churchSettingsSchema.safeParse(s);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

/**
 * Spec 001 §2 Church settings, grown into the editor of everything the public
 * site says (issue 30): one document, one Save Changes, validated whole before
 * anything is stored; each tab shows its part of the site as it will look.
 */
export function ChurchSettingsPage() {
  const queryClient = useQueryClient();
  const query = useQuery(churchSettingsQuery);
  const publicSettings = useQuery(publicSettingsQuery);
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'general';
  const [s, setS] = useState<ChurchSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const reported = useRef(false);

  useEffect(() => {
    if (query.data) {
      const { updatedAt: _u, ...rest } = query.data;
      setS(rest);
    }
  }, [query.data]);
  useEffect(() => {
    if (query.isError && !reported.current) {
      reported.current = true;
      notify.error(SETTINGS_TEXTS.loadFailed);
    }
  }, [query.isError]);

  if (query.isError)
    return (
      <Container size="lg" py="md">
        <Alert color="red" title={SETTINGS_TEXTS.loadFailed}>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Alert>
      </Container>
    );
  if (!s) return <Container py="md">Loading settings…</Container>;

  const set = (patch: Partial<ChurchSettings>) => setS((prev) => (prev ? { ...prev, ...patch } : prev));
  const openTab = (t: Tab) => setParams((p) => (p.set('tab', t), p), { replace: true });

  async function save() {
    const found = validate(s!);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      openTab(TAB_OF[first.split('.')[0] as keyof ChurchSettings] ?? 'general');
      return notify.error(SETTINGS_TEXTS.saveFailed + ': ' + found[first]);
    }
    setSaving(true);
    try {
      const r = await api('/settings', { method: 'POST', body: s, schema: settingsResponse });
      const { updatedAt: _u, ...saved } = r.data.settings;
      setS(saved);
      notify.success(SETTINGS_TEXTS.saved);
      await queryClient.invalidateQueries({ queryKey: ['settings'] });
    } catch (err) {
      notify.error(
        err instanceof ApiError && err.status === 400 ? `${SETTINGS_TEXTS.saveFailed}: ${err.message}` : SETTINGS_TEXTS.saveFailed,
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <Container size="xl" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            Church Settings
          </Title>
          <Button onClick={() => void save()} loading={saving}>
            Save Changes
          </Button>
        </Group>
        <Paper withBorder radius="md" p="lg">
          <Tabs value={tab} onChange={(v) => v && openTab(v as Tab)} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="general">General</Tabs.Tab>
              <Tabs.Tab value="home">Home Page</Tabs.Tab>
              <Tabs.Tab value="about">About</Tabs.Tab>
              <Tabs.Tab value="services">Service Times</Tabs.Tab>
              <Tabs.Tab value="location">Contact Info</Tabs.Tab>
              <Tabs.Tab value="legal">Legal</Tabs.Tab>
              <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="general">
              <GeneralEditor s={s} errors={errors} set={set} />
            </Tabs.Panel>
            <Tabs.Panel value="home">
              <Stack gap="xl">
                <Title order={2} size="h4">
                  Hero slides
                </Title>
                <HeroSlidesEditor slides={s.heroSlides} errors={errors} onChange={(heroSlides) => set({ heroSlides })} />
                <Title order={2} size="h4">
                  Figures
                </Title>
                <HomeStatsEditor
                  stats={s.homeStats}
                  founded={s.founded}
                  memberCountOverride={s.memberCountOverride}
                  counted={publicSettings.data?.stats}
                  errors={errors}
                  onChange={(homeStats) => set({ homeStats })}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="about">
              <AboutEditor s={s} errors={errors} set={set} />
            </Tabs.Panel>
            <Tabs.Panel value="services">
              <ServicesEditor services={s.services} errors={errors} onChange={(services) => set({ services })} />
            </Tabs.Panel>
            <Tabs.Panel value="location">
              <LocationEditor s={s} errors={errors} tileUrl={publicSettings.data?.map.tileUrl ?? ''} set={set} />
            </Tabs.Panel>
            <Tabs.Panel value="legal">
              <LegalEditor s={s} errors={errors} set={set} />
            </Tabs.Panel>
            <Tabs.Panel value="notifications">
              <Stack>
                {(Object.keys(NOTIFICATION_LABELS) as (keyof typeof NOTIFICATION_LABELS)[]).map((k) => (
                  <Switch
                    key={k}
                    label={NOTIFICATION_LABELS[k]}
                    checked={s.notifications[k]}
                    onChange={(e) => set({ notifications: { ...s.notifications, [k]: e.currentTarget.checked } })}
                  />
                ))}
              </Stack>
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
    </Container>
  );
}
