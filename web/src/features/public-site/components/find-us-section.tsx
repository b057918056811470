import { lazy, Suspense, useEffect, useState } from 'react';
import { useInViewport } from '@mantine/hooks';
import { Anchor, Card, Container, Grid, Group, Loader, Center, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone, IconUser } from '@tabler/icons-react';
import type { PublicSettings } from '@church/contract/settings';
import { SectionError } from './section-error';
import classes from './home.module.css';

// Leaflet is only needed this far down the page: load it on its own.
const ChurchMap = lazy(() => import('./church-map'));

/** Spec 000 §2 Find Our Church: address, phone, e-mail, pastor and the map. */
export function FindUsSection({
  settings,
  isError,
  onRetry,
}: {
  settings: PublicSettings | undefined;
  isError: boolean;
  onRetry: () => void;
}) {
  // Leaflet (≈45 KB gzip) loads once the map area is near the screen, not with the first paint.
  const { ref, inViewport } = useInViewport();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (inViewport) setWanted(true);
  }, [inViewport]);
  return (
    <section className={classes.sectionAlt} aria-labelledby="find-title">
      <Container size="lg">
        <Title order={2} id="find-title" ta="center" mb="xl">
          Find Our Church
        </Title>
        {isError && !settings ? (
          <SectionError message="We couldn't load our address and map." onRetry={onRetry} />
        ) : !settings ? (
          <Skeleton height={360} radius="lg" />
        ) : (
          <Grid gap="xl" align="stretch">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Card withBorder radius="lg" padding="xl" h="100%">
                <Stack gap="lg">
                  <Detail icon={<IconMapPin size={20} />} label="Address">
                    <Text data-testid="church-address">{settings.address || '—'}</Text>
                  </Detail>
                  <Detail icon={<IconPhone size={20} />} label="Phone">
                    {settings.phone ? <Anchor href={`tel:${settings.phone.replace(/\s/g, '')}`}>{settings.phone}</Anchor> : <Text>—</Text>}
                  </Detail>
                  <Detail icon={<IconMail size={20} />} label="Email">
                    {settings.email ? <Anchor href={`mailto:${settings.email}`}>{settings.email}</Anchor> : <Text>—</Text>}
                  </Detail>
                  <Detail icon={<IconUser size={20} />} label="Pastor">
                    <Text>{settings.pastorName || '—'}</Text>
                  </Detail>
                </Stack>
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <div className={classes.map} data-testid="church-map" ref={ref}>
                {!wanted ? null : settings.coordinates ? (
                  <Suspense
                    fallback={
                      <Center h="100%">
                        <Loader size="sm" />
                      </Center>
                    }
                  >
                    <ChurchMap
                      lat={settings.coordinates.lat}
                      lng={settings.coordinates.lng}
                      zoom={settings.map.zoom}
                      tileUrl={settings.map.tileUrl}
                      name={settings.churchName}
                      address={settings.address}
                    />
                  </Suspense>
                ) : (
                  <Center h="100%" p="lg">
                    <Text c="dimmed" ta="center">
                      The church has not set its map location yet.
                    </Text>
                  </Center>
                )}
              </div>
            </Grid.Col>
          </Grid>
        )}
      </Container>
    </section>
  );
}

function Detail({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <Group align="flex-start" wrap="nowrap">
      <ThemeIcon variant="light" size={40} radius="md">
        {icon}
      </ThemeIcon>
      <div>
        <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
          {label}
        </Text>
        {children}
      </div>
    </Group>
  );
}
