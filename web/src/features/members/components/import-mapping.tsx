import { Select, SimpleGrid } from '@mantine/core';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField, type ImportMapping } from '@church/contract/members-import';

const FIELD_OPTIONS = [{ value: '', label: 'Do not import' }, ...IMPORT_FIELDS.map((f) => ({ value: f, label: IMPORT_FIELD_LABELS[f] }))];

/**
 * One choice per CSV column: labelled with the column's header, the first
 * row's value beneath it, and the member field it fills. A grid rather than
 * a table so it reads as well at 390 px as at 1280.
 */
export function ImportMappingTable({
  headers,
  sample,
  mapping,
  onChange,
  disabled,
}: {
  headers: string[];
  sample: string[];
  mapping: ImportMapping;
  onChange: (next: ImportMapping) => void;
  disabled?: boolean;
}) {
  const taken = new Set(Object.values(mapping).filter(Boolean));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm" data-testid="import-mapping">
      {headers.map((h, i) => {
        const current = mapping[h] ?? '';
        const first = sample[i]?.trim();
        return (
          <Select
            key={h}
            label={h}
            description={first ? `First row: ${first.length > 40 ? `${first.slice(0, 40)}…` : first}` : 'First row: (blank)'}
            // A field already filled by another column is not offered a second time.
            data={FIELD_OPTIONS.map((o) => ({ ...o, disabled: !!o.value && o.value !== current && taken.has(o.value as ImportField) }))}
            value={current}
            allowDeselect={false}
            disabled={disabled}
            onChange={(v) => onChange({ ...mapping, [h]: (v ?? '') as ImportField | '' })}
          />
        );
      })}
    </SimpleGrid>
  );
}
