import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Tabs } from '@mantine/core';
import { currentTaxYear, type Certificate, type CertificateRun, type Deliverability } from '@church/contract/giving-tax';
import { renderAt } from '../../../test/render';
import { TaxPanels } from './tax-panels';

// The panel opens on the last finished tax year.
const taxYear = currentTaxYear() - 1;
const run = (id: string, over: Partial<CertificateRun>): CertificateRun => ({
  _id: id,
  id,
  taxYear,
  status: 'done',
  attempts: 1,
  issued: 0,
  alreadyIssued: 0,
  skipped: 0,
  firstReceipt: null,
  lastReceipt: null,
  error: null,
  requestedBy: 'Anele Mokoena',
  createdAt: '2026-03-02T08:00:00Z',
  startedAt: '2026-03-02T08:00:01Z',
  finishedAt: '2026-03-02T08:00:02Z',
  ...over,
});
const certificate: Certificate = {
  _id: 'c1',
  id: 'c1',
  receiptNumber: 'R000001',
  taxYear,
  donorName: 'Thandi Nkosi',
  total: 250,
  giftCount: 1,
  giftsFrom: '2025-06-01',
  giftsTo: '2025-06-01',
  household: false,
  issuedAt: '2026-03-03T08:00:02Z',
  giftsUpTo: null,
  emailedAt: null,
  status: 'issued',
  cancelledAt: null,
  cancelReason: null,
  replaces: null,
  replacedBy: null,
};
const deliverability: Deliverability = {
  donors: [],
  pboMissing: [],
  ready: { certificates: 1, total: 250 },
  outOfDate: [],
  eligibleFunds: ['General'],
  year: { startsOn: `${taxYear - 1}-03-01`, endsOn: `${taxYear}-02-28`, ended: true },
};

/**
 * The giving-tax API as the page sees it. `earlier` is the tax year's newest run
 * before the treasurer asks; the run the POST starts is already done by the time
 * the page next reads the runs: a small run on an idle job queue finishes in the
 * moment between the answer to the request and the page's next read.
 */
function serve(earlier: CertificateRun[], gaps: Deliverability = deliverability) {
  const state = { runs: earlier, certificates: [] as Certificate[] };
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const json = (data: object, status = 200) =>
    new Response(JSON.stringify({ status: 'success', ...data }), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input), 'http://church.test').pathname;
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (method === 'POST') bodies.push(JSON.parse(String(init?.body ?? '{}')));
      if (method === 'POST' && path === '/api/giving/certificates/runs') {
        const queued = run('r-new', { status: 'queued', attempts: 0, issued: null, alreadyIssued: null, skipped: null, finishedAt: null });
        // What the job does before the page looks again: issues the certificate and finishes the run.
        state.runs = [
          {
            ...queued,
            status: 'done',
            attempts: 1,
            issued: 1,
            firstReceipt: 'R000001',
            lastReceipt: 'R000001',
            finishedAt: '2026-03-03T08:00:02Z',
          },
          ...state.runs,
        ];
        state.certificates = [certificate];
        return json({ message: 'Certificates queued: they are issued in the background', data: { run: queued } }, 202);
      }
      if (path === '/api/giving/certificates/runs') return json({ data: { runs: state.runs } });
      if (path === '/api/giving/certificates') return json({ data: { certificates: state.certificates } });
      if (path === '/api/giving/certificates/deliverability') return json({ data: gaps });
      return new Response(JSON.stringify({ status: 'error', message: 'Not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return Object.assign(calls, { bodies });
}

function open() {
  renderAt(
    <Tabs value="certificates">
      <TaxPanels manage />
    </Tabs>,
    { path: '/giving' },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Certificates panel: the run the treasurer asked for', () => {
  it('arrives already done (never seen queued): the list is read again and shows the new certificate', async () => {
    const calls = serve([]);
    open();
    expect(await screen.findByText('No certificates issued for this tax year yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('certificate-run')).not.toBeInTheDocument();
    const listReads = () => calls.filter((c) => c === 'GET /api/giving/certificates').length;
    const before = listReads();

    fireEvent.click(screen.getByRole('button', { name: 'Generate certificates' }));

    // The page's first sight of the run is 'done'…
    await waitFor(() => expect(screen.getByTestId('certificate-run')).toHaveAttribute('data-status', 'done'));
    // …and the list is still read again: the new certificate is there without reloading the page.
    const row = await screen.findByTestId('certificate-row');
    expect(within(row).getByText('R000001')).toBeInTheDocument();
    expect(within(row).getByText('Thandi Nkosi')).toBeInTheDocument();
    expect(listReads()).toBeGreaterThan(before);
    expect(screen.queryByText('No certificates issued for this tax year yet.')).not.toBeInTheDocument();
    // The panel's line and the toast with the run's counts, as for a run watched from queued to done.
    await waitFor(() => expect(screen.getAllByText('1 certificate issued (R000001)')).toHaveLength(2));
  });

  it('also when an earlier run of the tax year was already done when the page opened', async () => {
    const calls = serve([run('r-old', { issued: 0, alreadyIssued: 0 })]);
    open();
    await waitFor(() => expect(screen.getByTestId('certificate-run')).toHaveAttribute('data-status', 'done'));
    expect(await screen.findByText('No certificates issued for this tax year yet.')).toBeInTheDocument();
    // The earlier run finished before the page opened: it refreshes nothing and says nothing.
    const listReads = () => calls.filter((c) => c === 'GET /api/giving/certificates').length;
    const before = listReads();
    expect(before).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Generate certificates' }));

    // The newest run goes from one 'done' to another without ever being open in between.
    expect(await screen.findByTestId('certificate-row')).toHaveTextContent('R000001');
    expect(listReads()).toBeGreaterThan(before);
  });
});

describe('Certificates panel: a tax year that has not ended', () => {
  const running: Deliverability = {
    ...deliverability,
    eligibleFunds: [],
    year: { startsOn: `${taxYear - 1}-03-01`, endsOn: `${taxYear}-02-28`, ended: false },
  };

  it('warns, and issues only after the treasurer confirms in a dialog', async () => {
    const calls = serve([], running);
    open();
    expect(await screen.findByTestId('year-running')).toHaveTextContent(
      `The ${taxYear - 1}/${String(taxYear).slice(2)} tax year is still running (until 28 February ${taxYear}).`,
    );
    // No fund marked eligible: said in red where the treasurer issues.
    expect(screen.getByTestId('eligible-funds')).toHaveTextContent('No fund is marked section 18A-eligible');
    const posts = () => calls.filter((c) => c.startsWith('POST')).length;

    fireEvent.click(screen.getByRole('button', { name: 'Generate certificates' }));
    const dialog = await screen.findByRole('dialog', { name: /before the year ends\?/ });
    expect(dialog).toHaveTextContent('has not ended (it runs until 28 February');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Generate certificates' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Issue certificates now' }));
    await waitFor(() => expect(posts()).toBe(1));
    expect(calls.bodies).toEqual([{ taxYear, confirmRunningYear: true }]);
    expect(await screen.findByTestId('certificate-row')).toHaveTextContent('R000001');
  });

  it('an ended year issues at once, without a dialog, and names the eligible funds', async () => {
    const calls = serve([]);
    open();
    expect(await screen.findByTestId('eligible-funds')).toHaveTextContent(
      'Certificates cover gifts to the section 18A-eligible funds: General.',
    );
    expect(screen.queryByTestId('year-running')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Generate certificates' }));
    await waitFor(() => expect(calls.bodies).toEqual([{ taxYear, confirmRunningYear: false }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
