import { Card, Grid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isAdminType, isLeader } from '@church/contract/roles';
import { firstName } from '@church/contract/rules/greeting';
import { useGreeting } from '../components/use-greeting';
import { useT } from '../../../lib/i18n/use-t';

import { DailyVerseCard } from '../../../components/daily-verse-card';
import { ActiveAnnouncements } from '../../../components/active-announcements';
import { useSession } from '../../../lib/session';
import { dashboardQuery } from '../api/dashboard-data';
import { ContributionsPanel } from '../components/contributions-panel';
import { DashboardError, DashboardLoading, PartialDataNote } from '../components/dashboard-status';
import { QuickActions } from '../components/quick-actions';
import { RecentActivity } from '../components/recent-activity';
import { StatCards } from '../components/stat-cards';

/** Spec 000 §2 Desktop dashboard (/dashboard). */
export function DashboardPage() {
  const { user } = useSession();
  const t = useT();
  const greet = useGreeting();
  const query = useQuery({ ...dashboardQuery(user!), enabled: !!user });
  const adminType = isAdminType(user);
  const leader = isLeader(user);

  return (
    // The member desktop shell around it (header, navigation, Refresh) is the layout's: app/layouts/member-layout.tsx.
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="greeting">
          {greet(firstName(user?.name))}
        </Title>
        <Text c="dimmed">{t('member.dashboard.welcome')}</Text>
      </div>
      <DailyVerseCard />
      <ActiveAnnouncements />
      {query.isPending ? (
        <DashboardLoading cards={leader ? 6 : 4} />
      ) : query.isError ? (
        <DashboardError onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <PartialDataNote failed={query.data.failed} onRetry={() => query.refetch()} />
          <StatCards stats={query.data.stats} leader={leader} />
          <QuickActions adminType={adminType} />
          <Grid>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <RecentActivity items={query.data.activity} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <ContributionsPanel stats={query.data.stats} giving={query.data.giving} />
            </Grid.Col>
          </Grid>
        </>
      )}
      {!adminType && (
        <Card withBorder radius="lg" padding="md" bg="var(--app-surface-navy)" data-testid="member-note">
          <Text size="sm">{t('member.dashboard.memberNote')}</Text>
        </Card>
      )}
    </Stack>
  );
}
