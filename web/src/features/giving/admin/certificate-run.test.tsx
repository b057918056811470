import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CertificateRun } from '@church/contract/giving-tax';
import { theme } from '../../../app/theme';
import { ToastHost } from '../../../app/toast-host';
import { CertificateRunStatus } from './certificate-run';

const base: CertificateRun = {
  _id: 'r1',
  id: 'r1',
  taxYear: 2026,
  status: 'queued',
  attempts: 0,
  issued: null,
  alreadyIssued: null,
  skipped: null,
  firstReceipt: null,
  lastReceipt: null,
  error: null,
  requestedBy: 'Anele Mokoena',
  createdAt: '2026-03-02T08:00:00Z',
  startedAt: null,
  finishedAt: null,
};
const done: CertificateRun = {
  ...base,
  status: 'done',
  attempts: 1,
  issued: 11,
  alreadyIssued: 0,
  skipped: 1,
  firstReceipt: 'R000001',
  lastReceipt: 'R000011',
  finishedAt: '2026-03-02T08:00:03Z',
};

function setup() {
  const qc = new QueryClient();
  const invalidate = vi.spyOn(qc, 'invalidateQueries');
  const ui = (run: CertificateRun, requested?: string) => (
    <MantineProvider theme={theme}>
      <ToastHost />
      <QueryClientProvider client={qc}>
        <CertificateRunStatus run={run} taxYear={2026} requested={requested} />
      </QueryClientProvider>
    </MantineProvider>
  );
  return { ui, invalidate };
}
afterEach(() => vi.restoreAllMocks());

describe('CertificateRunStatus', () => {
  it('follows a run from queued to done: the counts, a toast, and the list read again', async () => {
    const { ui, invalidate } = setup();
    const view = render(ui(base));
    expect(screen.getByTestId('certificate-run')).toHaveAttribute('data-status', 'queued');
    expect(screen.getByText('Queued')).toBeInTheDocument();
    expect(screen.getByText('Waiting for the job queue.')).toBeInTheDocument();
    view.rerender(ui({ ...base, status: 'running', attempts: 1 }));
    expect(screen.getByText('Issuing certificates…')).toBeInTheDocument();
    expect(invalidate).not.toHaveBeenCalled();
    view.rerender(ui(done));
    expect(screen.getByText('Done')).toBeInTheDocument();
    // The panel's line, and the same words in the toast.
    await waitFor(() =>
      expect(screen.getAllByText('11 certificates issued (R000001–R000011); 1 donor needs details first')).toHaveLength(2),
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['giving-tax', 'list', 2026] });
  });

  it('a run found finished on opening the page says so without a toast', () => {
    const { ui, invalidate } = setup();
    render(ui({ ...base, status: 'failed', attempts: 3, error: 'The job stopped before it finished.', finishedAt: base.createdAt }));
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.getAllByText('The job stopped before it finished.')).toHaveLength(1);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('the run this page asked for, first seen already done, still reads the list again (once)', async () => {
    const { ui, invalidate } = setup();
    // An earlier run, finished before the page opened: nothing to refresh.
    const earlier = { ...done, _id: 'r0', id: 'r0', issued: 0, firstReceipt: null, lastReceipt: null, skipped: 0 };
    const view = render(ui(earlier));
    expect(invalidate).not.toHaveBeenCalled();
    // The answer to the request names r1; the next read of the runs finds it done, never queued.
    view.rerender(ui(done, 'r1'));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['giving-tax', 'list', 2026] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['giving-tax', 'deliverability', 2026] });
    const calls = invalidate.mock.calls.length;
    view.rerender(ui({ ...done }, 'r1'));
    expect(invalidate.mock.calls.length).toBe(calls);
  });
});
