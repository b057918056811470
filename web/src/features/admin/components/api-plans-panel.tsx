import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TIERS, TRIAL_DAYS, type ApiPlanRequest } from '@church/contract/developers';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { apiPlansQuery, useApprovePlan } from '../api/api-plans';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-ZA', { dateStyle: 'medium' });

function Request({ r }: { r: ApiPlanRequest }) {
  const approve = useApprovePlan();
  const tier = TIERS[r.pricingTier];
  return (
    <Card withBorder radius="md" p="md" data-testid="api-plan-request">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Group gap="xs">
          <Text fw={700}>{r.developer.name}</Text>
          <Badge variant="light">{tier.name}</Badge>
          <Badge color="yellow" variant="dot">
            Waiting since {day(r.createdAt)}
          </Badge>
        </Group>
        <Button
          size="xs"
          loading={approve.isPending}
          onClick={() =>
            approve.mutate(r.id, {
              onSuccess: () => notify.success(`${tier.name} plan approved for ${r.developer.name}`),
              onError: (e) => notify.error(e instanceof ApiError ? e.message : 'Could not approve the plan'),
            })
          }
        >
          Approve plan
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
        <Text size="sm">
          {r.developer.email}
          {r.developer.company ? ` · ${r.developer.company}` : ''}
        </Text>
        <Text size="sm">
          Key &ldquo;{r.name}&rdquo; · {r.monthlyRequests.toLocaleString('en-US')} requests this month
        </Text>
        {r.developer.website && <Text size="sm">{r.developer.website}</Text>}
        <Text size="sm" c="gray.7">
          ${tier.priceMonthly}/month or ${tier.priceYearly}/year · {tier.requestsPerHour.toLocaleString('en-US')} requests/hour
        </Text>
      </SimpleGrid>
      {r.developer.projectDescription && (
        <Text size="sm" mt="xs" c="gray.8">
          &ldquo;{r.developer.projectDescription}&rdquo;
        </Text>
      )}
    </Card>
  );
}

/**
 * Admin Panel, API plans: developers' paid plans waiting for the church. There is no payment provider;
 * approving is the church saying the plan is arranged (billing happens outside the platform).
 */
export function ApiPlansPanel() {
  const q = useQuery(apiPlansQuery());
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        A paid API key works as a Free key until you approve its plan. Approve it once its billing is arranged with the developer (the
        first {TRIAL_DAYS} days are a free trial): the key then has its plan&apos;s limits and webhooks, and may write as its owner&apos;s
        role allows.
      </Text>
      {q.isPending ? (
        <Skeleton height={160} />
      ) : q.isError ? (
        <Alert color="red">Failed to load the API plans</Alert>
      ) : q.data.length === 0 ? (
        <Text c="dimmed">No API plans are waiting for approval.</Text>
      ) : (
        q.data.map((r) => <Request key={r.id} r={r} />)
      )}
    </Stack>
  );
}
