import { Avatar, Button, FileButton, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { LANGUAGE_NAMES, LOCALES } from '@church/contract/i18n/locales';
import { isLocale } from '../../../lib/i18n/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { LOGO_MAX_BYTES, settingsResponse, SETTINGS_TEXTS, type ChurchSettings } from '@church/contract/settings';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** Time zones the browser knows (every IANA name), South Africa's first. */
const zones = () => {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['Africa/Johannesburg', ...all.filter((z) => z !== 'Africa/Johannesburg')];
};

/** General: the logo, the church's name and denomination, its time zone, the year it was founded and the member count. */
export function GeneralEditor({
  s,
  errors,
  set,
}: {
  s: ChurchSettings;
  errors: Record<string, string>;
  set: (patch: Partial<ChurchSettings>) => void;
}) {
  const queryClient = useQueryClient();
  async function uploadLogo(file: File | null) {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return notify.error(SETTINGS_TEXTS.logoTooLarge);
    const form = new FormData();
    form.append('logo', file);
    try {
      const r = await api('/settings/logo', { method: 'POST', body: form, schema: settingsResponse });
      set({ logoUrl: r.data.settings.logoUrl });
      notify.success(SETTINGS_TEXTS.logoUpdated);
      await queryClient.invalidateQueries({ queryKey: ['settings', 'public'] });
    } catch (err) {
      notify.error(err instanceof Error ? err.message : SETTINGS_TEXTS.saveFailed);
    }
  }
  return (
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
      <TextInput
        label="Church name"
        required
        value={s.churchName}
        error={errors.churchName}
        onChange={(e) => set({ churchName: e.currentTarget.value })}
      />
      <TextInput
        label="Denomination"
        value={s.denomination}
        error={errors.denomination}
        onChange={(e) => set({ denomination: e.currentTarget.value })}
      />
      <Textarea
        label="Mission statement"
        description="Shown on the home page and the About page"
        autosize
        minRows={3}
        value={s.mission}
        error={errors.mission}
        onChange={(e) => set({ mission: e.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Time zone"
          searchable
          data={zones()}
          value={s.timeZone}
          error={errors.timeZone}
          allowDeselect={false}
          onChange={(v) => v && set({ timeZone: v })}
        />
        <Select
          label="Default language"
          description="For visitors whose browser asks for none of these, and members who have not chosen"
          data={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          value={s.defaultLanguage}
          error={errors.defaultLanguage}
          allowDeselect={false}
          data-testid="default-language"
          onChange={(v) => isLocale(v) && set({ defaultLanguage: v })}
        />
        <NumberInput
          label="Year founded"
          min={1800}
          max={2100}
          value={s.founded}
          error={errors.founded}
          onChange={(v) => typeof v === 'number' && set({ founded: v })}
        />
        <NumberInput
          label="Member count shown"
          description="Empty: the active members are counted"
          min={0}
          value={s.memberCountOverride ?? ''}
          error={errors.memberCountOverride}
          onChange={(v) => set({ memberCountOverride: typeof v === 'number' ? v : null })}
        />
      </SimpleGrid>
    </Stack>
  );
}
