import { Stack, Text, Title } from '@mantine/core';
import type { ChurchSettings } from '@church/contract/settings';
import { PrivacyFields } from './privacy-fields';
import { RichTextField } from './rich-text-editor';

/** Legal: the Terms of Service (/terms) and the privacy notice with its Information Officer (/privacy). */
export function LegalEditor({
  s,
  errors,
  set,
}: {
  s: Pick<ChurchSettings, 'terms' | 'privacy'>;
  errors: Record<string, string>;
  set: (patch: Partial<ChurchSettings>) => void;
}) {
  return (
    <Stack>
      <Title order={2} size="h4">
        Terms of Service
      </Title>
      <Text size="sm" c="dimmed">
        Shown on the public Terms of Service page and linked from registration. Scripts and unsafe links are removed when you save.
      </Text>
      <RichTextField label="Terms of Service" value={s.terms} error={errors.terms} onChange={(terms) => set({ terms })} />
      <PrivacyFields value={s.privacy} errors={errors} onChange={(privacy) => set({ privacy })} />
    </Stack>
  );
}
