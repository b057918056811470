import { Alert, Button, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { taxDetailsQuery, useSaveTaxDetails } from '../api/tax';
import { useT } from '../../../lib/i18n/use-t';
import { TaxDetailsForm } from './tax-details-form';

/** Hides all but the last four characters: the page may be open on a shared screen. */
const masked = (v: string) => (v.length > 4 ? `${'•'.repeat(v.length - 4)}${v.slice(-4)}` : v);

/** My Giving: the member's own details for section 18A certificates, a summary once complete. */
export function MyTaxDetails() {
  const q = useQuery(taxDetailsQuery());
  const t = useT();
  const save = useSaveTaxDetails();
  const [editing, setEditing] = useState(false);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="my-tax-details">
      <Title order={4} mb="sm">
        {t('member.giving.tax.title')}
      </Title>
      {q.isPending ? (
        <Skeleton height={60} />
      ) : q.isError ? (
        <Alert color="red" title={t('member.giving.tax.loadFailed')}>
          <Button size="xs" variant="light" color="red" onClick={() => q.refetch()}>
            {t('member.retry')}
          </Button>
        </Alert>
      ) : editing || q.data.missing.length > 0 ? (
        <TaxDetailsForm
          key={JSON.stringify(q.data)}
          details={q.data}
          saving={save.isPending}
          onCancel={q.data.missing.length === 0 ? () => setEditing(false) : undefined}
          onSave={(body) =>
            save.mutate(body, {
              onSuccess: () => {
                notify.success(t('member.giving.tax.saved'));
                setEditing(false);
              },
              onError: (err) => notify.error(err instanceof ApiError ? err.message : t('member.giving.tax.saveFailed')),
            })
          }
        />
      ) : (
        <Group justify="space-between" wrap="nowrap" align="start">
          <div>
            <Text size="sm" data-testid="tax-details-summary" data-user-content>
              {q.data.profile.idNumber && masked(q.data.profile.idNumber)} · {q.data.address}
            </Text>
            {q.data.profile.combineWithHousehold && q.data.household && (
              <Text size="xs" c="dimmed">
                {t('member.giving.tax.combined', { household: q.data.household.name })}
              </Text>
            )}
          </div>
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            {t('member.giving.tax.edit')}
          </Button>
        </Group>
      )}
    </Card>
  );
}
