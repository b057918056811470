import { Alert, Modal, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TAX_DETAILS_SAVED } from '@church/contract/giving-tax';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { taxDetailsQuery, useSaveTaxDetails } from '../api/tax';
import { TaxDetailsForm } from '../components/tax-details-form';

/** The treasurer completes a donor's tax details from the deliverability list (the server audits it). */
export function DonorTaxModal({ donor, onClose }: { donor: { userId: string; donorName: string } | null; onClose: () => void }) {
  return (
    <Modal opened={!!donor} onClose={onClose} title={donor ? `Tax details: ${donor.donorName}` : ''} size="lg">
      {donor && <DonorTaxBody userId={donor.userId} onDone={onClose} />}
    </Modal>
  );
}

function DonorTaxBody({ userId, onDone }: { userId: string; onDone: () => void }) {
  const q = useQuery(taxDetailsQuery(userId));
  const save = useSaveTaxDetails(userId);
  if (q.isPending) return <Skeleton height={200} />;
  if (q.isError) return <Alert color="red">Failed to load this donor&apos;s tax details</Alert>;
  return (
    <TaxDetailsForm
      who="treasurer"
      details={q.data}
      saving={save.isPending}
      onCancel={onDone}
      onSave={(body) =>
        save.mutate(body, {
          onSuccess: () => {
            notify.success(TAX_DETAILS_SAVED);
            onDone();
          },
          onError: (err) => notify.error(err instanceof ApiError ? err.message : 'Could not save'),
        })
      }
    />
  );
}
