import { useEffect, useRef } from 'react';
import { Alert, Anchor, Button, Card, Container, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../../app/document-title';
import { PublicPage } from '../../../components/site/public-page';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { eventDetailQuery } from '../api/events';
import { useChurchTimeZone } from '../../../lib/church-time';
import { PublicEventFacts } from '../components/public-event-facts';
import { RegisterToAttend, useRegisterToAttend } from '../components/register-to-attend';

/**
 * One event, public (issue 18): its details and Register to Attend. A visitor
 * who chose Register to Attend and then signed up (or in) arrives back here
 * with that intent in the router state and is registered once.
 */
export function PublicEventPage() {
  const { id = '' } = useParams();
  const query = useQuery(eventDetailQuery(id));
  const timeZone = useChurchTimeZone();
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const register = useRegisterToAttend();
  const done = useRef(false);
  usePageTitle(query.data?.title);

  const wantsToRegister = (location.state as { register?: boolean } | null)?.register === true;
  const event = query.data;
  useEffect(() => {
    if (!wantsToRegister || !user || !event || done.current) return;
    done.current = true;
    // Clear the intent first, so a reload or Back does not register again.
    navigate(location.pathname, { replace: true, state: null });
    if (!event.registered && !event.waitlisted) void register.run(event.id);
  }, [wantsToRegister, user, event, navigate, location.pathname, register]);

  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return (
    <PublicPage title={event?.title ?? 'Event'}>
      <Container size="lg" py={40}>
        <Anchor component={Link} to={paths.upcomingEvents} size="sm" mb="lg" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
          <IconArrowLeft size={14} aria-hidden /> All upcoming events
        </Anchor>
        {query.isPending ? (
          <Skeleton height={220} radius="lg" />
        ) : query.isError ? (
          <Alert color={notFound ? 'yellow' : 'red'} title={notFound ? 'Event not found' : 'Failed to load event'}>
            {notFound ? (
              <Text size="sm">It may have been cancelled. See the other upcoming events.</Text>
            ) : (
              <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
                Retry
              </Button>
            )}
          </Alert>
        ) : (
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                <Title order={2} fz="xl">
                  About this event
                </Title>
                <Text style={{ whiteSpace: 'pre-line' }}>{query.data.description || 'More details will follow.'}</Text>
                {query.data.speaker && (
                  <Text>
                    <Text span fw={600}>
                      Speaker:
                    </Text>{' '}
                    {query.data.speaker}
                  </Text>
                )}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Card withBorder radius="lg" padding="lg">
                <Stack gap="md">
                  <PublicEventFacts event={query.data} timeZone={timeZone} size="md" />
                  <RegisterToAttend event={query.data} fullWidth />
                </Stack>
              </Card>
            </Grid.Col>
          </Grid>
        )}
      </Container>
    </PublicPage>
  );
}
