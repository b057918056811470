import { Alert, Badge, Button, Card, Checkbox, FileInput, Group, Modal, SegmentedControl, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { STATEMENT_MAX_BYTES, columnMappingSchema, type ColumnMapping, type StatementLine } from '@church/contract/giving-bank';
import type { Donor } from '@church/contract/giving-batches';
import { formatRand } from '@church/contract/rules/money';
import { notify } from '../../../lib/notify';
import { useFinanceAction } from '../api/admin';
import { statementLinesQuery, useImportStatement } from '../api/bank';
import { failed, shortDay } from './batch-format';
import { DonorPicker } from './donor-picker';

type View = 'confirm' | 'queue' | 'confirmed' | 'dismissed';
const MAPPING_FIELDS: Array<[keyof ColumnMapping, string]> = [
  ['date', 'Date column'],
  ['amount', 'Amount column'],
  ['credit', 'Credit column'],
  ['debit', 'Debit column'],
  ['description', 'Description column'],
  ['reference', 'Reference column'],
];

/**
 * Bank statements (issue 32): import an export (FNB, ABSA, Standard Bank, Nedbank, Capitec, OFX, or any CSV
 * by its columns), confirm the matched and suggested credits in bulk, and work the queue of the rest.
 */
export function BankStatementsPanel({ manage }: { manage: boolean }) {
  const [view, setView] = useState<View>('confirm');
  const matched = useQuery(statementLinesQuery('matched'));
  const suggested = useQuery(statementLinesQuery('suggested'));
  const counts = matched.data?.counts;
  return (
    <Stack>
      {manage && <ImportCard />}
      <Group gap="xs" wrap="wrap" data-testid="bank-counts">
        <Badge color="green" variant="light">
          Matched: {counts?.matched ?? '…'}
        </Badge>
        <Badge color="yellow" variant="light">
          Suggested: {counts?.suggested ?? '…'}
        </Badge>
        <Badge color="red" variant="light">
          Unmatched: {counts?.unmatched ?? '…'}
        </Badge>
        <Badge color="gray" variant="light">
          Confirmed: {counts?.confirmed ?? '…'}
        </Badge>
      </Group>
      <SegmentedControl
        value={view}
        onChange={(v) => setView(v as View)}
        aria-label="Statement lines to show"
        data={[
          { value: 'confirm', label: 'To confirm' },
          { value: 'queue', label: 'Unmatched' },
          { value: 'confirmed', label: 'Confirmed' },
          { value: 'dismissed', label: 'Dismissed' },
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      {view === 'confirm' && <ToConfirm lines={[...(matched.data?.lines ?? []), ...(suggested.data?.lines ?? [])]} manage={manage} />}
      {view === 'queue' && <Queue manage={manage} />}
      {(view === 'confirmed' || view === 'dismissed') && <Done status={view} />}
    </Stack>
  );
}

function ImportCard() {
  const [file, setFile] = useState<File | null>(null);
  const [mapColumns, setMapColumns] = useState(false);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [account, setAccount] = useState('');
  const [result, setResult] = useState<{ message: string; counts: Record<string, number> } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useImportStatement();
  const submit = () => {
    setError(null);
    setResult(null);
    if (!file) return setError('Choose a bank statement file (CSV or OFX) to import');
    if (file.size > STATEMENT_MAX_BYTES) return setError(`The statement is larger than ${STATEMENT_MAX_BYTES / 1024 / 1024} MB. Export a shorter period.`);
    let m: ColumnMapping | undefined;
    if (mapColumns) {
      const parsed = columnMappingSchema.safeParse(Object.fromEntries(Object.entries(mapping).filter(([, v]) => v.trim())));
      if (!parsed.success) return setError(`Check the columns: ${parsed.error.issues[0]?.message ?? 'date, amount and description are needed'}`);
      m = parsed.data;
    }
    upload.mutate(
      { file, mapping: m, account: account.trim() || undefined },
      {
        onSuccess: (res) => {
          setResult({ message: res.message, counts: res.data.counts });
          setFile(null);
        },
        onError: (err) => setError(err instanceof Error ? err.message : 'Could not import the statement'),
      },
    );
  };
  return (
    <Card withBorder radius="md">
      <Title order={4} mb="xs">
        Import a bank statement
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        CSV exports of FNB, ABSA, Standard Bank, Nedbank and Capitec, or OFX. Only credits are kept; a statement imported twice adds
        nothing twice.
      </Text>
      <Stack gap="sm">
        <Group align="end" wrap="wrap">
          <FileInput
            label="Statement file"
            placeholder="Choose a CSV or OFX file"
            accept=".csv,.ofx,.qfx,.txt,text/csv"
            value={file}
            onChange={setFile}
            clearable
            w={{ base: '100%', sm: 320 }}
            data-testid="statement-file"
          />
          <Button loading={upload.isPending} onClick={submit}>
            Import statement
          </Button>
        </Group>
        <Switch label="Another bank or format: map its columns" checked={mapColumns} onChange={(e) => setMapColumns(e.currentTarget.checked)} />
        {mapColumns && (
          <Group wrap="wrap" align="end">
            {MAPPING_FIELDS.map(([key, label]) => (
              <TextInput
                key={key}
                label={label}
                placeholder="Header as in the file"
                w={{ base: '100%', sm: 180 }}
                value={mapping[key] ?? ''}
                onChange={(e) => setMapping({ ...mapping, [key]: e.currentTarget.value })}
              />
            ))}
            <TextInput label="Account number" w={{ base: '100%', sm: 180 }} value={account} onChange={(e) => setAccount(e.currentTarget.value)} />
          </Group>
        )}
        {error && (
          <Alert color="red" title="Not imported" role="alert">
            {error}
          </Alert>
        )}
        {result && (
          <Alert color="green" title={result.message} data-testid="import-result">
            {result.counts.matched} matched by reference, {result.counts.suggested} suggested, {result.counts.unmatched} unmatched.
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

const lineText = (l: StatementLine) => [l.description, l.reference].filter(Boolean).join(' · ');

function LinesTable({ lines, label, extra }: { lines: StatementLine[]; label: string; extra?: (l: StatementLine) => React.ReactNode }) {
  return (
    <Card withBorder radius="md" p={0}>
      <Table.ScrollContainer minWidth={640} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}>
        <Table data-testid="bank-lines">
          <Table.Thead>
            <Table.Tr>
              {extra && <Table.Th>{label === 'Lines to confirm' ? 'Confirm' : 'Action'}</Table.Th>}
              <Table.Th>Date</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Statement text</Table.Th>
              <Table.Th>Gift / member</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed">No lines here.</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {lines.map((l) => (
              <Table.Tr key={l.id}>
                {extra && <Table.Td>{extra(l)}</Table.Td>}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortDay(l.date)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRand(l.amount)}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-word' }}>
                    {lineText(l)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {l.memberName ?? '—'}
                    {l.donationReference ? ` · ${l.donationReference}` : ''}
                  </Text>
                  {(l.matchReason || l.dismissReason) && (
                    <Text size="xs" c="dimmed">
                      {l.dismissReason ?? l.matchReason}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function ToConfirm({ lines, manage }: { lines: StatementLine[]; manage: boolean }) {
  const [unticked, setUnticked] = useState<Set<string>>(new Set());
  const confirm = useFinanceAction(() => '/giving/bank-statement-lines/confirm');
  const chosen = lines.filter((l) => !unticked.has(l.id));
  return (
    <Stack gap="sm">
      {manage && (
        <Group>
          <Button
            disabled={chosen.length === 0}
            loading={confirm.isPending}
            onClick={() =>
              confirm.mutate(
                { arg: null, body: { lineIds: chosen.map((l) => l.id) } },
                {
                  onSuccess: (res) => {
                    const r = res as { message: string; data: { skipped: { reason: string }[] } };
                    notify.success(r.message);
                    for (const s of r.data.skipped.slice(0, 3)) notify.error(s.reason);
                    setUnticked(new Set());
                  },
                  onError: failed,
                },
              )
            }
          >
            Confirm {chosen.length} selected
          </Button>
        </Group>
      )}
      <LinesTable
        lines={lines}
        label="Lines to confirm"
        extra={
          manage
            ? (l) => (
                <Checkbox
                  aria-label={`Confirm ${formatRand(l.amount)} on ${l.date}`}
                  checked={!unticked.has(l.id)}
                  onChange={(e) => {
                    const next = new Set(unticked);
                    if (e.currentTarget.checked) next.delete(l.id);
                    else next.add(l.id);
                    setUnticked(next);
                  }}
                />
              )
            : undefined
        }
      />
    </Stack>
  );
}

function Queue({ manage }: { manage: boolean }) {
  const queue = useQuery(statementLinesQuery('unmatched'));
  const [assigning, setAssigning] = useState<StatementLine | null>(null);
  const [dismissing, setDismissing] = useState<StatementLine | null>(null);
  const [donor, setDonor] = useState<Donor | null>(null);
  const [reason, setReason] = useState('');
  const assign = useFinanceAction((id: string) => `/giving/bank-statement-lines/${id}/assign`);
  const dismiss = useFinanceAction((id: string) => `/giving/bank-statement-lines/${id}/dismiss`);
  return (
    <>
      <LinesTable
        lines={queue.data?.lines ?? []}
        label="Unmatched lines"
        extra={
          manage
            ? (l) => (
                <Group gap={4} wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => setAssigning(l)} aria-label={`Assign ${formatRand(l.amount)} on ${l.date} to a member`}>
                    Assign
                  </Button>
                  <Button size="xs" variant="subtle" color="gray" onClick={() => setDismissing(l)} aria-label={`Dismiss ${formatRand(l.amount)} on ${l.date}`}>
                    Dismiss
                  </Button>
                </Group>
              )
            : undefined
        }
      />
      <Modal opened={!!assigning} onClose={() => setAssigning(null)} title="Assign to a member">
        <Stack>
          {assigning && (
            <Text size="sm">
              {formatRand(assigning.amount)} on {shortDay(assigning.date)}: {lineText(assigning)}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Their pending EFT gift of this amount is completed; without one, a new gift is recorded for them.
          </Text>
          <DonorPicker value={donor} onChange={setDonor} />
          <Button
            disabled={!donor}
            loading={assign.isPending}
            onClick={() =>
              assigning &&
              donor &&
              assign.mutate(
                { arg: assigning.id, body: { userId: donor.id } },
                {
                  onSuccess: () => {
                    notify.success('Line assigned and gift completed');
                    setAssigning(null);
                    setDonor(null);
                  },
                  onError: failed,
                },
              )
            }
          >
            Assign and complete
          </Button>
        </Stack>
      </Modal>
      <Modal opened={!!dismissing} onClose={() => setDismissing(null)} title="Dismiss a line">
        <Stack>
          <TextInput label="Reason" placeholder="A refund, an internal transfer…" value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus />
          <Button
            loading={dismiss.isPending}
            onClick={() =>
              dismissing &&
              dismiss.mutate(
                { arg: dismissing.id, body: { reason } },
                {
                  onSuccess: () => {
                    notify.success('Line dismissed');
                    setDismissing(null);
                    setReason('');
                  },
                  onError: failed,
                },
              )
            }
          >
            Dismiss line
          </Button>
        </Stack>
      </Modal>
    </>
  );
}

function Done({ status }: { status: 'confirmed' | 'dismissed' }) {
  const lines = useQuery(statementLinesQuery(status));
  return <LinesTable lines={lines.data?.lines ?? []} label={status === 'confirmed' ? 'Confirmed lines' : 'Dismissed lines'} />;
}
