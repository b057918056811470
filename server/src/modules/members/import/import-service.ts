import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
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
import { cellsOf, planRow, type Cells, type RowPlan } from './import-rows';

/** Rows looked up and written together: one SELECT … WHERE email IN (…) and one INSERT per chunk. */
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
}

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
  if (!used.has('email')) throw badRequest(IMPORT_TEXTS.emailNotMapped);
  return { mapping: Object.fromEntries(headers.map((h, i) => [h, columns[i]!])) as ImportMapping, columns };
}

/**
 * One pass over the file, CHUNK rows at a time, so memory stays flat
 * whatever the file's length. The dry run only reads. The import runs the
 * same pass inside one transaction and writes while no row has failed; at the
 * end any error rolls everything back, so nothing is ever half-imported.
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
    const { mapping, columns } = columnsFor(headers, opts.mapping);

    const today = new Date().toISOString().slice(0, 10);
    const defaultReason = IMPORT_TEXTS.defaultReason(opts.fileName);
    const counts: ImportCounts = { total: 0, created: 0, updated: 0, unchanged: 0, errors: 0 };
    const listed: ImportRow[] = [];
    let listedOthers = 0;
    let listedAll = true;
    const seenEmails = new Map<string, number>();
    let sample: string[] = [];

    const list = (r: ImportRow) => {
      if (r.action === 'error') return void listed.push(r);
      if (listedOthers >= IMPORT_LISTED_ROWS) return void (listedAll = false);
      listedOthers++;
      listed.push(r);
    };

    async function runChunk(batch: { row: number; cells: Cells }[]) {
      const emails = [...new Set(batch.map((b) => b.cells.email?.toLowerCase()).filter((e): e is string => !!e))];
      const found = emails.length ? await lookup(tx, emails, opts.commit) : [];
      const byEmail = new Map(found.map((u) => [u.email, u]));
      const plans: { row: number; cells: Cells; plan: RowPlan }[] = [];
      for (const b of batch) {
        const email = b.cells.email?.toLowerCase();
        let plan: RowPlan;
        const earlier = email ? seenEmails.get(email) : undefined;
        if (earlier) plan = { action: 'error', errors: [IMPORT_TEXTS.emailTwice(earlier)] };
        else plan = planRow(actor, b.cells, email ? byEmail.get(email) : undefined, today, defaultReason);
        if (email && !earlier) seenEmails.set(email, b.row);
        plans.push({ ...b, plan });
        counts.total++;
        if (plan.action === 'error') counts.errors++;
        else if (plan.action === 'new') counts.created++;
        else if (plan.action === 'updated') counts.updated++;
        else counts.unchanged++;
        const existing = 'existing' in plan ? plan.existing : undefined;
        list({
          row: b.row,
          email: email ?? null,
          name: (plan.action === 'new' ? plan.values.name : (existing?.name ?? b.cells.name)) ?? null,
          action: plan.action,
          changes: plan.action === 'updated' ? plan.changes : [],
          errors: plan.action === 'error' ? plan.errors : [],
        });
      }
      // Once a row has failed nothing more is written: the transaction is rolled back at the end anyway.
      if (opts.commit && counts.errors === 0)
        await write(
          tx,
          actor,
          plans.map((p) => p.plan),
        );
    }

    const memory = memoryBudget(IMPORT_MEMORY_BUDGET_BYTES);
    let batch: { row: number; cells: Cells }[] = [];
    let row = 1;
    for (let r = await it.next(); !r.done; r = await it.next()) {
      row++;
      if (!r.value.some((c) => c.trim())) continue;
      if (counts.total + batch.length >= MEMBER_IMPORT_MAX_ROWS) throw new HttpError(413, IMPORT_TEXTS.tooManyRows);
      if (!sample.length) sample = headers.map((_, i) => r.value[i] ?? '');
      batch.push({ row, cells: cellsOf(r.value, columns) });
      if (batch.length >= CHUNK) {
        await runChunk(batch);
        batch = [];
        memory.check();
      }
    }
    if (batch.length) await runChunk(batch);
    if (!counts.total) throw badRequest(IMPORT_TEXTS.noRows);
    if (opts.commit && counts.errors) throw badRequest(IMPORT_TEXTS.refused(counts.errors));
    if (opts.commit) {
      await recordAudit(tx, {
        ...actor,
        action: 'member.imported',
        entityType: 'import',
        entityId: crypto.randomUUID(),
        summary: `Imported ${opts.fileName}: ${counts.created} new, ${counts.updated} updated, ${counts.unchanged} unchanged`,
        after: { fileName: opts.fileName, mapping, counts },
      });
    }
    return { headers, mapping, sample, counts, rows: listed, listedAll };
  }

  async function write(tx: DbOrTx, actor: Actor, plans: RowPlan[]) {
    const fresh = plans.filter((p): p is Extract<RowPlan, { action: 'new' }> => p.action === 'new');
    if (fresh.length) {
      const rows = await tx
        .insert(users)
        .values(fresh.map((p) => p.values))
        .returning();
      // Like Add member: each new member's history starts with the status they came in with.
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
    }
    await emitMany(tx, updated);
  }

  async function lookup(tx: DbOrTx, emails: string[], lock: boolean): Promise<UserRow[]> {
    const q = tx.select().from(users).where(inArray(users.email, emails));
    return lock ? q.for('update') : q;
  }

  return {
    /** What the file would do; writes nothing. */
    dryRun: (actor: Actor, records: AsyncIterable<string[]>, opts: { mapping?: ImportMapping; fileName: string }) =>
      pass(db, actor, records, { ...opts, commit: false }),
    /** Imports every row in one transaction, or refuses with nothing written. */
    commit: (actor: Actor, records: AsyncIterable<string[]>, opts: { mapping?: ImportMapping; fileName: string }) =>
      db.transaction((tx) => pass(tx, actor, records, { ...opts, commit: true })),
  };
}
export type MemberImport = ReturnType<typeof createMemberImport>;

/** Every field a column may be mapped to (for the OpenAPI description). */
export const MAPPABLE = IMPORT_FIELDS.join(', ');
