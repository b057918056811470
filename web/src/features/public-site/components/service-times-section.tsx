import { Button, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook2, IconBuildingChurch, IconPray } from '@tabler/icons-react';
import { type PublicSettings } from '@church/contract/settings';
import { SERVICE_DAY_TITLES, SETTINGS_DEFAULTS } from '@church/contract/settings-constants';
import classes from './home.module.css';

const DAYS = [
  { key: 'sunday', Icon: IconBuildingChurch },
  { key: 'wednesday', Icon: IconBook2 },
  { key: 'friday', Icon: IconPray },
] as const;

/**
 * Spec 000 §2 service times. Until the settings arrive (or if they cannot), the
 * church's default times show: they are the settings' own defaults.
 */
export function ServiceTimesSection({
  serviceTimes,
  onPlanVisit,
}: {
  serviceTimes: PublicSettings['serviceTimes'] | undefined;
  onPlanVisit: () => void;
}) {
  const times = serviceTimes ?? SETTINGS_DEFAULTS.serviceTimes;
  return (
    <section className={classes.sectionAlt} aria-labelledby="services-title">
      <Container size="lg">
        <Stack align="center" gap={6} mb={36}>
          <Text c="gold.8" fw={700} tt="uppercase" size="sm" lts={1}>
            Join us
          </Text>
          <Title order={2} id="services-title">
            Service Times
          </Title>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {DAYS.map(({ key, Icon }) => (
            <Card key={key} withBorder radius="lg" padding="xl" className={classes.card} ta="center">
              <ThemeIcon size={52} radius="xl" variant="light" mx="auto">
                <Icon size={26} />
              </ThemeIcon>
              <Text fw={700} fz="lg" mt="md">
                {SERVICE_DAY_TITLES[key]}
              </Text>
              <Text c="navy.7" fw={600} mt={4}>
                {times[key].time || 'No gathering this week'}
              </Text>
              {times[key].location && (
                <Text size="sm" c="dimmed">
                  {times[key].location}
                </Text>
              )}
            </Card>
          ))}
        </SimpleGrid>
        <Stack align="center" mt="xl">
          <Button variant="outline" onClick={onPlanVisit}>
            Plan Your First Visit
          </Button>
        </Stack>
      </Container>
    </section>
  );
}
