import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatRand } from '@church/contract/rules/money';
import { notify } from '../../../lib/notify';
import { download } from '../api/admin';
import { myCertificatesQuery } from '../api/tax';

/** The member's own section 18A certificates. */
export function MyCertificates() {
  const q = useQuery(myCertificatesQuery());
  if (!q.data || q.data.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={4} mb="sm">
        Tax Certificates
      </Title>
      <Stack gap="xs">
        {q.data.map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap" data-testid="my-certificate">
            <div>
              <Text fw={700}>
                {c.taxYear - 1}/{String(c.taxYear).slice(2)} · {formatRand(c.total)}
              </Text>
              <Text size="xs" c="dimmed">
                Section 18A receipt {c.receiptNumber}
                {c.household && ` · household certificate issued to ${c.donorName}`}
              </Text>
            </div>
            <Button
              size="xs"
              variant="light"
              onClick={() =>
                download(`/giving/certificates/${c.id}/pdf`, {}, `${c.receiptNumber}.pdf`).catch(() => notify.error('Download failed'))
              }
            >
              Download
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
