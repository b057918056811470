import { Alert, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Switch, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CERTIFICATE_TEXTS, currentTaxYear, taxYearName, type GivingSettings } from '@church/contract/giving-tax';
import { formatRand } from '@church/contract/rules/money';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { download } from '../api/admin';
import { DonorTaxModal } from './donor-tax-modal';
import {
  certificateRunsQuery,
  certificatesQuery,
  deliverabilityQuery,
  taxSettingsQuery,
  useEmailCertificates,
  useRequestCertificates,
  useSaveTaxSettings,
} from '../api/tax';
import { CertificateRunStatus } from './certificate-run';

const fail = (err: unknown) => notify.error(err instanceof ApiError ? err.message : 'Something went wrong');
const years = () => {
  const now = currentTaxYear();
  return [now, now - 1, now - 2].map((y) => ({ value: String(y), label: `${y - 1}/${String(y).slice(2)} (1 Mar ${y - 1} – Feb ${y})` }));
};

/** The two tax tabs of /giving: certificates, and the church's tax & banking details. */
export function TaxPanels({ manage }: { manage: boolean }) {
  return (
    <>
      <Tabs.Panel value="certificates" pt="md">
        <Certificates manage={manage} />
      </Tabs.Panel>
      <Tabs.Panel value="tax" pt="md">
        <TaxSettings manage={manage} />
      </Tabs.Panel>
    </>
  );
}

function Certificates({ manage }: { manage: boolean }) {
  const [year, setYear] = useState(String(currentTaxYear() - 1));
  const taxYear = Number(year);
  const list = useQuery(certificatesQuery(taxYear));
  const gaps = useQuery(deliverabilityQuery(taxYear));
  const runs = useQuery(certificateRunsQuery(taxYear));
  const latest = runs.data?.[0];
  const running = latest?.status === 'queued' || latest?.status === 'running';
  const generate = useRequestCertificates();
  const [requested, setRequested] = useState<string>();
  const email = useEmailCertificates();
  const [editing, setEditing] = useState<{ userId: string; donorName: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const yearState = gaps.data?.year;
  const yearRunning = yearState?.ended === false;
  const issue = (confirmRunningYear: boolean) =>
    generate.mutate(
      { taxYear, confirmRunningYear },
      {
        onSuccess: (r) => {
          setConfirming(false);
          setRequested(r.data.run.id);
          notify.success(r.message ?? '');
        },
        onError: fail,
      },
    );
  const get = (path: string, query: Record<string, string>, name: string) =>
    download(path, query, name).catch(() => notify.error('Download failed'));
  return (
    <Stack>
      <Group align="end" wrap="wrap">
        <Select label="Tax year" data={years()} value={year} onChange={(v) => setYear(v ?? year)} allowDeselect={false} w={280} />
        {manage && (
          <>
            {/* Issuing runs on the job queue: the button waits while this tax year's run is unfinished. */}
            {/* A tax year still running is issued only after the treasurer confirms (issue 31). */}
            <Button loading={(generate.isPending && !confirming) || running} onClick={() => (yearRunning ? setConfirming(true) : issue(false))}>
              Generate certificates
            </Button>
            <Button variant="light" onClick={() => get('/giving/certificates/zip', { taxYear: year }, `section-18a-${year}.zip`)}>
              Download all (ZIP)
            </Button>
            <Button
              variant="light"
              loading={email.isPending}
              onClick={() => email.mutate(taxYear, { onSuccess: (r) => notify.success(r.message), onError: fail })}
            >
              E-mail donors
            </Button>
            <Button variant="subtle" onClick={() => get('/giving/it3d', { taxYear: year, period: 'interim' }, 'it3d-interim.csv')}>
              IT3(d) March–August
            </Button>
            <Button variant="subtle" onClick={() => get('/giving/it3d', { taxYear: year, period: 'annual' }, 'it3d-annual.csv')}>
              IT3(d) full year
            </Button>
          </>
        )}
      </Group>
      {yearRunning && yearState && (
        <Alert color="yellow" variant="light" title="This tax year has not ended" data-testid="year-running">
          <Text size="sm">{CERTIFICATE_TEXTS.yearRunning(taxYear, yearState)}</Text>
        </Alert>
      )}
      {gaps.data && (
        <Text size="sm" c={gaps.data.eligibleFunds.length ? 'dimmed' : 'red'} data-testid="eligible-funds">
          {gaps.data.eligibleFunds.length
            ? `Certificates cover gifts to the section 18A-eligible funds: ${gaps.data.eligibleFunds.join(', ')}.`
            : 'No fund is marked section 18A-eligible, so no gift can go on a certificate. Mark the funds that pay for approved public benefit activities on the Funds tab.'}
        </Text>
      )}
      <Modal
        opened={confirming && !!yearState}
        onClose={() => setConfirming(false)}
        title={`Issue ${taxYearName(taxYear)} certificates before the year ends?`}
      >
        {yearState && (
          <Stack>
            <Text size="sm">{CERTIFICATE_TEXTS.confirmRunningYear(taxYear, yearState)}</Text>
            <Text size="sm">Each member’s certificate will say it covers the gifts up to today.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button loading={generate.isPending} onClick={() => issue(true)}>
                Issue certificates now
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <CertificateRunStatus run={latest} taxYear={taxYear} requested={requested} />
      {gaps.data && (gaps.data.pboMissing.length > 0 || gaps.data.donors.length > 0) && (
        <Alert color="yellow" title="Not ready for a certificate" data-testid="deliverability">
          {gaps.data.pboMissing.length > 0 && <Text size="sm">Church: {gaps.data.pboMissing.join(', ')} (Tax &amp; banking tab).</Text>}
          <Stack gap={4}>
            {gaps.data.donors.map((d) => (
              // On a phone the button goes under the line instead of being cut off at the edge.
              <Group key={d.userId} gap="xs" justify="space-between" data-testid="deliverability-donor">
                <Text size="sm">
                  {d.donorName}
                  {d.household ? ` (${d.household})` : ''} ({formatRand(d.total)}): {d.missing.join(', ')}
                </Text>
                {manage && (
                  <Button size="compact-xs" variant="white" color="dark" onClick={() => setEditing(d)}>
                    Complete details
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      <DonorTaxModal donor={editing} onClose={() => setEditing(null)} />
      <Card withBorder radius="md" p={0}>
        <Table.ScrollContainer
          minWidth={520}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Certificates' } }}
        >
          <Table data-testid="certificates-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Receipt</Table.Th>
                <Table.Th>Donor</Table.Th>
                <Table.Th>Total</Table.Th>
                <Table.Th>E-mailed</Table.Th>
                <Table.Th>PDF</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed">No certificates issued for this tax year yet.</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {list.data?.map((c) => (
                <Table.Tr key={c.id} data-testid="certificate-row">
                  <Table.Td>{c.receiptNumber}</Table.Td>
                  <Table.Td>
                    {c.donorName}
                    {c.household && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (household)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatRand(c.total)}</Table.Td>
                  <Table.Td>{c.emailedAt ? new Date(c.emailedAt).toLocaleDateString('en-ZA') : '—'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => get(`/giving/certificates/${c.id}/pdf`, {}, `${c.receiptNumber}.pdf`)}
                    >
                      Download {c.receiptNumber}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}

function TaxSettings({ manage }: { manage: boolean }) {
  const q = useQuery(taxSettingsQuery());
  const save = useSaveTaxSettings();
  const [s, setS] = useState<GivingSettings | null>(null);
  useEffect(() => {
    if (q.data) setS(q.data);
  }, [q.data]);
  if (!s) return null;
  const text = (label: string, value: string, set: (v: string) => void) => (
    <TextInput label={label} value={value} onChange={(e) => set(e.currentTarget.value)} readOnly={!manage} />
  );
  return (
    <Card withBorder radius="md">
      <Stack>
        <Title order={4}>Public benefit organisation (section 18A)</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('Registered PBO name', s.pboName, (v) => setS({ ...s, pboName: v }))}
          {text('PBO reference number', s.pboNumber, (v) => setS({ ...s, pboNumber: v }))}
          {text('NPO number', s.npoNumber, (v) => setS({ ...s, npoNumber: v }))}
          {text('PBO address', s.address, (v) => setS({ ...s, address: v }))}
        </SimpleGrid>
        <Switch
          label="SARS approved us to issue section 18A receipts"
          checked={s.s18aApproved}
          onChange={(e) => setS({ ...s, s18aApproved: e.currentTarget.checked })}
          disabled={!manage}
        />
        <Title order={4}>Banking details (shown to members who give by bank transfer)</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('Bank', s.bank.bankName, (v) => setS({ ...s, bank: { ...s.bank, bankName: v } }))}
          {text('Account name', s.bank.accountName, (v) => setS({ ...s, bank: { ...s.bank, accountName: v } }))}
          {text('Account number', s.bank.accountNumber, (v) => setS({ ...s, bank: { ...s.bank, accountNumber: v } }))}
          {text('Branch code', s.bank.branchCode, (v) => setS({ ...s, bank: { ...s.bank, branchCode: v } }))}
        </SimpleGrid>
        {manage && (
          <Group>
            <Button
              loading={save.isPending}
              onClick={() => save.mutate(s, { onSuccess: () => notify.success('Tax & banking details saved'), onError: fail })}
            >
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
