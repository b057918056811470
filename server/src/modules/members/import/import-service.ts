import crypto from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { eq, inArray, or } from 'drizzle-orm';
import { normalisePhone } from '@church/contract/rules/phone';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_LISTED_ROWS,
  IMPORT_TEXTS,
  MEMBER_IMPORT_MAX_ROWS,
  guessMapping,
  type ImportCounts,
  type ImportField,
  type ImportMapping,
  type ImportRow,
} from '@church/contract/members-import';
import type { Db, DbOrTx } from '../../../db/client';
import { memberStatusHistory, users, type UserRow } from '../../../db/schema/index';
import { badRequest, HttpError } from '../../../lib/errors';
import { memoryBudget } from '../../../lib/memory-budget';
import { recordAudit } from '../../audit/audit';
import { noEventList, type EmitEvents } from '../../../events/domain-events';
import { memberObject } from '../../../events/objects';
import { diff, type Actor } from '../service';
import { cellsOf, planRow, type Cells, type HouseholdCell, type RowPlan } from './import-rows';
import { createHouseholdPlacer, type Placement } from './households';

/** Rows looked up and written together: one SELECT … WHERE email IN (…) OR phone IN (…) and one INSERT per chunk. */
const CHUNK = 500;
/**
 * How much an import may grow the server before its garbage is collected. Each chunk's rows, plans and
 * query results are promoted past the server's 2 MB young generation and waited in the old generation
 * for a full collection: a 10,000-row import grew the server's RSS by ≈ 125 MB, a 1,000-row one by
 * ≈ 12–25 MB (bench/reports/people.md), though nothing outlives its chunk.
 */
const IMPORT_MEMORY_BUDGET_BYTES = 24 * 1024 * 1024;

export interface ImportResult {
  headers: string[];
  mapping: ImportMapping;
  sample: string[];
  counts: ImportCounts;
  rows: ImportRow[];
  listedAll: boolean;
  /** Households the import made (0 in a dry run). */
  households: number;
  /** The rows not imported, as the file had them with their reasons, as CSV (commit only; null when none). */
  rejectedCsv: string | null;
}

/** A name compared without case or extra spaces: 'Thandi  Mokoena' and 'thandi mokoena' are one person's. */
const nameKey = (n: string | undefined) => (n ?? '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Checks the leader's mapping against the header row and turns it into one field per column. */
export function columnsFor(headers: string[], given: ImportMapping | undefined) {
  const seen = new Set<string>();
  for (const h of headers) {
    if (seen.has(h)) throw badRequest(IMPORT_TEXTS.duplicateHeader(h));
    seen.add(h);
  }
  const mapping = given ?? guessMapping(headers);
  for (const h of Object.keys(mapping)) if (!seen.has(h)) throw badRequest(IMPORT_TEXTS.unknownColumn(h));
  const used = new Set<ImportField>();
  const columns = headers.map((h) => {
    const f = mapping[h] ?? '';
    if (f && used.has(f)) throw badRequest(IMPORT_TEXTS.fieldTwice(IMPORT_FIELD_LABELS[f]));
    if (f) used.add(f);
    return f;
  });
  if (!used.has('name') && !used.has('firstName') && !used.has('lastName')) throw badRequest(IMPORT_TEXTS.nameNotMapped);
  return {
    mapping: Object.fromEntries(headers.map((h, i) => [h, columns[i]!])) as ImportMapping,
    columns,
    byHouseholdColumn: used.has('household'),
  };
}

interface Line {
  row: number;
  record: string[];
  cells: Cells;
  household: HouseholdCell;
  /** The row's phone as E.164 when it is a valid number (rows are matched by it). */
  phone: string | null;
}

/**
 * One pass over the file, CHUNK rows at a time, so memory stays flat
 * whatever the file's length. The dry run only reads. The import runs the
 * same pass inside one transaction: it writes each chunk's good rows and keeps
 * the bad ones (as the file had them, with the reasons) to hand back as a CSV.
 * A failure of the server itself rolls the whole import back.
 *
 * A row is the member with its e-mail; without an e-mail match, the member with
 * its phone (in any form) and the same name. The same phone under another name
 * is another person (families here often share one phone).
 */
export function createMemberImport(db: Db, emitMany: EmitEvents = noEventList) {
  async function pass(
    tx: DbOrTx,
    actor: Actor,
    records: AsyncIterable<string[]>,
    opts: { mapping?: ImportMapping; fileName: string; commit: boolean },
  ): Promise<ImportResult> {
    const it = records[Symbol.asyncIterator]();
    const first = await it.next();
    if (first.done || !first.value.some((c) => c.trim())) throw badRequest(IMPORT_TEXTS.empty);
    const headers = first.value.map((h) => h.trim());
    const { mapping, columns, byHouseholdColumn } = columnsFor(headers, opts.mapping);

    const today = new Date().toISOString().slice(0, 10);
    const defaultReason = IMPORT_TEXTS.defaultReason(opts.fileName);
    const counts: ImportCounts = { total: 0, created: 0, updated: 0, unchanged: 0, errors: 0 };
    const listed: ImportRow[] = [];
    let listedOthers = 0;
    let listedAll = true;
    const seenEmails = new Map<string, number>();
    const seenPeople = new Map<string, number>();
    const rejected: string[][] = [];
    const placer = opts.commit ? createHouseholdPlacer(tx, { byColumn: byHouseholdColumn }) : null;
    let sample: string[] = [];

    const list = (r: ImportRow) => {
      if (r.action === 'error') return void listed.push(r);
      if (listedOthers >= IMPORT_LISTED_ROWS) return void (listedAll = false);
      listedOthers++;
      listed.push(r);
    };

    async function runChunk(batch: Line[]) {
      const emails = [...new Set(batch.map((b) => b.cells.email?.toLowerCase()).filter((e): e is string => !!e))];
      const phones = [...new Set(batch.map((b) => b.phone).filter((p): p is string => !!p))];
      const found = emails.length || phones.length ? await lookup(tx, emails, phones, opts.commit) : [];
      const byEmail = new Map(found.filter((u) => u.email).map((u) => [u.email!, u]));
      const byPhoneName = new Map(found.filter((u) => u.phone).map((u) => [`${u.phone}|${nameKey(u.name)}`, u]));
      const plans: (Line & { plan: RowPlan })[] = [];
      for (const b of batch) {
        const email = b.cells.email?.toLowerCase();
        const person = b.phone && b.cells.name ? `${b.phone}|${nameKey(b.cells.name)}` : undefined;
        let plan: RowPlan;
        const earlier = email ? seenEmails.get(email) : undefined;
        const twin = person ? seenPeople.get(person) : undefined;
        const existing = (email ? byEmail.get(email) : undefined) ?? (person ? byPhoneName.get(person) : undefined);
        if (earlier) plan = { action: 'error', errors: [IMPORT_TEXTS.emailTwice(earlier)] };
        else if (twin) plan = { action: 'error', errors: [IMPORT_TEXTS.personTwice(twin)] };
        else plan = planRow(actor, b.cells, existing, today, defaultReason);
        if (email && !earlier) seenEmails.set(email, b.row);
        if (person && !twin) seenPeople.set(person, b.row);
        plans.push({ ...b, plan });
        counts.total++;
        if (plan.action === 'error') counts.errors++;
        else if (plan.action === 'new') counts.created++;
        else if (plan.action === 'updated') counts.updated++;
        else counts.unchanged++;
        if (plan.action === 'error' && opts.commit) rejected.push([...headers.map((_, i) => b.record[i] ?? ''), plan.errors.join('; ')]);
        const known = 'existing' in plan ? plan.existing : undefined;
        list({
          row: b.row,
          email: email ?? known?.email ?? null,
          name: (plan.action === 'new' ? plan.values.name : (known?.name ?? b.cells.name)) ?? null,
          action: plan.action,
          changes: plan.action === 'updated' ? plan.changes : [],
          errors: plan.action === 'error' ? plan.errors : [],
        });
      }
      if (opts.commit) {
        const placed = await write(
          tx,
          actor,
          plans.map((p) => p.plan),
        );
        const good = plans.filter((p) => p.plan.action !== 'error');
        await placer!.place(placed.map((u, i) => ({ ...u, cell: good[i]!.household })));
      }
    }

    const memory = memoryBudget(IMPORT_MEMORY_BUDGET_BYTES);
    let batch: Line[] = [];
    let row = 1;
    for (let r = await it.next(); !r.done; r = await it.next()) {
      row++;
      if (!r.value.some((c) => c.trim())) continue;
      if (counts.total + batch.length >= MEMBER_IMPORT_MAX_ROWS) throw new HttpError(413, IMPORT_TEXTS.tooManyRows);
      if (!sample.length) sample = headers.map((_, i) => r.value[i] ?? '');
      const { cells, household } = cellsOf(r.value, columns);
      batch.push({ row, record: opts.commit ? r.value : [], cells, household, phone: cells.phone ? normalisePhone(cells.phone) : null });
      if (batch.length >= CHUNK) {
        await runChunk(batch);
        batch = [];
        memory.check();
      }
    }
    if (batch.length) await runChunk(batch);
    if (!counts.total) throw badRequest(IMPORT_TEXTS.noRows);
    const households = placer?.created() ?? 0;
    if (opts.commit) {
      await recordAudit(tx, {
        ...actor,
        action: 'member.imported',
        entityType: 'import',
        entityId: crypto.randomUUID(),
        summary:
          `Imported ${opts.fileName}: ${counts.created} new, ${counts.updated} updated, ${counts.unchanged} unchanged` +
          (counts.errors ? `, ${counts.errors} not imported` : '') +
          (households ? `, ${households} households made` : ''),
        after: { fileName: opts.fileName, mapping, counts, households },
      });
    }
    const rejectedCsv = rejected.length ? stringify([[...headers, IMPORT_TEXTS.reasonColumn], ...rejected]) : null;
    return { headers, mapping, sample, counts, rows: listed, listedAll, households, rejectedCsv };
  }

  /** Writes a chunk's good rows; answers, in the plans' order (errors left out), who was written, for the households. */
  async function write(tx: DbOrTx, actor: Actor, plans: RowPlan[]): Promise<Omit<Placement, 'cell'>[]> {
    const placed = new Map<RowPlan, Omit<Placement, 'cell'>>();
    const fresh = plans.filter((p): p is Extract<RowPlan, { action: 'new' }> => p.action === 'new');
    if (fresh.length) {
      const rows = await tx
        .insert(users)
        .values(fresh.map((p) => p.values))
        .returning();
      // Like Add member: each new member's history starts with the status they came in with.
      rows.forEach((u, i) => placed.set(fresh[i]!, { userId: u.id, currentHouseholdId: null, address: u.address }));
      await tx.insert(memberStatusHistory).values(
        rows.map((u, i) => ({
          memberId: u.id,
          fromStatus: null,
          toStatus: u.status,
          reason: fresh[i]!.reason,
          changedBy: actor.actorId,
          changedByName: actor.actorName,
        })),
      );
      // One outbox insert for the chunk (events/domain-events.ts), whoever listens.
      await emitMany(
        tx,
        rows.map((u) => ({ type: 'member.created' as const, data: { object: memberObject(u) } })),
      );
    }
    const updated: Parameters<EmitEvents>[1] = [];
    for (const p of plans) {
      if (p.action === 'unchanged')
        placed.set(p, { userId: p.existing.id, currentHouseholdId: p.existing.householdId, address: p.existing.address });
      if (p.action !== 'updated') continue;
      const [after] = await tx.update(users).set(p.set).where(eq(users.id, p.existing.id)).returning();
      if (after!.status !== p.existing.status) {
        await tx.insert(memberStatusHistory).values({
          memberId: after!.id,
          fromStatus: p.existing.status,
          toStatus: after!.status,
          reason: p.reason,
          changedBy: actor.actorId,
          changedByName: actor.actorName,
        });
      }
      const d = diff(p.existing, after!);
      await recordAudit(tx, {
        ...actor,
        action: 'member.updated',
        entityType: 'user',
        entityId: after!.id,
        summary: `Updated ${after!.name} by CSV import: ${d.changed.join(', ')}`,
        before: d.before,
        after: d.after,
      });
      updated.push({ type: 'member.updated', data: { object: memberObject(after!), previous: memberObject(p.existing) } });
      placed.set(p, { userId: after!.id, currentHouseholdId: after!.householdId, address: after!.address });
    }
    await emitMany(tx, updated);
    return plans.filter((p) => p.action !== 'error').map((p) => placed.get(p)!);
  }

  /** The accounts with the chunk's e-mails or phones (users_phone_idx serves the phones). */
  async function lookup(tx: DbOrTx, emails: string[], phones: string[], lock: boolean): Promise<UserRow[]> {
    const q = tx
      .select()
      .from(users)
      .where(or(emails.length ? inArray(users.email, emails) : undefined, phones.length ? inArray(users.phone, phones) : undefined));
    return lock ? q.for('update') : q;
  }

  return {
    /** What the file would do; writes nothing. */
    dryRun: (actor: Actor, records: AsyncIterable<string[]>, opts: { mapping?: ImportMapping; fileName: string }) =>
      pass(db, actor, records, { ...opts, commit: false }),
    /** Imports the good rows in one transaction and hands back the bad ones with their reasons. */
    commit: (actor: Actor, records: AsyncIterable<string[]>, opts: { mapping?: ImportMapping; fileName: string }) =>
      db.transaction((tx) => pass(tx, actor, records, { ...opts, commit: true })),
  };
}
export type MemberImport = ReturnType<typeof createMemberImport>;

/** Every field a column may be mapped to (for the OpenAPI description). */
export const MAPPABLE = IMPORT_FIELDS.join(', ');
