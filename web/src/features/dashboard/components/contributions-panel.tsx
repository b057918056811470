import { Anchor, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { UserGivingStats } from '@church/contract/giving';
import type { DashboardStats } from '@church/contract/rules/dashboard';
import { useT } from '../../../lib/i18n/use-t';
import { useFormat } from '../../../lib/i18n/use-format';
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
  const t = useT();
  const format = useFormat();
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      <Text fw={700} mb="sm">
        {t('member.contrib.title')}
      </Text>
      <Stack gap={8}>
        <Row label={t('member.contrib.total')} value={format.money(giving.totalGiven)} testId="contrib-total" />
        <Row label={t('member.contrib.count')} value={format.count(giving.donationCount)} />
        <Row
          label={t('member.contrib.last')}
          value={
            last
              ? t('member.contrib.lastValue', { amount: format.money(last.amount), date: format.date(last.date, 'medium') })
              : t('member.contrib.none')
          }
        />
        <Anchor component={Link} to={paths.mobile.giving} size="sm">
          {t('member.contrib.giveOnline')}
        </Anchor>
      </Stack>
      {stats.church && (
        <>
          <Divider my="md" label={t('member.contrib.churchWide')} labelPosition="left" />
          <Stack gap={8}>
            <Row label={t('member.contrib.churchTotal')} value={format.money(stats.church.totalGiving)} />
            <Row
              label={t('member.contrib.monthly')}
              value={format.money(stats.church.monthlyGivingEstimate)}
              testId="church-monthly-estimate"
            />
            <Row label={t('member.contrib.newMembers')} value={format.count(stats.church.newMembers)} testId="church-new-members" />
          </Stack>
        </>
      )}
    </Card>
  );
}
