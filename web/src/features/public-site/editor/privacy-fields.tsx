import { SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { PrivacySettings } from '@church/contract/settings';
import { RichTextField } from './rich-text-editor';

/**
 * The Information Officer and the privacy notice (POPIA), under Legal:
 * shown on the public /privacy page, linked from the footer and registration.
 */
export function PrivacyFields({
  value,
  errors,
  onChange,
}: {
  value: PrivacySettings;
  errors: Record<string, string>;
  onChange: (v: PrivacySettings) => void;
}) {
  const field = (key: 'officerName' | 'officerEmail' | 'officerPhone', label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      value={value[key]}
      error={errors[`privacy.${key}`]}
      onChange={(e) => onChange({ ...value, [key]: e.currentTarget.value })}
    />
  );
  return (
    <Stack gap="sm" mt="xl">
      <Title order={2} size="h4">
        Privacy (POPIA)
      </Title>
      <Text size="sm" c="dimmed">
        The Information Officer members contact about their personal information, and the notice on the public Privacy Notice page. Leave
        the notice empty to show the standard one.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {field('officerName', 'Information Officer')}
        {field('officerEmail', 'Information Officer email', 'email')}
        {field('officerPhone', 'Information Officer phone', 'tel')}
      </SimpleGrid>
      <RichTextField
        label="Privacy notice"
        value={value.notice}
        error={errors['privacy.notice']}
        onChange={(notice) => onChange({ ...value, notice })}
      />
    </Stack>
  );
}
