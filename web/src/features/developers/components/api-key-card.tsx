import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { usageColor, type ApiKey } from '@church/contract/developers';
import { CopyTextButton } from './copy-text-button';

const when = (iso: string | null, fallback = 'Never') =>
  iso ? new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' }) : fallback;

/** An unapproved paid plan: what the key may do now, and what the church's approval changes. */
function PlanNote({ k }: { k: ApiKey }) {
  if (k.planStatus !== 'pending') return null;
  return (
    <Alert color="yellow" variant="light" p="xs" mb="sm" data-testid="plan-note">
      Waiting for the church&apos;s approval: until then the key has the Free plan&apos;s limits and permissions. Ask the church office to
      approve the {k.pricingTier} plan.
    </Alert>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** One key with every field of spec 002 §2.7 and its usage bar (green ≤ 75 %, yellow > 75 %, red > 90 %). */
export function ApiKeyCard({ apiKey: k, onRevoke }: { apiKey: ApiKey; onRevoke: (k: ApiKey) => void }) {
  const percent = Math.min(100, (k.usage.monthlyRequests / k.rateLimit.requestsPerMonth) * 100);
  return (
    <Card withBorder radius="md" p="md" data-testid="api-key-card">
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Group gap="xs">
          <Text fw={700}>{k.name}</Text>
          <Badge variant="light">{k.pricingTier}</Badge>
          {k.planStatus === 'approved' && (
            <Badge color="teal" variant="outline">
              Approved
            </Badge>
          )}
          <Badge color={k.isActive ? 'green' : 'gray'} variant="dot">
            {k.isActive ? 'Active' : 'Expired'}
          </Badge>
        </Group>
        <Button color="red" variant="light" size="xs" onClick={() => onRevoke(k)}>
          Revoke
        </Button>
      </Group>
      <PlanNote k={k} />
      {k.description && (
        <Text size="sm" c="gray.7" mb="xs">
          {k.description}
        </Text>
      )}
      <Group gap={4} mb="sm">
        <Text ff="monospace" size="sm">
          {k.keyPreview}
        </Text>
        <CopyTextButton value={k.id} label="Copy key ID" />
      </Group>
      <Stack gap={4} mb="sm">
        <Group justify="space-between">
          <Text size="sm">
            {k.usage.monthlyRequests.toLocaleString('en-US')} / {k.rateLimit.requestsPerMonth.toLocaleString('en-US')} requests this month
          </Text>
          <Text size="sm" c="gray.7">
            {percent.toFixed(1)}%
          </Text>
        </Group>
        <Progress value={percent} color={usageColor(percent)} aria-label={`Monthly usage ${percent.toFixed(1)}%`} />
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Field label="Rate limit">
          {k.rateLimit.requestsPerHour.toLocaleString('en-US')}/hour · {k.rateLimit.requestsPerMonth.toLocaleString('en-US')}/month
        </Field>
        <Field label="Total requests">
          <span data-testid="total-requests">{k.usage.totalRequests.toLocaleString('en-US')}</span>
        </Field>
        <Field label="Last used">{when(k.usage.lastUsed)}</Field>
        <Field label="Period start">{when(k.usage.currentPeriodStart)}</Field>
        <Field label="Created">{when(k.createdAt)}</Field>
        <Field label="Expires">{when(k.expiresAt, 'Never')}</Field>
        <Field label="Requests this month">{k.usageStats.requestsThisMonth.toLocaleString('en-US')}</Field>
        <Field label="Permissions">{k.permissions.join(', ')}</Field>
      </SimpleGrid>
    </Card>
  );
}
