import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { resolveHomeStats, type HomeStat } from '@church/contract/site-content';
import type { PublicSettings } from '@church/contract/settings';
import { StatsStrip } from '../components/stats-strip';
import { ListEditor } from './list-editor';
import { PreviewFrame } from './preview-frame';

const SOURCES = [
  { value: 'members', label: 'Counted: active members (or the member count below)' },
  { value: 'founded', label: 'The year founded' },
  { value: 'upcomingEvents', label: 'Counted: upcoming events' },
  { value: 'recentPrayers', label: 'Counted: prayer requests in the last 30 days' },
  { value: 'entered', label: 'Entered by hand' },
];

/** Home page → figures: up to four, each counted from the church's data or entered; a figure with nothing to show is hidden. */
export function HomeStatsEditor({
  stats,
  founded,
  memberCountOverride,
  counted,
  errors,
  onChange,
}: {
  stats: HomeStat[];
  founded: number;
  memberCountOverride: number | null;
  counted: PublicSettings['stats'] | undefined;
  errors: Record<string, string>;
  onChange: (stats: HomeStat[]) => void;
}) {
  const figures = {
    members: memberCountOverride ?? counted?.members ?? 0,
    founded,
    upcomingEvents: counted?.upcomingEvents ?? 0,
    recentPrayers: counted?.recentPrayers ?? null,
  };
  const shown = resolveHomeStats(stats, figures);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Counted figures update by themselves. A figure that is zero or unknown is not shown; with none to show, the strip is hidden.
      </Text>
      <ListEditor
        items={stats}
        onChange={onChange}
        max={4}
        make={(): HomeStat => ({ label: 'Languages', source: 'entered', value: '' })}
        itemLabel={(i) => `Figure ${i + 1}`}
        addLabel="Add figure"
        renderItem={(s, i, update) => (
          <SimpleGrid cols={{ base: 1, sm: s.source === 'entered' ? 3 : 2 }}>
            <TextInput
              label="Label"
              required
              value={s.label}
              error={errors[`homeStats.${i}.label`]}
              onChange={(e) => update({ label: e.currentTarget.value })}
            />
            <Select
              label="Figure"
              data={SOURCES}
              value={s.source}
              allowDeselect={false}
              onChange={(v) => v && update({ source: v as HomeStat['source'] })}
            />
            {s.source === 'entered' && (
              <TextInput
                label="Value"
                value={s.value}
                error={errors[`homeStats.${i}.value`]}
                onChange={(e) => update({ value: e.currentTarget.value })}
              />
            )}
          </SimpleGrid>
        )}
      />
      <PreviewFrame label="Preview of the figures">
        {shown.length ? (
          <StatsStrip stats={shown} />
        ) : (
          <Text p="md" c="dimmed">
            Nothing to show yet: the strip is hidden from visitors.
          </Text>
        )}
      </PreviewFrame>
    </Stack>
  );
}
