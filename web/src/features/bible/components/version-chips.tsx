import { Chip, Group, Stack, Text } from '@mantine/core';
import { knownVersion, READER_VERSION_CHIPS } from '@church/contract/bible/versions';
import { useT } from '../../../lib/i18n/use-t';
import type { BibleVersion } from '@church/contract/bible/schemas';

/**
 * Spec 000 §2: version chips (BSB, KJV, NIV, plus any translation imported on
 * this server). A translation the server cannot serve (NIV is under copyright)
 * keeps its chip, disabled and saying why, rather than offering text it cannot show.
 */
export function VersionChips({
  value,
  onChange,
  versions,
}: {
  value: string;
  onChange: (v: string) => void;
  versions: BibleVersion[] | undefined;
}) {
  const t = useT();
  const ids = [
    ...READER_VERSION_CHIPS,
    ...(versions ?? []).map((v) => v.id).filter((id) => !(READER_VERSION_CHIPS as readonly string[]).includes(id)),
  ];
  // Until the server's list arrives, only the shipped translation counts as readable.
  const readable = (id: string) => versions?.find((v) => v.id === id)?.available ?? id === 'BSB';
  const unavailable = versions ? ids.filter((id) => !readable(id)) : [];
  // Offline (load-shedding, no data): the server says which translations it cannot reach now, apart from the unlicensed.
  const unreachable = unavailable.filter((id) => versions?.find((v) => v.id === id)?.reason === 'unreachable');
  const unlicensed = unavailable.filter((id) => !unreachable.includes(id));
  return (
    <Stack gap={4}>
      <Chip.Group multiple={false} value={value} onChange={(v) => onChange(v as string)}>
        {/* The translations' own names and abbreviations: not ours to translate. */}
        <Group gap={6} role="radiogroup" aria-label={t('bible.version')} data-user-content>
          {ids.map((id) => {
            const info = versions?.find((v) => v.id === id);
            const off = versions !== undefined && !readable(id);
            return (
              <Chip
                key={id}
                value={id}
                size="sm"
                color={info?.badgeColor ?? knownVersion(id)?.badgeColor ?? 'navy'}
                variant="light"
                disabled={off}
                title={
                  off
                    ? t(unreachable.includes(id) ? 'bible.versionUnreachable' : 'bible.versionUnavailable', { name: info?.name ?? id })
                    : (info?.name ?? knownVersion(id)?.name)
                }
                aria-describedby={off ? 'bible-version-note' : undefined}
              >
                {id}
              </Chip>
            );
          })}
        </Group>
      </Chip.Group>
      {unavailable.length > 0 && (
        <Stack id="bible-version-note" gap={0}>
          {unlicensed.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('bible.notLicensed', { count: unlicensed.length, versions: unlicensed.join(', ') })}
            </Text>
          )}
          {unreachable.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('bible.unreachableNote', { versions: unreachable.join(', ') })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
