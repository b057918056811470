import { Alert, Anchor, Button, Card, FileInput, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  IMPORT_TEMPLATE,
  IMPORT_TEXTS,
  MEMBER_IMPORT_MAX_BYTES,
  type ImportDryRun,
  type ImportMapping,
} from '@church/contract/members-import';
import { saveText } from '../../../lib/download';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useImportDryRun, useImportMembers } from '../api/import';
import { ImportMappingTable } from '../components/import-mapping';
import { ImportCounts, ImportReportTable } from '../components/import-report';

const message = (err: unknown) => (err instanceof Error ? err.message : 'The import failed');

/** One CSV line per row; cells with a comma, quote or line break quoted (RFC 4180). */
const csvOf = (rows: readonly (readonly string[])[]) =>
  rows.map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n') + '\r\n';

/**
 * CSV import of members (issues 10 and 31): choose a file (exports of Breeze,
 * ChurchCRM and Planning Center are read by their headers), check the column
 * mapping, read the dry run, then import. The good rows are imported; the bad
 * ones can be downloaded with their reasons, fixed and imported again.
 */
export function MembersImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | undefined>();
  const [report, setReport] = useState<ImportDryRun | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const dryRun = useImportDryRun();
  const importer = useImportMembers();

  const check = (f: File, m?: ImportMapping) => {
    setDone(null);
    dryRun.mutate(
      { file: f, mapping: m },
      {
        onSuccess: (r) => {
          setReport(r);
          setMapping(r.mapping);
        },
        onError: () => setReport(null),
      },
    );
  };

  const choose = (f: File | null) => {
    setRejected(null);
    setFile(f);
    setReport(null);
    setMapping(undefined);
    setDone(null);
    importer.reset();
    if (!f) return;
    if (f.size > MEMBER_IMPORT_MAX_BYTES) return notify.error(IMPORT_TEXTS.tooLarge);
    check(f);
  };

  const runImport = () => {
    if (!file || !mapping) return;
    importer.mutate(
      { file, mapping },
      {
        onSuccess: (r) => {
          setDone(r.message);
          setRejected(r.data.rejectedCsv);
          setReport(null);
          setFile(null);
          notify.success(r.message);
        },
      },
    );
  };

  const canImport = !!report && !dryRun.isPending;
  const changing = report ? report.counts.created + report.counts.updated : 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{IMPORT_TEXTS.title}</Title>
        <Anchor component={Link} to={paths.members}>
          Back to Members
        </Anchor>
      </Group>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <FileInput
            label="CSV file"
            description={`The first row names the columns. At most ${MEMBER_IMPORT_MAX_BYTES / 1024 / 1024} MB.`}
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={18} aria-hidden />}
            value={file}
            onChange={choose}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the file' }}
          />
          <List size="sm" c="dimmed" spacing={2}>
            <List.Item>
              Rows are matched to existing members by e-mail, or by phone and the same name: a match updates that member, anyone else is
              added. E-mail is optional.
            </List.Item>
            <List.Item>A blank cell never erases what is stored.</List.Item>
            <List.Item>
              Dates as YYYY-MM-DD or DD/MM/YYYY; phone numbers in any usual form (082 555 1234, +27 82 555 1234); a blank join date is
              today.
            </List.Item>
            <List.Item>
              A Family or Household column puts people in households; without one, people at the same address share one.
            </List.Item>
            <List.Item>Rows with an error are left out, and you can download them with the reasons.</List.Item>
          </List>
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} />}
              onClick={() => saveText(csvOf(IMPORT_TEMPLATE), 'members-template.csv')}
            >
              Download the template
            </Button>
          </Group>
        </Stack>
      </Card>

      {done && (
        <Alert color={rejected ? 'yellow' : 'green'} title={done} data-testid="import-done">
          <Group gap="md">
            <Anchor component={Link} to={paths.members}>
              See the members
            </Anchor>
            {rejected && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconDownload size={14} />}
                onClick={() => saveText(rejected, 'members-not-imported.csv')}
              >
                Download the rows not imported
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {dryRun.isError && (
        <Alert color="red" title="The file was not accepted">
          {message(dryRun.error)}
        </Alert>
      )}
      {importer.isError && (
        <Alert color="red" title="Nothing was imported">
          {message(importer.error)}
        </Alert>
      )}
      {dryRun.isPending && (
        <Group gap="xs" aria-live="polite">
          <Loader size="sm" />
          <Text size="sm">Checking the file…</Text>
        </Group>
      )}

      {report && file && mapping && (
        <>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Title order={2} size="h3">
                Column mapping
              </Title>
              <Text size="sm" c="dimmed">
                For each column of {report.fileName}, choose the member field it fills (guessed from the headers). The dry run below follows
                your choices.
              </Text>
              <ImportMappingTable
                headers={report.headers}
                sample={report.sample}
                mapping={mapping}
                disabled={dryRun.isPending || importer.isPending}
                onChange={(m) => {
                  setMapping(m);
                  check(file, m);
                }}
              />
            </Stack>
          </Card>

          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start">
                <Stack gap={4}>
                  <Title order={2} size="h3">
                    Dry run
                  </Title>
                  <Text size="sm" c="dimmed" aria-live="polite" data-testid="import-summary">
                    {`${report.counts.total === 1 ? '1 row' : `${report.counts.total.toLocaleString('en-ZA')} rows`} checked; nothing has been written yet.`}
                  </Text>
                </Stack>
                <Button
                  leftSection={<IconUpload size={16} />}
                  disabled={!canImport || changing === 0}
                  loading={importer.isPending}
                  onClick={runImport}
                >
                  {changing === 1 ? 'Import 1 member' : changing ? `Import ${changing} members` : 'Import members'}
                </Button>
              </Group>
              <ImportCounts counts={report.counts} />
              {report.counts.errors > 0 && (
                <Alert color="yellow" title={IMPORT_TEXTS.dryRunErrors(report.counts.errors)}>
                  Or correct the rows marked Error in the file, or change the mapping, and choose the file again.
                </Alert>
              )}
              <ImportReportTable report={report} />
              {!report.listedAll && (
                <Text size="sm" c="dimmed">
                  Every row with an error is listed; of the others, the first {report.rows.filter((r) => r.action !== 'error').length}.
                </Text>
              )}
            </Stack>
          </Card>
        </>
      )}
    </Stack>
  );
}
