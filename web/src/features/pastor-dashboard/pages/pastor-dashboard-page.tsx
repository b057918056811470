import { Alert, Button, Card, Grid, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { roleBadgeLabel } from '@church/contract/roles';
import { firstName } from '@church/contract/rules/greeting';
import { formatRand } from '@church/contract/rules/money';
import { useErrorToast } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { pastorDashboardQuery } from '../api/pastor-dashboard';
import { RecentActivity, RecentMembers, TopLists, UpcomingEvents } from '../components/lists';
import { PendingPrayers } from '../components/pending-prayers';
import { QuickActions } from '../components/quick-actions';

/** Spec 001 §2 Pastor dashboard (/pastor-dashboard), desktop and phone, inside the management layout. */
export function PastorDashboardPage() {
  const { user } = useSession();
  const isMobile = useIsMobile();
  const query = useQuery(pastorDashboardQuery());
  useErrorToast(query, 'Failed to load dashboard data');

  return (
    <Stack gap="lg" maw={1300} mx="auto">
      <div>
        <Title order={2}>{isMobile ? `Welcome, ${firstName(user?.name)}` : `Welcome, ${user?.name}`}</Title>
        {!isMobile && <Text c="gray.7">{roleBadgeLabel(user?.role ?? 'member')} · Pastor Dashboard</Text>}
      </div>
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading dashboard" />
        </Group>
      ) : query.isError ? (
        <Alert color="red" title="Failed to load dashboard data">
          <Button size="xs" variant="light" onClick={() => query.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
            {[
              ['Total Members', query.data.stats.totalMembers],
              ['New Members', query.data.stats.newMembers],
              ['Monthly Growth', `${query.data.stats.monthlyGrowth}%`],
              // Left out by the server for a caller without finance:read (an elder): no empty giving cards.
              ...(query.data.stats.totalGiving === undefined ? [] : [['Total Giving', formatRand(query.data.stats.totalGiving)]]),
              ...(query.data.stats.monthlyGiving === undefined ? [] : [['Giving This Month', formatRand(query.data.stats.monthlyGiving)]]),
              ['Prayer Requests', query.data.stats.prayerRequests],
              ['Pending Prayers', query.data.stats.pendingPrayers],
              ['Upcoming Events', query.data.stats.upcomingEvents],
              ['Average Attendance', query.data.stats.attendance],
              ['Volunteers', query.data.stats.volunteers],
              // Spec 001 §3 dashboard stats: baptism, as the server counts it (baptism dates in the last 12 months).
              ['Baptisms (12 months)', query.data.stats.baptism],
            ].map(([label, value]) => (
              <Card key={label} withBorder radius="lg" padding="sm" data-testid="stat-card">
                <Text size="xs" c="gray.7" fw={600}>
                  {label}
                </Text>
                <Text fw={800} size="xl">
                  {value}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <QuickActions user={user} phone={isMobile} />
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <PendingPrayers prayers={query.data.pendingPrayers} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack>
                <RecentActivity data={query.data} />
                <UpcomingEvents events={query.data.upcomingEvents} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: query.data.topFunds || query.data.topGivers ? 4 : 12 }}>
              <RecentMembers members={query.data.recentMembers} />
            </Grid.Col>
            {(query.data.topFunds || query.data.topGivers) && (
              <Grid.Col span={{ base: 12, md: 8 }}>
                <SimpleGrid cols={{ base: 1, sm: query.data.topFunds && query.data.topGivers ? 2 : 1 }}>
                  <TopLists data={query.data} />
                </SimpleGrid>
              </Grid.Col>
            )}
          </Grid>
        </>
      )}
    </Stack>
  );
}
