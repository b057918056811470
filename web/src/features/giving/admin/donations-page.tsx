import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Menu,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PagePicker } from '../../../components/page-picker';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ALL_PAYMENT_METHODS, DONATION_STATUSES, DONATION_STATUS_COLORS, PAYMENT_METHOD_LABELS } from '@church/contract/giving';
import { DONATIONS_TEXTS, DONATION_PERIODS, type DonationPeriod } from '@church/contract/giving-admin';
import { can } from '@church/contract/roles';
import { formatRand } from '@church/contract/rules/money';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/notify';
import { donationsQuery, download, filterQuery, fundsQuery } from '../api/admin';
import { DonationActions } from './donation-actions';

// The full export dialog (PDF, JSON, date ranges, breakdowns) belongs to the exports feature; it loads when opened.
const ExportDialog = lazy(() => import('../../exports/components/export-dialog').then((m) => ({ default: m.ExportDialog })));

const PERIOD_LABELS: Record<DonationPeriod, string> = { week: 'Week', month: 'Month', quarter: 'Quarter', year: 'Year', all: 'All' };

/** Spec 001 §2 /donations: four cards, period and fund filters (applied by the server), table, funds breakdown, export. */
export function DonationsPage() {
  const { user } = useSession();
  const manage = can(user, 'finance:manage');
  const [period, setPeriod] = useState<DonationPeriod>('month');
  const [fund, setFund] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search, 250);
  const [method, setMethod] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [dialog, setDialog] = useState(false);
  const funds = useQuery(fundsQuery());
  const filters = { period, fund, q: text, method, status };
  const q = useQuery(donationsQuery({ ...filters, page }));
  /** A filter changed: back to the first page. */
  const set =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setPage(1);
    };

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      await download('/donations/export', { ...filterQuery(filters), format }, `donations.${format}`);
      notify.success(DONATIONS_TEXTS.exported);
    } catch {
      notify.error(DONATIONS_TEXTS.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const s = q.data?.summary;
  const cards: Array<[string, string, string]> = s
    ? [
        ['Total Donations', formatRand(s.totalDonations), `${s.completedCount} completed gifts`],
        ['Monthly Average', formatRand(s.monthlyAverage), 'Total ÷ months in the period'],
        ['Active Donors', String(s.activeDonors), 'Gave in this period'],
        ['Funds', String(s.funds), 'Received gifts in this period'],
      ]
    : [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Donations</Title>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button leftSection={<IconDownload size={16} />} loading={exporting}>
              Export Report
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void exportAs('csv')}>CSV (.csv)</Menu.Item>
            <Menu.Item onClick={() => void exportAs('xlsx')}>Excel (.xlsx)</Menu.Item>
            {can(user, 'reports:export') && <Menu.Item onClick={() => setDialog(true)}>Giving report (PDF, JSON, more options)…</Menu.Item>}
          </Menu.Dropdown>
        </Menu>
        {dialog && (
          <Suspense fallback={null}>
            <ExportDialog
              opened
              onClose={() => setDialog(false)}
              reportType="giving"
              texts={{ success: DONATIONS_TEXTS.exported, failure: DONATIONS_TEXTS.exportFailed }}
            />
          </Suspense>
        )}
      </Group>
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Period"
          value={period}
          onChange={(v) => {
            setPeriod(v as DonationPeriod);
            setPage(1);
          }}
          data={DONATION_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
        />
        <Select
          aria-label="Fund"
          placeholder="All funds"
          clearable
          value={fund}
          onChange={(v) => {
            setFund(v);
            setPage(1);
          }}
          data={(funds.data ?? []).map((f) => f.name)}
          w={200}
        />
        <Select
          aria-label="Method"
          placeholder="All methods"
          clearable
          value={method}
          onChange={set(setMethod)}
          data={ALL_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
          w={170}
        />
        <Select
          aria-label="Status"
          placeholder="All statuses"
          clearable
          value={status}
          onChange={set(setStatus)}
          data={[...DONATION_STATUSES]}
          w={160}
        />
        <TextInput
          aria-label="Search donations"
          placeholder="Donor, reference or amount"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => set(setSearch)(e.currentTarget.value)}
          w={260}
        />
      </Group>
      {q.isError ? (
        <Alert color="red" title={DONATIONS_TEXTS.loadFailed}>
          <Button size="xs" color="red" variant="light" onClick={() => q.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {q.isPending
              ? [0, 1, 2, 3].map((i) => <Skeleton key={i} height={92} radius="md" />)
              : cards.map(([label, value, hint]) => (
                  <Card key={label} withBorder radius="md" data-testid={`card-${label.replace(/\s/g, '-').toLowerCase()}`}>
                    <Text size="sm" c="dimmed">
                      {label}
                    </Text>
                    <Text fz={{ base: 20, sm: 24 }} fw={800} style={{ whiteSpace: 'nowrap' }} data-testid="card-value">
                      {value}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {hint}
                    </Text>
                  </Card>
                ))}
          </SimpleGrid>
          {/* A Grid, not a two-column span in a SimpleGrid: on a phone the span made a second, off-screen column. */}
          <Grid>
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Card withBorder radius="md" p={0}>
                <Table.ScrollContainer
                  minWidth={860}
                  scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Donations' } }}
                >
                  <Table striped highlightOnHover data-testid="donations-table">
                    <Table.Thead>
                      <Table.Tr>
                        {['Donor', 'Fund', 'Amount', 'Date', 'Method', 'Reference', 'Batch', 'Status', ''].map((h) => (
                          <Table.Th key={h}>{h || <VisuallyHidden>Actions</VisuallyHidden>}</Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {q.data?.donations.length === 0 && (
                        <Table.Tr>
                          <Table.Td colSpan={9}>
                            <Text c="dimmed" ta="center" py="md">
                              {text || method || status ? 'No donations match these filters.' : 'No donations in this period.'}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      )}
                      {q.data?.donations.map((d) => (
                        <Table.Tr key={d.id} data-testid="donation-row">
                          <Table.Td>{d.donorName ?? 'Anonymous'}</Table.Td>
                          <Table.Td>{d.fund}</Table.Td>
                          <Table.Td data-testid="row-amount" style={{ whiteSpace: 'nowrap' }}>
                            {formatRand(d.amount)}
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{new Date(d.date).toLocaleDateString('en-ZA')}</Table.Td>
                          <Table.Td>{PAYMENT_METHOD_LABELS[d.paymentMethod]}</Table.Td>
                          <Table.Td data-testid="row-reference">{[d.reference, d.externalRef].filter(Boolean).join(' · ') || '—'}</Table.Td>
                          <Table.Td>{d.batchLabel ?? '—'}</Table.Td>
                          <Table.Td>
                            {/* Never cut to 'COMPLE…' when the table is tight: the cell is as wide as the word. */}
                            <Badge color={DONATION_STATUS_COLORS[d.status || 'completed']} variant="light">
                              {d.status || 'completed'}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{manage && <DonationActions donation={d} />}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {q.data && q.data.total > q.data.limit && (
                  <Group justify="center" p="sm">
                    <PagePicker
                      total={Math.ceil(q.data.total / q.data.limit)}
                      value={page}
                      onChange={setPage}
                      size="sm"
                      aria-label="Donation pages"
                    />
                  </Group>
                )}
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Card withBorder radius="md" data-testid="funds-breakdown">
                <Title order={4} mb="sm">
                  Funds Breakdown
                </Title>
                <Stack gap="sm">
                  {q.data?.fundsBreakdown.length === 0 && <Text c="dimmed">No completed gifts in this period.</Text>}
                  {q.data?.fundsBreakdown.map((b) => (
                    <div key={b.fund}>
                      <Group justify="space-between">
                        <Text fw={600}>{b.fund}</Text>
                        <Text>
                          {formatRand(b.total)} · {b.share}%
                        </Text>
                      </Group>
                      <Progress value={b.share} aria-label={`${b.fund} share`} color="green" />
                    </div>
                  ))}
                </Stack>
              </Card>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
