import { List, Text, Timeline } from '@mantine/core';
import { PAYMENT_METHOD_LABELS } from '@church/contract/giving';
import { formatRand } from '@church/contract/rules/money';

interface Change {
  kind: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  actorName: string | null;
  at: string;
}

const KIND_LABELS: Record<string, string> = {
  opened: 'Opened',
  changed: 'Changed',
  closed: 'Closed',
  reopened: 'Reopened',
  created: 'Recorded',
  completed: 'Completed',
  matched: 'Matched',
  refunded: 'Refunded',
  corrected: 'Corrected',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const FIELD_LABELS: Record<string, string> = {
  amountCents: 'Amount',
  countedCents: 'Counted total',
  fund: 'Fund',
  status: 'Status',
  donorName: 'Donor',
  method: 'Method',
  givenAt: 'Date',
  label: 'Label',
  date: 'Date',
};
const day = (iso: string) => new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso).toLocaleDateString('en-ZA');
function show(field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return field === 'donorName' ? 'none' : '—';
  if (field.endsWith('Cents')) return formatRand(Number(v) / 100);
  if (field === 'givenAt' || field === 'date') return day(String(v));
  if (field === 'method') return PAYMENT_METHOD_LABELS[v as 'cash'] ?? String(v);
  return String(v);
}

/** "Counted total: R 650.00 → R 700.00" for each field that changed (a first record lists what it was). */
export function changedFields(before: unknown, after: unknown): string[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  return Object.keys(FIELD_LABELS)
    .filter((f) => f in a || f in b)
    .filter((f) => before === null || JSON.stringify(a[f]) !== JSON.stringify(b[f]))
    .map((f) => (before === null ? `${FIELD_LABELS[f]}: ${show(f, a[f])}` : `${FIELD_LABELS[f]}: ${show(f, b[f])} → ${show(f, a[f])}`));
}

/** A gift's or a batch's history: who, when, why, and from → to of what changed. Nothing was edited silently. */
export function ChangeHistory({ events, testId }: { events: Change[]; testId?: string }) {
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid={testId}>
      {events.map((h, i) => (
        <Timeline.Item key={i} title={KIND_LABELS[h.kind] ?? h.kind}>
          <Text size="xs" c="dimmed">
            {new Date(h.at).toLocaleString('en-ZA')} {h.actorName ? `· ${h.actorName}` : ''}
          </Text>
          {h.reason && <Text size="sm">{h.reason}</Text>}
          <List size="sm" listStyleType="none">
            {changedFields(h.before, h.after).map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
