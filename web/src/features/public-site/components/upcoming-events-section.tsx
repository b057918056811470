import { Badge, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCalendarOff, IconClock, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type ChurchEvent } from '@church/contract/events';
import {
  ALL_DAY,
  EVENT_CANCELLED_LABEL,
  EVENT_TYPE_COLORS,
  NO_EVENTS_HINT,
  NO_EVENTS_TITLE,
  isUpcoming,
} from '@church/contract/events-constants';
import { paths } from '../../../config/paths';
import { dayAndMonth, formatEventTime } from './format';
import { SectionError } from './section-error';
import classes from './home.module.css';

interface Props {
  events: ChurchEvent[] | undefined;
  isError: boolean;
  onRetry: () => void;
  onOpen: (event: ChurchEvent) => void;
  timeZone: string;
}

/** Spec 000 §2: up to three upcoming events; a click opens the details; exact empty texts. */
export function UpcomingEventsSection({ events, isError, onRetry, onOpen, timeZone }: Props) {
  // The server already filters; the client keeps the spec's rule too (a page left open past an event).
  const upcoming = events?.filter((e) => isUpcoming(e)).slice(0, 3);
  return (
    <section className={classes.section} aria-labelledby="events-title">
      <Container size="lg">
        <Group justify="space-between" align="end" mb="xl">
          <div>
            <Text c="gold.8" fw={700} tt="uppercase" size="sm" lts={1}>
              What's on
            </Text>
            <Title order={2} id="events-title">
              Upcoming Events
            </Title>
          </div>
          {/* Issue 18: the public list of upcoming events, not the members' /mobile/events. */}
          <Button variant="light" component={Link} to={paths.upcomingEvents}>
            View All Events
          </Button>
        </Group>
        {isError && !events ? (
          <SectionError message="We couldn't load upcoming events." onRetry={onRetry} />
        ) : !upcoming ? (
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={150} radius="lg" />
            ))}
          </SimpleGrid>
        ) : upcoming.length === 0 ? (
          <Stack align="center" py="xl" gap={6}>
            <IconCalendarOff size={40} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text fw={600}>{NO_EVENTS_TITLE}</Text>
            <Text c="dimmed" size="sm">
              {NO_EVENTS_HINT}
            </Text>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {upcoming.map((e) => {
              const { day, month } = dayAndMonth(e.date, timeZone);
              return (
                <UnstyledButton
                  key={e.id}
                  onClick={() => onOpen(e)}
                  className={classes.eventCard}
                  // Named by what it shows (title, date, place): a different label would not match what a voice user reads.
                  data-testid="event-card"
                >
                  <Card withBorder radius="lg" padding="lg" className={classes.card}>
                    <Group align="flex-start" wrap="nowrap" gap="md">
                      <div className={classes.dateTile} aria-hidden>
                        <Text fw={800} fz={22}>
                          {day}
                        </Text>
                        <Text fz={11} fw={700} lts={1}>
                          {month}
                        </Text>
                      </div>
                      <Stack gap={4} style={{ minWidth: 0 }}>
                        <Text fw={700} lineClamp={2}>
                          {e.title}
                        </Text>
                        <Group gap={4} wrap="nowrap">
                          <IconClock size={14} aria-hidden />
                          <Text size="sm" c="dimmed">
                            {formatEventTime(e.time) || ALL_DAY}
                          </Text>
                        </Group>
                        {e.location && (
                          <Group gap={4} wrap="nowrap">
                            <IconMapPin size={14} aria-hidden />
                            <Text size="sm" c="dimmed" lineClamp={1}>
                              {e.location}
                            </Text>
                          </Group>
                        )}
                        <Group gap={4} mt={4}>
                          {e.cancelled && (
                            <Badge color="red" variant="filled">
                              {EVENT_CANCELLED_LABEL}
                            </Badge>
                          )}
                          <Badge color={EVENT_TYPE_COLORS[e.type]} variant="light" tt="capitalize" w="fit-content">
                            {e.type}
                          </Badge>
                        </Group>
                      </Stack>
                    </Group>
                  </Card>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        )}
      </Container>
    </section>
  );
}
