import { Alert, Button, Card, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CARE_TEXTS, type AlertPreferences } from '@church/contract/care';
import { notify } from '../../../lib/notify';
import { alertPreferencesQuery, useSaveAlertPreferences } from '../api/care';

const TOPICS: { key: keyof AlertPreferences; label: string; description: string }[] = [
  { key: 'visitors', label: 'New visitors', description: 'Someone fills in the Join Us form on the home page' },
  { key: 'contactMessages', label: 'Contact messages', description: 'Someone writes through the Contact form' },
  { key: 'prayers', label: 'Prayer requests', description: "A new prayer request (when the church's prayer alerts are on)" },
  {
    key: 'emailAlerts',
    label: 'Also send me an e-mail',
    description: "Besides the in-app notification; only when the church's e-mail notifications are on and mail is set up",
  },
];

/**
 * The signed-in leader's own alert choices (GET/PUT /care/alert-preferences).
 * Every topic is on and e-mail off until the leader saves something else.
 */
export function AlertPreferencesPanel() {
  const query = useQuery(alertPreferencesQuery());
  const save = useSaveAlertPreferences();
  const [form, setForm] = useState<AlertPreferences | null>(null);
  useEffect(() => {
    if (query.data) setForm(query.data);
  }, [query.data]);

  const changed = !!form && !!query.data && TOPICS.some((t) => form[t.key] !== query.data[t.key]);
  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    if (!form) return;
    try {
      await save.mutateAsync(form);
      notify.success(CARE_TEXTS.alertsSaved);
    } catch {
      notify.error(CARE_TEXTS.alertsFailed);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={submit} aria-labelledby="alert-preferences-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="alert-preferences-title">
          My alerts
        </Title>
        <Text size="sm" c="dimmed">
          Choose what you are told about when someone reaches out to the church.
        </Text>
        {query.isError && <Alert color="red">{CARE_TEXTS.loadFailed}</Alert>}
        {query.isPending && <Loader size="sm" aria-label="Loading your alert choices" />}
        {form &&
          TOPICS.map((t) => (
            <Switch
              key={t.key}
              label={t.label}
              description={t.description}
              checked={form[t.key]}
              disabled={save.isPending}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setForm((f) => f && { ...f, [t.key]: checked });
              }}
            />
          ))}
        {form && (
          <Button type="submit" loading={save.isPending} disabled={!changed} style={{ alignSelf: 'flex-start' }}>
            Save alert choices
          </Button>
        )}
      </Stack>
    </Card>
  );
}
