/**
 * Issue 29, finding 3: no client action may stop the server. Every streamed download — the backup, a
 * report export, the donations list (CSV and Excel), the certificates ZIP, the my-data ZIP, a sermon's
 * video — is cut off by its client at five points over a real socket: right after the request is sent,
 * on the response's headers, after the first chunk, half way and just before the end. After each the
 * server still answers, and no temporary file is left behind.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSaIdCheckDigit } from '@church/contract/rules/sa-id';
import { donations, sermons } from '../../src/db/schema/index';
import { mediaDir } from '../../src/modules/sermons/upload';
import { writeBackup } from '../../src/modules/ops/backup/write-backup';
import { CERTIFICATES_JOB } from '../../src/modules/giving/certificate-runs';
import { createTestApp, createUser, json, type TestApp } from '../test-app';

let t: TestApp;
let base: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sec-aborts-'));
// Files run one after another in the same process (isolate: false): the folder is this file's only.
const previousTmpdir = process.env.TMPDIR;
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => void unhandled.push(e);
const routes: { name: string; url: string; token?: string; size: number }[] = [];

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  t = await createTestApp();
  // From here on, temporary files of this process go to a folder of its own, so "none left" is exact.
  process.env.TMPDIR = tmp;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const superadmin = await createUser(t, { role: 'superadmin' });
  const admin = await createUser(t, { role: 'admin' });
  const member = await createUser(t, { role: 'member', address: '1 Church Street, Pretoria' });

  // Enough rows and media that every download takes several chunks.
  const year = new Date().getFullYear();
  const donors: Awaited<ReturnType<typeof createUser>>[] = [];
  for (let i = 0; i < 3; i++) {
    const d = await createUser(t, { name: `Abort Donor ${i}`, address: `${i} Main Road, Durban`, phone: '+27 82 000 0000' });
    await t.request({
      method: 'PUT',
      url: '/api/giving/tax-profile',
      token: d.token,
      payload: { idNumber: withSaIdCheckDigit(`8501015800${String(i).padStart(2, '0')}`), taxNumber: '0123456789' },
    });
    donors.push(d);
  }
  const rows = Array.from({ length: 6000 }, (_, i) => ({
    userId: donors[i % 3]!.user.id,
    donorName: `Abort Donor ${i % 3}`,
    amountCents: 1000 + i,
    status: 'completed',
    fund: 'General',
    givenAt: new Date(Date.UTC(year - 1, 3 + (i % 6), 1 + (i % 27))),
  }));
  for (let i = 0; i < rows.length; i += 1000) await t.database.db.insert(donations).values(rows.slice(i, i + 1000));
  const video = path.join(mediaDir(t.config.uploadDir, 'video'), 'abort-test.mp4');
  fs.mkdirSync(path.dirname(video), { recursive: true });
  fs.writeFileSync(video, Buffer.alloc(3 * 1024 * 1024, 7));
  await t.database.db
    .insert(sermons)
    .values({ title: 'Abort test', speaker: 'Ps. Test', preachedOn: new Date(), videoFile: 'abort-test.mp4', published: true });

  // A report export and a person's my-data ZIP, built by their jobs.
  const exp = await t.request({
    method: 'POST',
    url: '/api/exports',
    token: admin.token,
    payload: { reportType: 'giving', format: 'csv', dateRange: 'this_year' },
  });
  expect(exp.statusCode, exp.body).toBe(202);
  await t.request({ method: 'POST', url: '/api/members/profile/data-export', token: member.token });
  // Certificates of the tax year that ended: PBO details, then a run.
  const pbo = {
    pboName: 'Grace Community Church NPC',
    pboNumber: '930012345',
    npoNumber: '123-456 NPO',
    s18aApproved: true,
    address: '12 Church Street, Hatfield, Pretoria',
    bank: { bankName: 'FNB', accountName: 'Grace', accountNumber: '628', branchCode: '250655' },
  };
  expect((await t.request({ method: 'PUT', url: '/api/giving/tax-settings', token: admin.token, payload: pbo })).statusCode).toBe(200);
  const taxYear = new Date().getMonth() >= 2 ? year : year - 1;
  expect((await t.request({ method: 'POST', url: '/api/giving/certificates/runs', token: admin.token, payload: { taxYear } })).statusCode).toBe(
    202,
  );
  await t.ctx.jobs.drain();
  await t.ctx.jobs.drain({ names: [CERTIFICATES_JOB] });
  const exportUrl = json(await t.request({ method: 'GET', url: `/api/exports/${json(exp).data.export.id}`, token: admin.token })).data.export
    .downloadUrl as string;
  const dataRequests = json(await t.request({ method: 'GET', url: '/api/members/profile/data-requests', token: member.token })).data;
  const dataExportId = (dataRequests.requests ?? dataRequests.dataRequests)[0].id as string;

  const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const candidates = [
    { name: 'backup', url: '/api/ops/backup', token: superadmin.token },
    { name: 'report export (signed link)', url: exportUrl },
    { name: 'donations CSV', url: '/api/donations/export?format=csv&period=all', token: admin.token },
    { name: 'donations Excel', url: '/api/donations/export?format=xlsx&period=all', token: admin.token },
    { name: 'certificates ZIP', url: `/api/giving/certificates/zip?taxYear=${taxYear}`, token: admin.token },
    { name: 'giving statements ZIP', url: `/api/giving/statements/zip?from=${dayAgo(4 * 365)}&to=${dayAgo(-1)}`, token: admin.token },
    { name: 'my-data ZIP', url: `/api/members/profile/data-export/${dataExportId}`, token: member.token },
    { name: 'sermon video', url: '/api/sermons/video/abort-test.mp4' },
  ];
  // Each download once whole: its size, for the half-way and just-before-the-end points.
  for (const c of candidates) {
    const whole = await download(c.url, c.token);
    expect(whole.status, `${c.name}: ${whole.body.subarray(0, 200).toString()}`).toBe(200);
    routes.push({ ...c, size: whole.body.length });
  }
}, 240_000);

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await t?.close();
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  fs.rmSync(tmp, { recursive: true, force: true });
});

const headers = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

function download(url: string, token?: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers: headers(token), agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const POINTS = ['request sent', 'headers', 'first chunk', 'half way', 'just before the end'] as const;
type Point = (typeof POINTS)[number];

/** Starts the download and cuts the connection at `point`; resolves once the socket is closed. */
function abortAt(url: string, token: string | undefined, point: Point, size: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get(`${base}${url}`, { headers: headers(token), agent: false });
    req.on('error', () => {});
    req.on('close', () => resolve());
    if (point === 'request sent') req.on('finish', () => req.destroy());
    req.on('response', (res) => {
      res.on('error', () => {});
      if (point === 'headers') return req.destroy();
      let got = 0;
      const at = point === 'first chunk' ? 1 : point === 'half way' ? Math.floor(size / 2) : size - 1;
      res.on('data', (c: Buffer) => {
        got += c.length;
        if (got >= at) req.destroy();
      });
    });
  });
}

async function settles(check: () => boolean, what: string) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check(), what).toBe(true);
}

describe('a download cut short never stops the server', () => {
  it('each streamed route, cut off at five points, leaves the server answering and no temporary file', async () => {
    expect(routes.length).toBe(8);
    const dataFilesBefore = listFiles(t.config.dataDir);
    for (const r of routes)
      for (const point of POINTS) {
        await abortAt(r.url, r.token, point, r.size);
        const health = await download('/api/health');
        expect(health.status, `${r.name} cut at ${point}: the server stopped answering`).toBe(200);
        await settles(() => fs.readdirSync(tmp).length === 0, `${r.name} cut at ${point} left ${fs.readdirSync(tmp).join(', ')}`);
      }
    // The same files as before the aborts: no partial export, backup or ZIP left in DATA_DIR.
    expect(listFiles(t.config.dataDir)).toEqual(dataFilesBefore);
    expect(unhandled).toEqual([]);
    // And every route still serves a whole download afterwards.
    for (const r of routes) expect((await download(r.url, r.token)).status, r.name).toBe(200);
  }, 240_000);

  it('a backup whose output fails part way (a full disk) rejects, leaving no temporary folder and no unhandled rejection', async () => {
    let written = 0;
    const fullDisk = new Writable({
      write(chunk: Buffer, _enc, cb) {
        written += chunk.length;
        if (written > 64 * 1024) cb(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
        else cb();
      },
    });
    await expect(writeBackup(t.database, t.config.uploadDir, fullDisk)).rejects.toThrow(/ENOSPC/);
    await settles(() => fs.readdirSync(tmp).length === 0, 'the backup left its temporary folder');
    expect(unhandled).toEqual([]);
    expect((await download('/api/health')).status).toBe(200);
  });
});

function listFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const d of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = path.join(rel, d.name);
    if (d.isDirectory()) out.push(...listFiles(dir, r));
    else out.push(r);
  }
  return out.sort();
}
