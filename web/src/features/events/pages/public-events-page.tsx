import { Alert, Anchor, Button, Card, Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { NO_EVENTS_HINT, NO_EVENTS_TITLE } from '@church/contract/events-constants';
import { PublicPage } from '../../../components/site/public-page';
import { paths } from '../../../config/paths';
import { upcomingEventsQuery } from '../api/events';
import { useChurchTimeZone } from '../../../lib/church-time';
import { PublicEventFacts } from '../components/public-event-facts';
import { RegisterToAttend } from '../components/register-to-attend';

/**
 * The public list of upcoming events (issue 18: the home page's View All
 * Events): every upcoming event with its details link and Register to Attend.
 * Visitors and members alike; a member sees which ones they registered for.
 */
export function PublicEventsPage() {
  const query = useQuery(upcomingEventsQuery());
  const timeZone = useChurchTimeZone();
  return (
    <PublicPage title="Upcoming Events" subtitle="Services, studies, outreach and fellowship: come and join us.">
      <Container size="lg" py={40}>
        {query.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={260} radius="lg" />
            ))}
          </SimpleGrid>
        ) : query.isError ? (
          <Alert color="red" title="Failed to load events">
            <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : query.data.length === 0 ? (
          <Stack align="center" py={60} gap={6}>
            <IconCalendarOff size={40} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text fw={600}>{NO_EVENTS_TITLE}</Text>
            <Text c="dimmed" size="sm">
              {NO_EVENTS_HINT}
            </Text>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {query.data.map((e) => (
              <Card key={e.id} withBorder radius="lg" padding="lg" data-testid="public-event">
                <Stack gap="sm" h="100%">
                  <Title order={2} fz="lg">
                    <Anchor component={Link} to={paths.upcomingEvent(e.id)} c="inherit">
                      {e.title}
                    </Anchor>
                  </Title>
                  {e.description && (
                    <Text size="sm" c="dimmed" lineClamp={3}>
                      {e.description}
                    </Text>
                  )}
                  <PublicEventFacts event={e} timeZone={timeZone} />
                  <Stack gap={4} mt="auto">
                    <RegisterToAttend event={e} fullWidth />
                  </Stack>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Container>
    </PublicPage>
  );
}
