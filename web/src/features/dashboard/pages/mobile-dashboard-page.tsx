import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isAdminType, isLeader } from '@church/contract/roles';
import { firstName } from '@church/contract/rules/greeting';
import { useGreeting } from '../components/use-greeting';
import { useT } from '../../../lib/i18n/use-t';

import { DailyVerseCard } from '../../../components/daily-verse-card';
import { ActiveAnnouncements } from '../../../components/active-announcements';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { dashboardQuery } from '../api/dashboard-data';
import { DashboardError, DashboardLoading, PartialDataNote } from '../components/dashboard-status';
import { QuickActions } from '../components/quick-actions';
import { RecentActivity } from '../components/recent-activity';
import { StatCards } from '../components/stat-cards';

/** Spec 000 §2 /mobile/dashboard: welcome banner, Back to Main Site, Refresh, verse, stats, quick actions, activity. */
export function MobileDashboardPage() {
  const { user } = useSession();
  const t = useT();
  const greet = useGreeting();
  const qc = useQueryClient();
  const query = useQuery({ ...dashboardQuery(user!), enabled: !!user });
  const leader = isLeader(user);
  return (
    <Stack gap="md">
      <Card radius="lg" padding="lg" bg="navy.8" c="white" data-testid="welcome-banner">
        <Title order={1} size="h3" c="white" data-testid="greeting">
          {greet(firstName(user?.name))}
        </Title>
        <Text size="sm" c="gray.3" mt={4}>
          {t('member.dashboard.welcomeMobile')}
        </Text>
        <Group mt="md" gap="xs">
          <Button component={Link} to={paths.home} size="xs" variant="white" color="navy" leftSection={<IconArrowLeft size={14} />}>
            {t('member.dashboard.backToSite')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="gray.0"
            leftSection={<IconRefresh size={14} />}
            loading={query.isFetching}
            onClick={() => {
              void query.refetch();
              void qc.invalidateQueries({ queryKey: ['notifications'] });
            }}
          >
            {t('member.refresh')}
          </Button>
        </Group>
      </Card>
      <DailyVerseCard />
      <ActiveAnnouncements compact />
      {query.isPending ? (
        <DashboardLoading cards={2} />
      ) : query.isError ? (
        <DashboardError onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <PartialDataNote failed={query.data.failed} onRetry={() => query.refetch()} />
          <StatCards stats={query.data.stats} leader={leader} compact />
          <QuickActions adminType={isAdminType(user)} compact />
          <RecentActivity items={query.data.activity} />
        </>
      )}
    </Stack>
  );
}
