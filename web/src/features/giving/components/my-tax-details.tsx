import { Alert, Button, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TAX_DETAILS_SAVED } from '@church/contract/giving-tax';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { taxDetailsQuery, useSaveTaxDetails } from '../api/tax';
import { TaxDetailsForm } from './tax-details-form';

/** Hides all but the last four characters: the page may be open on a shared screen. */
const masked = (v: string) => (v.length > 4 ? `${'•'.repeat(v.length - 4)}${v.slice(-4)}` : v);

/** My Giving: the member's own details for section 18A certificates, a summary once complete. */
export function MyTaxDetails() {
  const q = useQuery(taxDetailsQuery());
  const save = useSaveTaxDetails();
  const [editing, setEditing] = useState(false);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="my-tax-details">
      <Title order={4} mb="sm">
        Tax Certificate Details
      </Title>
      {q.isPending ? (
        <Skeleton height={60} />
      ) : q.isError ? (
        <Alert color="red" title="Failed to load your tax details">
          <Button size="xs" variant="light" color="red" onClick={() => q.refetch()}>
            Retry
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
                notify.success(TAX_DETAILS_SAVED);
                setEditing(false);
              },
              onError: (err) => notify.error(err instanceof ApiError ? err.message : 'Failed to save your tax details'),
            })
          }
        />
      ) : (
        <Group justify="space-between" wrap="nowrap" align="start">
          <div>
            <Text size="sm" data-testid="tax-details-summary">
              {q.data.profile.idNumber && masked(q.data.profile.idNumber)} · {q.data.address}
            </Text>
            {q.data.profile.combineWithHousehold && q.data.household && (
              <Text size="xs" c="dimmed">
                Combined with the {q.data.household.name} certificate
              </Text>
            )}
          </div>
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            Edit
          </Button>
        </Group>
      )}
    </Card>
  );
}
