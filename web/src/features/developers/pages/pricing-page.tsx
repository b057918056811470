import { useState } from 'react';
import { Badge, Button, Card, List, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PAY_PER_USE, PLAN_TERMS, PRICING_TIERS, TIERS, TRIAL_DAYS, YEARLY_SAVING_LABEL } from '@church/contract/developers';
import { paths } from '../../../config/paths';
import { DeveloperShell } from '../components/developer-shell';

const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: n % 1 ? 2 : 0, maximumFractionDigits: 3 })}`;

/** Spec 002 §2.8 and §9, from the same tier table the server enforces. */
export function PricingPage() {
  const [interval, setInterval] = useState<'monthly' | 'yearly'>('monthly');
  return (
    <DeveloperShell title="Pricing" subtitle="Simple plans for every church integration">
      <Stack align="center" mb="xl">
        <SegmentedControl
          value={interval}
          onChange={(v) => setInterval(v as 'monthly' | 'yearly')}
          data={[
            { value: 'monthly', label: 'Monthly' },
            { value: 'yearly', label: `Yearly (${YEARLY_SAVING_LABEL})` },
          ]}
          aria-label="Billing interval"
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {PRICING_TIERS.map((id) => {
          const t = TIERS[id];
          const price = interval === 'yearly' && t.priceYearly !== null ? t.priceYearly : t.priceMonthly;
          return (
            <Card
              key={id}
              withBorder
              radius="md"
              p="lg"
              shadow={t.popular ? 'md' : undefined}
              style={t.popular ? { borderColor: 'var(--mantine-color-blue-6)' } : undefined}
            >
              <Stack gap="sm" h="100%">
                <Title order={2} size="h3">
                  {t.name} {t.popular && <Badge ml="xs">Popular</Badge>}
                </Title>
                <Text>
                  <Text span fz={32} fw={700}>
                    {usd(price)}
                  </Text>{' '}
                  <Text span c="gray.7">
                    /{interval === 'yearly' && t.priceYearly !== null ? 'year' : 'month'}
                  </Text>
                </Text>
                <Text size="sm" c="gray.7">
                  {t.priceMonthly === 0 ? 'No credit card required' : `${TRIAL_DAYS}-day free trial`}
                </Text>
                <List size="sm" spacing={4} style={{ flex: 1 }}>
                  {t.features.map((f) => (
                    <List.Item key={f}>{f}</List.Item>
                  ))}
                </List>
                <Button component={Link} to={paths.developerRegister} variant={t.popular ? 'filled' : 'default'}>
                  {t.priceMonthly === 0 ? 'Start free' : 'Start trial'}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <Card withBorder radius="md" mt="xl" p="lg">
        <Title order={2} size="h4" mb="sm">
          Pay-per-use
        </Title>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Extra requests beyond your plan</Table.Td>
              <Table.Td>{usd(PAY_PER_USE.perExtraRequest)} per request</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Storage</Table.Td>
              <Table.Td>{usd(PAY_PER_USE.storagePerMbMonth)} per MB per month</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Priority support</Table.Td>
              <Table.Td>{usd(PAY_PER_USE.prioritySupportMonthly)} per month</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" c="gray.7" mt="md">
          {PLAN_TERMS.limits}
        </Text>
      </Card>
      <Card withBorder radius="md" mt="xl" p="lg">
        <Title order={2} size="h4" mb="sm">
          How plans work
        </Title>
        <Text size="sm" mb="xs">
          There is no online payment here: you pick a tier when you create a key, and the church office arranges billing for paid tiers
          (contact it to upgrade or to be invoiced).
        </Text>
        <List size="sm" spacing={6}>
          <List.Item>{PLAN_TERMS.trial}</List.Item>
          <List.Item>{PLAN_TERMS.freeExpiry}</List.Item>
          <List.Item>{PLAN_TERMS.retention}</List.Item>
        </List>
      </Card>
    </DeveloperShell>
  );
}
