import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ID_NUMBER_INVALID,
  TAX_NUMBER_INVALID,
  type DonorTaxDetails,
  type DonorTaxProfile,
  type DonorTaxProfileInput,
} from '@church/contract/giving-tax';
import { isValidSaId } from '@church/contract/rules/sa-id';

const LEGAL = [
  { value: 'individual', label: 'Individual' },
  { value: 'company', label: 'Company' },
  { value: 'trust', label: 'Trust' },
  { value: 'other', label: 'Other' },
];
const ID_TYPES = [
  { value: 'rsa_id', label: 'South African ID' },
  { value: 'passport', label: 'Passport' },
  { value: 'registration', label: 'Registration number' },
];
const NUMBER_LABEL: Record<DonorTaxProfile['idType'], string> = {
  rsa_id: 'ID number',
  passport: 'Passport number',
  registration: 'Registration number',
};
const noSpaces = (v: string) => v.replace(/\s/g, '');

type Values = DonorTaxProfile & { address: string };

/**
 * What a section 18A certificate needs of a donor (SARS fields since 1 March
 * 2023): legal type, ID type, number and country, tax number, trading name,
 * and the postal address. The same form serves the member (My Giving) and the
 * treasurer completing a donor from the deliverability list. Checks mirror the
 * server's (contract/giving-tax.ts), so mistakes show before saving.
 */
export function TaxDetailsForm({
  details,
  saving,
  onSave,
  onCancel,
  who = 'self',
}: {
  details: DonorTaxDetails;
  saving: boolean;
  onSave: (values: DonorTaxProfileInput) => void;
  onCancel?: () => void;
  who?: 'self' | 'treasurer';
}) {
  const form = useForm<Values>({
    initialValues: { ...details.profile, address: details.address },
    validate: {
      idNumber: (v, all) => {
        if (!v.trim()) return null;
        return all.idType === 'rsa_id' && !isValidSaId(noSpaces(v)) ? ID_NUMBER_INVALID : null;
      },
      taxNumber: (v) => (v.trim() && !/^\d{10}$/.test(noSpaces(v)) ? TAX_NUMBER_INVALID : null),
    },
  });
  const v = form.values;
  const household = details.household;
  return (
    <form onSubmit={form.onSubmit((values) => onSave(values))} noValidate>
      <Stack gap="sm">
        {details.missing.length > 0 && (
          <Alert color="yellow" data-testid="tax-details-missing">
            {who === 'self' ? 'Your' : 'This donor’s'} certificate still needs: {details.missing.join(', ')}.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Legal type" data={LEGAL} allowDeselect={false} {...form.getInputProps('legalType')} />
          <Select label="ID type" data={ID_TYPES} allowDeselect={false} {...form.getInputProps('idType')} />
          <TextInput
            label={NUMBER_LABEL[v.idType]}
            autoComplete="off"
            inputMode={v.idType === 'rsa_id' ? 'numeric' : undefined}
            {...form.getInputProps('idNumber')}
          />
          <TextInput label="Country of issue" {...form.getInputProps('idCountry')} />
          <TextInput label="Income tax number (optional)" inputMode="numeric" {...form.getInputProps('taxNumber')} />
          {v.legalType !== 'individual' && <TextInput label="Trading name" {...form.getInputProps('tradingName')} />}
        </SimpleGrid>
        <Textarea label="Postal address (printed on the certificate)" autosize minRows={2} {...form.getInputProps('address')} />
        {household && (
          <Checkbox
            label={`Combine ${who === 'self' ? 'my' : 'these'} gifts with the ${household.name} certificate${household.head ? ` (issued to ${household.head})` : ''}`}
            description="One certificate for the household instead of a separate one. Leave unticked to keep your own."
            {...form.getInputProps('combineWithHousehold', { type: 'checkbox' })}
          />
        )}
        <Group>
          <Button type="submit" loading={saving}>
            Save tax details
          </Button>
          {onCancel && (
            <Button variant="subtle" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
        {who === 'self' && (
          <Text size="xs" c="dimmed">
            Used only for your section 18A tax certificate and the church&apos;s IT3(d) return to SARS.
          </Text>
        )}
      </Stack>
    </form>
  );
}
