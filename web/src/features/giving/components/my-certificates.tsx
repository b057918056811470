import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../../lib/notify';
import { download } from '../api/admin';
import { useT } from '../../../lib/i18n/use-t';
import { useFormat } from '../../../lib/i18n/use-format';
import { myCertificatesQuery } from '../api/tax';

/** The member's own section 18A certificates. */
export function MyCertificates() {
  const q = useQuery(myCertificatesQuery());
  const t = useT();
  const format = useFormat();
  if (!q.data || q.data.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={4} mb="sm">
        {t('member.giving.certificates.title')}
      </Title>
      <Stack gap="xs">
        {q.data.map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap" data-testid="my-certificate">
            <div>
              <Text fw={700}>
                {c.taxYear - 1}/{String(c.taxYear).slice(2)} · {format.money(c.total)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('member.giving.certificates.receipt', { number: c.receiptNumber })}
                {c.household && ` · ${t('member.giving.certificates.household', { name: c.donorName })}`}
              </Text>
              {c.giftsUpTo && (
                <Text size="xs" c="dimmed" data-testid="certificate-partial-year">
                  {t('member.giving.certificates.partialYear', { date: format.date(c.giftsUpTo, 'long') })}
                </Text>
              )}
            </div>
            <Button
              size="xs"
              variant="light"
              onClick={() =>
                download(`/giving/certificates/${c.id}/pdf`, {}, `${c.receiptNumber}.pdf`).catch(() =>
                  notify.error(t('member.giving.certificates.downloadFailed')),
                )
              }
            >
              {t('member.giving.certificates.download')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
