import { Alert, CloseButton, Group, SimpleGrid, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';
import type { MessageKey } from '@church/contract/i18n/keys';
import type { DonationPayment } from '@church/contract/giving';

type Bank = Extract<DonationPayment, { kind: 'bank' }>;

/** After a bank-transfer gift: where to pay and the reference that lets the treasurer match it. */
export function BankInstructions({ payment, onClose }: { payment: Bank; onClose: () => void }) {
  const t = useT();
  const rows: Array<[MessageKey, string]> = [
    ['member.giving.bank.bank', payment.bankName],
    ['member.giving.bank.accountName', payment.accountName],
    ['member.giving.bank.accountNumber', payment.accountNumber],
    ['member.giving.bank.branchCode', payment.branchCode],
    ['member.giving.bank.reference', payment.reference],
  ];
  return (
    <Alert
      color="blue"
      mb="sm"
      data-testid="bank-instructions"
      title={
        <Group justify="space-between" wrap="nowrap" w="100%">
          <span>{t('member.giving.bank.title')}</span>
          <CloseButton aria-label={t('member.giving.bank.close')} onClick={onClose} />
        </Group>
      }
    >
      <Text size="sm" mb="xs">
        {t('member.giving.bank.text')}
      </Text>
      <SimpleGrid cols={2} spacing={4}>
        {rows.map(([label, value]) => (
          <Text key={label} size="sm" component="div">
            <Text span c="dimmed">
              {t(label)}:
            </Text>{' '}
            <Text
              span
              fw={label === 'member.giving.bank.reference' ? 700 : 500}
              data-testid={label === 'member.giving.bank.reference' ? 'bank-reference' : undefined}
            >
              {value}
            </Text>
          </Text>
        ))}
      </SimpleGrid>
    </Alert>
  );
}
