import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Container,
  FileButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  churchSettingsSchema,
  LOGO_MAX_BYTES,
  settingsResponse,
  SETTINGS_TEXTS,
  SERVICE_DAY_TITLES,
  type ChurchSettings,
} from '@church/contract/settings';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { churchSettingsQuery } from '../api/publish-queries';
import { PrivacyFields } from '../components/privacy-fields';

const DAYS = ['sunday', 'wednesday', 'friday', 'saturday'] as const;
const NOTIFICATION_LABELS = {
  emailNotifications: 'Email notifications',
  smsNotifications: 'SMS notifications',
  prayerAlerts: 'Prayer alerts',
  eventReminders: 'Event reminders',
} as const;

/** Field errors keyed 'email', 'socialLinks.facebook' … from the contract's own validation. */
function validate(s: ChurchSettings): Record<string, string> {
  const r = churchSettingsSchema.safeParse(s);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

/** Spec 001 §2 Church settings: four tabs, one Save Changes; logo upload; the public site reads the same settings. */
export function ChurchSettingsPage() {
  const queryClient = useQueryClient();
  const query = useQuery(churchSettingsQuery);
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

  const set = (patch: Partial<ChurchSettings>) => setS({ ...s, ...patch });
  const text = (
    key: 'churchName' | 'denomination' | 'email' | 'phone' | 'address' | 'website' | 'pastorName',
    label: string,
    extra = {},
  ) => <TextInput label={label} value={s[key]} error={errors[key]} onChange={(e) => set({ [key]: e.currentTarget.value })} {...extra} />;

  async function save() {
    const found = validate(s!);
    setErrors(found);
    if (Object.keys(found).length) return notify.error(SETTINGS_TEXTS.saveFailed + ': ' + Object.values(found)[0]);
    setSaving(true);
    try {
      await api('/settings', { method: 'POST', body: s, schema: settingsResponse });
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

  async function uploadLogo(file: File | null) {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return notify.error(SETTINGS_TEXTS.logoTooLarge);
    const form = new FormData();
    form.append('logo', file);
    try {
      const r = await api('/settings/logo', { method: 'POST', body: form, schema: settingsResponse });
      set({ logoUrl: r.data.settings.logoUrl });
      notify.success(SETTINGS_TEXTS.logoUpdated);
      await queryClient.invalidateQueries({ queryKey: ['settings'] });
    } catch (err) {
      notify.error(err instanceof Error ? err.message : SETTINGS_TEXTS.saveFailed);
    }
  }

  return (
    <Container size="lg" py="md">
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
          <Tabs defaultValue="general">
            <Tabs.List mb="md">
              <Tabs.Tab value="general">General</Tabs.Tab>
              <Tabs.Tab value="contact">Contact Info</Tabs.Tab>
              <Tabs.Tab value="services">Service Times</Tabs.Tab>
              <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="general">
              <Stack>
                <Group>
                  <Avatar src={s.logoUrl || null} size={64} radius="md" alt="Church logo">
                    {s.churchName.slice(0, 1)}
                  </Avatar>
                  <FileButton onChange={(f) => void uploadLogo(f)} accept="image/png,image/jpeg,image/webp">
                    {(props) => (
                      <Button variant="light" {...props}>
                        Upload logo
                      </Button>
                    )}
                  </FileButton>
                  <Text size="sm" c="dimmed">
                    PNG, JPEG or WebP, up to 2 MB
                  </Text>
                </Group>
                {text('churchName', 'Church name', { required: true })}
                {text('denomination', 'Denomination')}
                <Textarea
                  label="Mission statement"
                  autosize
                  minRows={3}
                  value={s.missionStatement}
                  error={errors.missionStatement}
                  onChange={(e) => set({ missionStatement: e.currentTarget.value })}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="contact">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text('email', 'Email', { type: 'email' })}
                {text('phone', 'Phone', { type: 'tel' })}
                {text('address', 'Address')}
                {text('website', 'Website', { placeholder: 'https://' })}
                {text('pastorName', "Pastor's name")}
                {(['facebook', 'instagram', 'youtube', 'x'] as const).map((n) => (
                  <TextInput
                    key={n}
                    label={n === 'x' ? 'X (Twitter)' : n[0]!.toUpperCase() + n.slice(1)}
                    placeholder="https://"
                    value={s.socialLinks[n]}
                    error={errors[`socialLinks.${n}`]}
                    onChange={(e) => set({ socialLinks: { ...s.socialLinks, [n]: e.currentTarget.value } })}
                  />
                ))}
              </SimpleGrid>
              <PrivacyFields value={s.privacy} errors={errors} onChange={(privacy) => set({ privacy })} />
            </Tabs.Panel>
            <Tabs.Panel value="services">
              <Stack>
                {DAYS.map((d) => (
                  <SimpleGrid key={d} cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label={`${SERVICE_DAY_TITLES[d]} — time`}
                      value={s.serviceTimes[d].time}
                      onChange={(e) =>
                        set({ serviceTimes: { ...s.serviceTimes, [d]: { ...s.serviceTimes[d], time: e.currentTarget.value } } })
                      }
                    />
                    <TextInput
                      label={`${SERVICE_DAY_TITLES[d]} — location`}
                      value={s.serviceTimes[d].location}
                      onChange={(e) =>
                        set({ serviceTimes: { ...s.serviceTimes, [d]: { ...s.serviceTimes[d], location: e.currentTarget.value } } })
                      }
                    />
                  </SimpleGrid>
                ))}
              </Stack>
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
