import { lazy, Suspense } from 'react';
import { Button, Group, Loader, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ChurchSettings } from '@church/contract/settings';

const MapPinPicker = lazy(() => import('./map-pin-picker'));

type Contact = Pick<ChurchSettings, 'email' | 'phone' | 'address' | 'website' | 'pastorName' | 'socialLinks' | 'coordinates'>;
const SOCIAL = [
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['youtube', 'YouTube'],
  ['x', 'X (Twitter)'],
] as const;

/** Contact Info and location: details, social links and the pin on the map. */
export function LocationEditor({
  s,
  errors,
  tileUrl,
  set,
}: {
  s: Contact;
  errors: Record<string, string>;
  tileUrl: string;
  set: (patch: Partial<ChurchSettings>) => void;
}) {
  const text = (key: 'email' | 'phone' | 'address' | 'website' | 'pastorName', label: string, extra = {}) => (
    <TextInput label={label} value={s[key]} error={errors[key]} onChange={(e) => set({ [key]: e.currentTarget.value })} {...extra} />
  );
  const coord = (key: 'lat' | 'lng', label: string) => (
    <NumberInput
      label={label}
      decimalScale={6}
      value={s.coordinates?.[key] ?? ''}
      error={errors[`coordinates.${key}`]}
      onChange={(v) => {
        const n = typeof v === 'number' ? v : Number.NaN;
        const other = key === 'lat' ? 'lng' : 'lat';
        if (Number.isFinite(n)) set({ coordinates: { lat: 0, lng: 0, ...s.coordinates, [key]: n } as { lat: number; lng: number } });
        else if (!s.coordinates?.[other]) set({ coordinates: null });
      }}
    />
  );
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('email', 'Email', { type: 'email' })}
        {text('phone', 'Phone', { type: 'tel' })}
        {text('address', 'Address')}
        {text('website', 'Website', { placeholder: 'https://' })}
        {text('pastorName', "Pastor's name")}
        {SOCIAL.map(([n, label]) => (
          <TextInput
            key={n}
            label={label}
            placeholder="https://"
            value={s.socialLinks[n]}
            error={errors[`socialLinks.${n}`]}
            onChange={(e) => set({ socialLinks: { ...s.socialLinks, [n]: e.currentTarget.value } })}
          />
        ))}
      </SimpleGrid>
      <Title order={3} size="h5" mt="md">
        Map location
      </Title>
      <Text size="sm" c="dimmed">
        Click the map where the church is, or drag the pin. Without a pin the map is not shown on the site.
      </Text>
      <Group align="flex-end">
        {coord('lat', 'Latitude')}
        {coord('lng', 'Longitude')}
        {s.coordinates && (
          <Button variant="subtle" color="red" onClick={() => set({ coordinates: null })}>
            Remove pin
          </Button>
        )}
      </Group>
      <Suspense fallback={<Loader size="sm" />}>
        <MapPinPicker value={s.coordinates} tileUrl={tileUrl} onChange={(coordinates) => set({ coordinates })} />
      </Suspense>
    </Stack>
  );
}
