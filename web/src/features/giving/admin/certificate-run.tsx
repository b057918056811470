import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { CERTIFICATE_RUN_TITLES, certificateRunSummary, type CertificateRun } from '@church/contract/giving-tax';
import { notify } from '../../../lib/notify';
import { useRunFinished } from '../api/tax';

const COLORS = { queued: 'blue', running: 'blue', done: 'green', failed: 'red' } as const;
const when = (iso: string) => new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
const open = (r: CertificateRun | undefined) => r?.status === 'queued' || r?.status === 'running';

/**
 * Where the newest certificate run of the tax year is: queued, running, done
 * with its counts, or failed with the reason. When a run the page watched
 * finishes, the list and the deliverability are read again and a toast says so.
 * `requested` is the run this page asked for: a small run can be done before
 * the page ever reads it as queued, and must refresh the list all the same.
 */
export function CertificateRunStatus({
  run,
  taxYear,
  requested,
}: {
  run: CertificateRun | undefined;
  taxYear: number;
  requested?: string;
}) {
  const finished = useRunFinished();
  const watched = useRef<string | null>(null);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!run) return;
    if (open(run)) {
      watched.current = run.id;
      return;
    }
    if (watched.current !== run.id && requested !== run.id) return;
    if (handled.current === run.id) return;
    handled.current = run.id;
    watched.current = null;
    finished(taxYear);
    if (run.status === 'done') notify.success(certificateRunSummary(run));
    else notify.error(`Certificates not issued: ${certificateRunSummary(run)}`);
  }, [run, taxYear, finished, requested]);

  if (!run) return null;
  return (
    <Alert
      color={COLORS[run.status]}
      variant="light"
      title={CERTIFICATE_RUN_TITLES[run.status]}
      icon={open(run) ? <Loader size={16} /> : run.status === 'done' ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
      data-testid="certificate-run"
      data-status={run.status}
    >
      {/* The text changes as the job moves on: read out to someone using a screen reader. */}
      <Text size="sm" aria-live="polite">
        {certificateRunSummary(run)}
      </Text>
      <Group gap="xs" mt={4}>
        <Text size="xs" c="dimmed">
          Asked by {run.requestedBy}, {when(run.createdAt)}
          {run.finishedAt ? ` · finished ${when(run.finishedAt)}` : ''}
        </Text>
      </Group>
    </Alert>
  );
}
