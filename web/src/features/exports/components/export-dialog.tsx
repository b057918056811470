import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Progress, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  BREAKDOWN_LABELS,
  BREAKDOWNS,
  DATE_RANGE_LABELS,
  DATE_RANGES,
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  EXPORT_TEXTS,
  EXPORT_TYPE_LABELS,
  EXPORT_TYPES,
  FINANCE_EXPORT_TYPES,
  LIST_TYPES,
  type Breakdown,
  type DateRange,
  type ExportFormat,
  type ExportType,
} from '@church/contract/exports';
import { can, type Principal } from '@church/contract/roles';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { exportQuery, requestExport, startDownload } from '../api/exports';

/** Mirrors the server's rule: reports:export, and for finance reports a finance permission too. */
export const mayExport = (user: Principal | null, type: ExportType) =>
  can(user, 'reports:export') && (!FINANCE_EXPORT_TYPES.includes(type) || can(user, 'finance:read') || can(user, 'finance:manage'));

export interface ExportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The report the dialog opens on. */
  reportType?: ExportType;
  /** Spec 001 §8 texts where a page has its own (the donations page says 'Donations report …'). */
  texts?: { success: string; failure: string };
}

interface Draft {
  reportType: ExportType;
  format: ExportFormat;
  dateRange: DateRange;
  startDate: string;
  endDate: string;
  includeDetails: boolean;
  breakdownBy: Breakdown | null;
}

const isList = (t: ExportType) => (LIST_TYPES as readonly string[]).includes(t);

/**
 * The export dialog (spec 001 §3 Export options: format, dateRange, startDate,
 * endDate, includeDetails, breakdownBy). The server builds the file as a job;
 * the dialog shows its progress and starts the download when it is ready.
 */
export function ExportDialog({ opened, onClose, reportType = 'members', texts }: ExportDialogProps) {
  const { user } = useSession();
  const allowed = EXPORT_TYPES.filter((t) => mayExport(user, t));
  const start: ExportType = allowed.includes(reportType) ? reportType : (allowed[0] ?? reportType);
  const blank = (type: ExportType): Draft => ({
    reportType: type,
    format: 'pdf',
    dateRange: 'this_month',
    startDate: '',
    endDate: '',
    includeDetails: true,
    breakdownBy: (BREAKDOWNS[type][0] as Breakdown | undefined) ?? null,
  });
  const [draft, setDraft] = useState<Draft>(() => blank(start));
  const [error, setError] = useState<string | null>(null);
  const [exportId, setExportId] = useState<string | null>(null);
  const announced = useRef<string | null>(null);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setError(null);
  };
  const failure = texts?.failure ?? EXPORT_TEXTS.failed(draft.reportType);

  const create = useMutation({
    mutationFn: () =>
      requestExport({
        reportType: draft.reportType,
        format: draft.format,
        dateRange: draft.dateRange,
        ...(draft.dateRange === 'custom' ? { startDate: draft.startDate, endDate: draft.endDate } : {}),
        includeDetails: draft.includeDetails,
        ...(draft.breakdownBy ? { breakdownBy: draft.breakdownBy } : {}),
      }),
    onSuccess: (res) => setExportId(res.data.export.id),
    onError: (e: Error) => {
      setError(e.message);
      notify.error(failure);
    },
  });
  const job = useQuery({ ...exportQuery(exportId ?? ''), enabled: !!exportId });
  const file = job.data?.data.export;

  useEffect(() => {
    if (!file || announced.current === file.id) return;
    if (file.status === 'ready') {
      announced.current = file.id;
      startDownload(file);
      notify.success(texts?.success ?? EXPORT_TEXTS.exported(file.reportName));
    } else if (file.status === 'failed') {
      announced.current = file.id;
      notify.error(failure);
    }
  }, [file, texts, failure]);

  function close() {
    setDraft(blank(start));
    setError(null);
    setExportId(null);
    create.reset();
    onClose();
  }

  function submit() {
    // Spec 001 §5.
    if (draft.dateRange === 'custom' && (!draft.startDate || !draft.endDate)) return setError(EXPORT_TEXTS.customRangeRequired);
    if (draft.dateRange === 'custom' && draft.endDate < draft.startDate) return setError(EXPORT_TEXTS.endBeforeStart);
    setExportId(null);
    create.mutate();
  }

  const busy = create.isPending || (!!file && (file.status === 'queued' || file.status === 'running'));
  const breakdowns = BREAKDOWNS[draft.reportType] as readonly Breakdown[];
  const list = isList(draft.reportType);
  return (
    <Modal opened={opened} onClose={close} title="Export Report" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {allowed.length === 0 ? (
          <Alert color="yellow">You do not have permission to export reports.</Alert>
        ) : (
          <>
            <Select
              label="Report"
              data={allowed.map((t) => ({ value: t, label: EXPORT_TYPE_LABELS[t] }))}
              value={draft.reportType}
              onChange={(v) => v && setDraft({ ...blank(v as ExportType), format: isList(v as ExportType) ? 'pdf' : draft.format })}
              allowDeselect={false}
            />
            <Select
              label="Format"
              data={EXPORT_FORMATS.map((f) => ({ value: f, label: EXPORT_FORMAT_LABELS[f], disabled: list && f !== 'pdf' }))}
              value={draft.format}
              onChange={(v) => v && set('format', v as ExportFormat)}
              allowDeselect={false}
              description={list ? EXPORT_TEXTS.pdfOnly : undefined}
            />
            {!list && (
              <>
                <Select
                  label="Date range"
                  data={DATE_RANGES.map((r) => ({ value: r, label: DATE_RANGE_LABELS[r] }))}
                  value={draft.dateRange}
                  onChange={(v) => v && set('dateRange', v as DateRange)}
                  allowDeselect={false}
                  description={draft.reportType === 'members' ? 'Members who had joined by the end of the period' : undefined}
                />
                {draft.dateRange === 'custom' && (
                  <Group grow align="flex-start">
                    <TextInput
                      type="date"
                      label="Start date"
                      value={draft.startDate}
                      onChange={(e) => set('startDate', e.currentTarget.value)}
                    />
                    <TextInput type="date" label="End date" value={draft.endDate} onChange={(e) => set('endDate', e.currentTarget.value)} />
                  </Group>
                )}
                <Select
                  label="Breakdown by"
                  data={breakdowns.map((b) => ({ value: b, label: BREAKDOWN_LABELS[b] }))}
                  value={draft.breakdownBy}
                  onChange={(v) => v && set('breakdownBy', v as Breakdown)}
                  allowDeselect={false}
                />
                <Switch
                  label="Include details (one row per record beside the summary)"
                  checked={draft.includeDetails}
                  onChange={(e) => set('includeDetails', e.currentTarget.checked)}
                />
              </>
            )}
          </>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {file && (file.status === 'queued' || file.status === 'running') && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">{file.status === 'queued' ? 'Waiting to start…' : `Building ${file.reportName}… ${file.progress}%`}</Text>
            <Progress value={file.status === 'queued' ? 2 : file.progress} animated aria-label="Export progress" />
          </Stack>
        )}
        {file?.status === 'ready' && (
          <Alert color="green" title={`${file.reportName} is ready`}>
            <Text size="sm">
              {file.rowCount === 1 ? '1 row' : `${file.rowCount ?? 0} rows`}. The download should start by itself;{' '}
              <Anchor href={file.downloadUrl ?? undefined} download={file.fileName ?? undefined}>
                download {file.fileName}
              </Anchor>{' '}
              (the link works until {new Date(file.expiresAt!).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' })}).
            </Text>
          </Alert>
        )}
        {file?.status === 'failed' && (
          <Alert color="red" role="alert">
            {failure}: {file.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {file?.status === 'ready' ? 'Close' : 'Cancel'}
          </Button>
          <Button onClick={submit} loading={busy} disabled={allowed.length === 0}>
            Export
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Quick actions of the pastor dashboard (spec 001 §2: export financial or members). */
export const ExportMembersDialog = (p: { opened: boolean; onClose: () => void }) => <ExportDialog {...p} reportType="members" />;
export const ExportFinancialDialog = (p: { opened: boolean; onClose: () => void }) => <ExportDialog {...p} reportType="financial" />;
