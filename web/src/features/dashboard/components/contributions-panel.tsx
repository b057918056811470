import { Anchor, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { UserGivingStats } from '@church/contract/giving';
import type { DashboardStats } from '@church/contract/rules/dashboard';
import { formatRand } from '@church/contract/rules/money';
import { paths } from '../../../config/paths';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** The statistics / contributions panel: your giving, and church-wide figures for admin-type roles (spec 000 §4). */
export function ContributionsPanel({ stats, giving }: { stats: DashboardStats; giving: UserGivingStats }) {
  const last = giving.recentDonations[0];
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      <Text fw={700} mb="sm">
        Your Contributions
      </Text>
      <Stack gap={8}>
        <Row label="Total given" value={formatRand(giving.totalGiven)} testId="contrib-total" />
        <Row label="Donations" value={String(giving.donationCount)} />
        <Row
          label="Last gift"
          value={
            last
              ? `${formatRand(last.amount)} · ${new Date(last.date).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' })}`
              : 'None yet'
          }
        />
        <Anchor component={Link} to={paths.mobile.giving} size="sm">
          Give online
        </Anchor>
      </Stack>
      {stats.church && (
        <>
          <Divider my="md" label="Church-wide" labelPosition="left" />
          <Stack gap={8}>
            <Row label="Total giving" value={formatRand(stats.church.totalGiving)} />
            <Row
              label="Monthly giving (estimate)"
              value={formatRand(stats.church.monthlyGivingEstimate)}
              testId="church-monthly-estimate"
            />
            <Row label="New members this month" value={String(stats.church.newMembers)} testId="church-new-members" />
          </Stack>
        </>
      )}
    </Card>
  );
}
