import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { Service } from '@church/contract/site-content';
import { WEEKDAYS, WEEKDAY_LABELS } from '@church/contract/site-content-constants';
import { ServiceTimesSection } from '../components/service-times-section';
import { ListEditor } from './list-editor';
import { PreviewFrame } from './preview-frame';

const DAYS = WEEKDAYS.map((d) => ({ value: d, label: WEEKDAY_LABELS[d] }));

/** Service Times: any number of services on any day, each with its time, name, language and place. */
export function ServicesEditor({
  services,
  errors,
  onChange,
}: {
  services: Service[];
  errors: Record<string, string>;
  onChange: (services: Service[]) => void;
}) {
  const err = (i: number, key: keyof Service) => errors[`services.${i}.${key}`];
  return (
    <Stack>
      <ListEditor
        items={services}
        onChange={onChange}
        max={30}
        make={(): Service => ({ day: 'sunday', time: '10:00', endTime: '', name: '', language: '', place: '' })}
        itemLabel={(i) => `Service ${i + 1}`}
        addLabel="Add service"
        empty="No services listed: the Service Times section is hidden from visitors."
        renderItem={(s, i, update) => (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            <Select
              label="Day"
              data={DAYS}
              value={s.day}
              allowDeselect={false}
              onChange={(v) => v && update({ day: v as Service['day'] })}
            />
            <TextInput
              label="Starts"
              type="time"
              required
              value={s.time}
              error={err(i, 'time')}
              onChange={(e) => update({ time: e.currentTarget.value })}
            />
            <TextInput
              label="Ends"
              type="time"
              value={s.endTime}
              error={err(i, 'endTime')}
              onChange={(e) => update({ endTime: e.currentTarget.value })}
            />
            <TextInput
              label="Name"
              required
              placeholder="Morning Service"
              value={s.name}
              error={err(i, 'name')}
              onChange={(e) => update({ name: e.currentTarget.value })}
            />
            <TextInput
              label="Language"
              placeholder="Afrikaans"
              value={s.language}
              error={err(i, 'language')}
              onChange={(e) => update({ language: e.currentTarget.value })}
            />
            <TextInput
              label="Place"
              placeholder="Main Sanctuary"
              value={s.place}
              error={err(i, 'place')}
              onChange={(e) => update({ place: e.currentTarget.value })}
            />
          </SimpleGrid>
        )}
      />
      <Text size="sm" c="dimmed">
        Times are in the church&apos;s time zone, on the 24-hour clock.
      </Text>
      <PreviewFrame label="Preview of Service Times">
        <ServiceTimesSection services={services} onPlanVisit={() => undefined} />
      </PreviewFrame>
    </Stack>
  );
}
