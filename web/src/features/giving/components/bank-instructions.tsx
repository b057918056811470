import { Alert, CloseButton, Group, SimpleGrid, Text } from '@mantine/core';
import type { DonationPayment } from '@church/contract/giving';

type Bank = Extract<DonationPayment, { kind: 'bank' }>;

/** After a bank-transfer gift: where to pay and the reference that lets the treasurer match it. */
export function BankInstructions({ payment, onClose }: { payment: Bank; onClose: () => void }) {
  const rows: Array<[string, string]> = [
    ['Bank', payment.bankName],
    ['Account name', payment.accountName],
    ['Account number', payment.accountNumber],
    ['Branch code', payment.branchCode],
    ['Reference', payment.reference],
  ];
  return (
    <Alert
      color="blue"
      mb="sm"
      data-testid="bank-instructions"
      title={
        <Group justify="space-between" wrap="nowrap" w="100%">
          <span>Please pay by bank transfer</span>
          <CloseButton aria-label="Close banking details" onClick={onClose} />
        </Group>
      }
    >
      <Text size="sm" mb="xs">
        Your gift shows as pending until the treasurer sees it in the church account. Quote the reference exactly.
      </Text>
      <SimpleGrid cols={2} spacing={4}>
        {rows.map(([label, value]) => (
          <Text key={label} size="sm" component="div">
            <Text span c="dimmed">
              {label}:
            </Text>{' '}
            <Text span fw={label === 'Reference' ? 700 : 500} data-testid={label === 'Reference' ? 'bank-reference' : undefined}>
              {value}
            </Text>
          </Text>
        ))}
      </SimpleGrid>
    </Alert>
  );
}
