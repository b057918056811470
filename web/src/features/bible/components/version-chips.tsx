import { Chip, Group } from '@mantine/core';
import { knownVersion, READER_VERSION_CHIPS } from '@church/contract/bible/versions';
import type { BibleVersion } from '@church/contract/bible/schemas';

/** Spec 000 §2: version chips (BSB, KJV, NIV, plus any translation imported on this server). */
export function VersionChips({
  value,
  onChange,
  versions,
}: {
  value: string;
  onChange: (v: string) => void;
  versions: BibleVersion[] | undefined;
}) {
  const ids = [
    ...READER_VERSION_CHIPS,
    ...(versions ?? []).map((v) => v.id).filter((id) => !(READER_VERSION_CHIPS as readonly string[]).includes(id)),
  ];
  return (
    <Chip.Group multiple={false} value={value} onChange={(v) => onChange(v as string)}>
      <Group gap={6} role="radiogroup" aria-label="Bible version">
        {ids.map((id) => {
          const info = versions?.find((v) => v.id === id);
          return (
            <Chip
              key={id}
              value={id}
              size="sm"
              color={info?.badgeColor ?? knownVersion(id)?.badgeColor ?? 'navy'}
              variant="light"
              title={info?.name ?? knownVersion(id)?.name}
            >
              {id}
            </Chip>
          );
        })}
      </Group>
    </Chip.Group>
  );
}
