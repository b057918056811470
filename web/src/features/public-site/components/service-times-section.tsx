import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingChurch } from '@tabler/icons-react';
import type { Service } from '@church/contract/site-content';
import { EmptySectionHint } from '../../../components/site/empty-section-hint';
import { serviceHours, servicesByDay } from './service-list';
import classes from './home.module.css';

/** Spec 000 §2 service times: every service the church lists, by day, with its language and place. */
export function ServiceTimesSection({ services, onPlanVisit }: { services: readonly Service[] | undefined; onPlanVisit: () => void }) {
  if (!services) return null;
  const days = servicesByDay(services);
  if (!days.length) return <EmptySectionHint what="Service Times" tab="services" />;
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
        <SimpleGrid cols={{ base: 1, sm: Math.min(days.length, 3) }} spacing="lg">
          {days.map(({ day, label, services: list }) => (
            <Card key={day} withBorder radius="lg" padding="xl" className={classes.card} ta="center" data-testid="service-day">
              <ThemeIcon size={52} radius="xl" variant="light" mx="auto">
                <IconBuildingChurch size={26} />
              </ThemeIcon>
              <Text fw={700} fz="lg" mt="md">
                {label}
              </Text>
              <Stack gap="sm" mt="xs">
                {list.map((s, i) => (
                  <div key={i}>
                    <Text fw={600}>{s.name}</Text>
                    <Text c="navy.7" fw={600}>
                      {serviceHours(s)}
                    </Text>
                    {(s.place || s.language) && (
                      <Group gap={6} justify="center">
                        {s.place && (
                          <Text size="sm" c="dimmed">
                            {s.place}
                          </Text>
                        )}
                        {s.language && (
                          <Badge size="sm" variant="light">
                            {s.language}
                          </Badge>
                        )}
                      </Group>
                    )}
                  </div>
                ))}
              </Stack>
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
