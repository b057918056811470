import { Button, Card, Grid, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { givingStatsQuery } from '../api/giving';
import { DonationForm } from '../components/donation-form';
import { GivingHistory } from '../components/giving-history';
import { PaymentReturn } from '../components/payment-return';
import { RecurringGifts } from '../components/recurring-gifts';
import { MyCertificates } from '../components/my-certificates';
import { MyStatement } from '../components/my-statement';
import { useT } from '../../../lib/i18n/use-t';
import { useFormat } from '../../../lib/i18n/use-format';
import { MyTaxDetails } from '../components/my-tax-details';

/** Spec 000 §2 /mobile/giving: total given, a donation form, giving history — giving on the left, records on the right where there is room. */
export function MobileGivingPage() {
  const stats = useQuery(givingStatsQuery());
  const t = useT();
  const format = useFormat();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('member.giving.title')}
      </Title>
      <PaymentReturn />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Card radius="lg" padding="lg" bg="var(--mantine-color-green-filled)" c="white">
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text size="sm" c="green.0">
                    {t('member.giving.total')}
                  </Text>
                  {stats.isPending ? (
                    <Skeleton height={30} width={140} mt={6} />
                  ) : stats.isError ? (
                    <Group gap="xs" mt={6}>
                      <Text fw={700}>{t('member.giving.statsFailed')}</Text>
                      <Button size="compact-xs" variant="white" color="green" onClick={() => stats.refetch()}>
                        {t('member.retry')}
                      </Button>
                    </Group>
                  ) : (
                    <>
                      <Text fz={30} fw={800} data-testid="total-given">
                        {format.money(stats.data.totalGiven)}
                      </Text>
                      <Text size="xs" c="green.0" data-testid="donation-count">
                        {t('member.giving.count', { count: stats.data.donationCount })}
                      </Text>
                    </>
                  )}
                </div>
                <ThemeIcon size={52} radius="xl" color="green.9" variant="filled">
                  <IconCoin size={30} />
                </ThemeIcon>
              </Group>
            </Card>
            <DonationForm />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <GivingHistory />
            <RecurringGifts />
            <MyStatement />
            <MyCertificates />
            <MyTaxDetails />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
