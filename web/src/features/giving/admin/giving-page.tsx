import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { can } from '@church/contract/roles';
import { formatRand } from '@church/contract/rules/money';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { donationsQuery } from '../api/admin';
import { BankStatementsPanel } from './bank-statements-panel';
import { BatchesPanel } from './batches-panel';
import { FundsPanel } from './funds-panel';
import { GivingTrend } from './giving-trend';
import { GoalsPanel } from './goals-panel';
import { StatementsPanel } from './statements-panel';
import { PaymentAccount } from './payment-account';
import { TaxPanels } from './tax-panels';

/** Spec 001 §2 /giving: the overview, and the treasurer's work (batches, funds, tax). */
export function GivingPage() {
  const { user } = useSession();
  const manage = can(user, 'finance:manage');
  // Where card gifts are paid: administrators only (a granted treasurer manages the books, not the account).
  const configurePayments = can(user, 'payments:configure');
  const month = useQuery(donationsQuery({ period: 'month', fund: null, page: 1 }));
  const year = useQuery(donationsQuery({ period: 'year', fund: null, page: 1 }));
  const figures: Array<[string, number | undefined, boolean]> = [
    ['This month', month.data?.summary.totalDonations, true],
    ['This year', year.data?.summary.totalDonations, true],
    ['Donors this year', year.data?.summary.activeDonors, false],
    ['Monthly average this year', year.data?.summary.monthlyAverage, true],
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Giving &amp; Donations</Title>
        <Button component={Link} to={paths.donations} variant="light">
          All donations
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {figures.map(([label, value, money]) => (
          <Card key={label} withBorder radius="md">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            {value === undefined ? (
              <Skeleton height={28} mt={4} />
            ) : (
              <Text fz={{ base: 18, sm: 22 }} fw={800} style={{ whiteSpace: 'nowrap' }}>
                {money ? formatRand(value) : value}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <GivingTrend />
        <GoalsPanel manage={manage} />
      </SimpleGrid>
      <Tabs defaultValue="batches" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="batches">Batches</Tabs.Tab>
          <Tabs.Tab value="bank">Bank statements</Tabs.Tab>
          <Tabs.Tab value="funds">Funds</Tabs.Tab>
          {manage && <Tabs.Tab value="statements">Giving statements</Tabs.Tab>}
          <Tabs.Tab value="certificates">Tax certificates</Tabs.Tab>
          <Tabs.Tab value="tax">Tax &amp; banking</Tabs.Tab>
          {configurePayments && <Tabs.Tab value="card">Card payments</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="batches" pt="md">
          <BatchesPanel manage={manage} />
        </Tabs.Panel>
        <Tabs.Panel value="bank" pt="md">
          <BankStatementsPanel manage={manage} />
        </Tabs.Panel>
        <Tabs.Panel value="funds" pt="md">
          <FundsPanel manage={manage} />
        </Tabs.Panel>
        {manage && (
          <Tabs.Panel value="statements" pt="md">
            <StatementsPanel />
          </Tabs.Panel>
        )}
        <TaxPanels manage={manage} />
        {configurePayments && (
          <Tabs.Panel value="card" pt="md">
            <PaymentAccount />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
