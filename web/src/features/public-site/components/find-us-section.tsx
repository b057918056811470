import { lazy, Suspense, useEffect, useState } from 'react';
import { useInViewport } from '@mantine/hooks';
import { Anchor, Card, Container, Grid, Group, Loader, Center, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone, IconUser } from '@tabler/icons-react';
import type { PublicSettings } from '@church/contract/settings';
import { EmptySectionHint } from '../../../components/site/empty-section-hint';
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
  const hasDetails = !!settings && !!(settings.address || settings.phone || settings.email || settings.pastorName);
  if (settings && !hasDetails && !settings.coordinates) return <EmptySectionHint what="Find Our Church" tab="location" />;
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
          <Grid gap="xl" align="stretch" justify="center">
            {hasDetails && (
              <Grid.Col span={{ base: 12, md: settings.coordinates ? 5 : 7 }}>
                <Card withBorder radius="lg" padding="xl" h="100%">
                  <Stack gap="lg">
                    {settings.address && (
                      <Detail icon={<IconMapPin size={20} />} label="Address">
                        <Text data-testid="church-address">{settings.address}</Text>
                      </Detail>
                    )}
                    {settings.phone && (
                      <Detail icon={<IconPhone size={20} />} label="Phone">
                        <Anchor href={`tel:${settings.phone.replace(/\s/g, '')}`}>{settings.phone}</Anchor>
                      </Detail>
                    )}
                    {settings.email && (
                      <Detail icon={<IconMail size={20} />} label="Email">
                        <Anchor href={`mailto:${settings.email}`}>{settings.email}</Anchor>
                      </Detail>
                    )}
                    {settings.pastorName && (
                      <Detail icon={<IconUser size={20} />} label="Pastor">
                        <Text>{settings.pastorName}</Text>
                      </Detail>
                    )}
                  </Stack>
                </Card>
              </Grid.Col>
            )}
            {settings.coordinates ? (
              <Grid.Col span={{ base: 12, md: hasDetails ? 7 : 12 }}>
                <div className={classes.map} data-testid="church-map" ref={ref}>
                  {!wanted ? null : (
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
                  )}
                </div>
              </Grid.Col>
            ) : (
              <Grid.Col span={12}>
                <EmptySectionHint what="The map" tab="location" />
              </Grid.Col>
            )}
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
