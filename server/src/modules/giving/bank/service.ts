import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { BANK_TEXTS, STATEMENT_LISTED_ERRORS, type ColumnMapping, type LineStatus, type StatementBank } from '@church/contract/giving-bank';
import { formatRand } from '@church/contract/rules/money';
import type { Db, Tx } from '../../../db/client';
import {
  bankStatementLines,
  bankStatements,
  donationEvents,
  donations,
  givingFunds,
  users,
  type BankStatementLineRow,
} from '../../../db/schema/index';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import type { SessionUser } from '../../../plugins/auth';
import { recordAudit, type AuditActor } from '../../audit/audit';
import { noEvents, type EmitEvent } from '../../../events/domain-events';
import { congregation } from '../../members/repository';
import { donationSnapshot, matchPending } from '../admin-service';
import { notifyReceived } from '../payments-service';
import { zonedMidnight } from '../period';
import { createMatcher, payerKey, type PendingGift } from './match';
import { decodeStatement, parseStatement, StatementRefused, type StatementEntry } from './parse';

const actorOf = (u: SessionUser): AuditActor => ({ actorId: u.id, actorName: u.name, actorRole: u.role });
const OPEN: LineStatus[] = ['matched', 'suggested', 'unmatched'];
const CHUNK = 500;

/**
 * A line's fingerprint: the account, date, amount, description and reference, and what tells two identical
 * payments on one day apart — the running balance, else the bank's id, else its place among identical lines.
 */
export function fingerprints(account: string, entries: StatementEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((e) => {
    const base = [account, e.date, e.amountCents, e.description, e.reference ?? ''].join('\u001f');
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const tail = e.balanceCents !== null ? `bal:${e.balanceCents}` : e.bankId ? `id:${e.bankId}` : `seq:${n}`;
    return crypto.createHash('sha256').update(`${base}\u001f${tail}`).digest('hex');
  });
}

/** The instant a gift received on a church-local day is stored at: noon that day, so every report dates it right. */
const noonOn = (day: string, tz: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(zonedMidnight(y, m, d, tz).getTime() + 12 * 3_600_000);
};
const lineName = (l: BankStatementLineRow) => `${l.postedOn} ${formatRand(l.amountCents / 100)} ${l.description}`.slice(0, 200);

/** Bank statements (issue 32): import, match and suggest, confirm in bulk, assign or dismiss what is left. */
export function createBankStatements(d: { db: Db; timeZone: () => Promise<string>; emit?: EmitEvent }) {
  const emit = d.emit ?? noEvents;

  /** What matching reads, once per import: the pending EFT gifts no open line claims, and the members' past payers. */
  async function matchingContext(tx: Tx) {
    const claimed = tx
      .select({ id: bankStatementLines.candidateDonationId })
      .from(bankStatementLines)
      .where(and(inArray(bankStatementLines.status, ['matched', 'suggested']), isNotNull(bankStatementLines.candidateDonationId)));
    const pending: PendingGift[] = await tx
      .select({
        id: donations.id,
        reference: donations.reference,
        amountCents: donations.amountCents,
        userId: donations.userId,
        donorName: donations.donorName,
      })
      .from(donations)
      .where(and(eq(donations.status, 'pending'), eq(donations.paymentMethod, 'bank'), sql`${donations.id} not in (${claimed})`));
    const past = await tx
      .select({ userId: bankStatementLines.candidateUserId, description: bankStatementLines.description, reference: bankStatementLines.reference })
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.status, 'confirmed'), isNotNull(bankStatementLines.candidateUserId)))
      .orderBy(asc(bankStatementLines.resolvedAt));
    const payers = new Map<string, string>();
    for (const p of past) {
      const key = payerKey(`${p.description} ${p.reference ?? ''}`);
      if (key) payers.set(key, p.userId!);
    }
    return createMatcher(pending, payers);
  }

  /** A new completed EFT gift for a member, from a statement line nobody pledged beforehand. */
  async function newGift(tx: Tx, tz: string, actor: SessionUser, line: BankStatementLineRow, userId: string, fundName: string | undefined) {
    const [member] = await tx.select({ name: users.name }).from(users).where(and(eq(users.id, userId), congregation));
    if (!member) throw badRequest(BANK_TEXTS.noMember);
    let fund = fundName;
    if (!fund) {
      // The fund of their last EFT gift; General when they have none.
      const [last] = await tx
        .select({ fund: donations.fund })
        .from(donations)
        .where(and(eq(donations.userId, userId), eq(donations.paymentMethod, 'bank'), eq(donations.status, 'completed')))
        .orderBy(desc(donations.givenAt))
        .limit(1);
      fund = last?.fund ?? 'General';
    }
    const [f] = await tx.select().from(givingFunds).where(eq(givingFunds.name, fund));
    if (!f || !f.active) throw badRequest('That fund is not open for gifts. Please choose another fund.');
    const [row] = await tx
      .insert(donations)
      .values({
        userId,
        donorName: member.name,
        amountCents: line.amountCents,
        paymentMethod: 'bank',
        fund,
        status: 'completed',
        externalRef: (line.reference ?? line.description).slice(0, 120),
        recordedBy: actor.id,
        givenAt: noonOn(line.postedOn, tz),
        completedAt: new Date(),
      })
      .returning();
    const reason = `From the bank statement: ${lineName(line)}`;
    await tx.insert(donationEvents).values({ donationId: row!.id, kind: 'created', reason, after: donationSnapshot(row!), actorId: actor.id });
    await recordAudit(tx, {
      ...actorOf(actor),
      action: 'donation.created',
      entityType: 'donation',
      entityId: row!.id,
      summary: `Recorded ${formatRand(row!.amountCents / 100)} gift of ${member.name} (${fund}): ${reason}`,
      after: donationSnapshot(row!),
    });
    await notifyReceived(tx, row!, emit);
    return row!;
  }

  /** The line confirmed: it completed this gift (unique: a line completes one gift, a gift is completed by one line). */
  async function settle(tx: Tx, actor: SessionUser, line: BankStatementLineRow, donationId: string, userId: string | null) {
    await tx
      .update(bankStatementLines)
      .set({ status: 'confirmed', donationId, candidateDonationId: donationId, candidateUserId: userId, resolvedBy: actor.id, resolvedAt: new Date() })
      .where(eq(bankStatementLines.id, line.id));
  }

  /** A line with the gift it names (completed or candidate) and the member it is for. */
  const view = () =>
    d.db
      .select({ line: bankStatementLines, donationReference: donations.reference, donationAmountCents: donations.amountCents, memberName: users.name })
      .from(bankStatementLines)
      .leftJoin(donations, eq(donations.id, sql`coalesce(${bankStatementLines.donationId}, ${bankStatementLines.candidateDonationId})`))
      .leftJoin(users, eq(users.id, bankStatementLines.candidateUserId));

  async function lockLine(tx: Tx, id: string) {
    const [line] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.id, id)).for('update');
    if (!line) throw notFound(BANK_TEXTS.noLine);
    if (!OPEN.includes(line.status as LineStatus)) throw conflict(BANK_TEXTS.notOpen);
    return line;
  }
  async function lockGift(tx: Tx, id: string) {
    const [row] = await tx.select().from(donations).where(eq(donations.id, id)).for('no key update');
    return row;
  }

  return {
    /**
     * Reads the file and stores its new credits with their matches, in one transaction: a file with a line
     * that cannot be read is refused whole (every line's error counted, the first listed), so nothing is
     * ever half-imported; lines stored before (same fingerprint) are skipped.
     */
    async import(actor: SessionUser, input: { bytes: Uint8Array; fileName: string; mapping?: ColumnMapping; account?: string }) {
      let parsed;
      try {
        parsed = parseStatement(decodeStatement(input.bytes), input.mapping);
      } catch (err) {
        if (err instanceof StatementRefused) throw badRequest(err.message);
        // csv-parse's own refusals (an unclosed quote at the end, a record too long) are the file's fault.
        if ((err as { code?: string }).code?.startsWith('CSV_')) throw badRequest(`The file could not be read as CSV: ${(err as Error).message}`);
        throw err;
      }
      if (parsed.errors.length) {
        const listed = parsed.errors
          .slice(0, STATEMENT_LISTED_ERRORS)
          .map((e) => `Line ${e.line}: ${e.message}.`)
          .join(' ');
        throw badRequest(BANK_TEXTS.refused(parsed.errors.length, listed));
      }
      if (!parsed.entries.length) throw badRequest(BANK_TEXTS.noLines);
      const account = (parsed.account ?? input.account ?? '').trim() || 'not given';
      const credits = parsed.entries.filter((e) => e.amountCents > 0);
      const prints = fingerprints(account, credits);
      return d.db.transaction(async (tx) => {
        const existing = new Set<string>();
        for (let i = 0; i < prints.length; i += CHUNK) {
          const rows = await tx
            .select({ f: bankStatementLines.fingerprint })
            .from(bankStatementLines)
            .where(inArray(bankStatementLines.fingerprint, prints.slice(i, i + CHUNK)));
          for (const r of rows) existing.add(r.f);
        }
        const [statement] = await tx
          .insert(bankStatements)
          .values({ bank: parsed.bank, account, fileName: input.fileName.slice(0, 200), importedBy: actor.id, debits: parsed.entries.length - credits.length })
          .returning();
        const match = await matchingContext(tx);
        const values = credits.flatMap((e, i) => {
          if (existing.has(prints[i]!)) return [];
          const m = match(e);
          return [
            {
              statementId: statement!.id,
              fingerprint: prints[i]!,
              postedOn: e.date,
              amountCents: e.amountCents,
              description: e.description,
              reference: e.reference,
              balanceCents: e.balanceCents,
              status: m.status,
              matchReason: m.reason,
              candidateDonationId: m.donationId,
              candidateUserId: m.userId,
            },
          ];
        });
        let stored = 0;
        for (let i = 0; i < values.length; i += CHUNK) {
          // A concurrent import of the same file stores each line once: the unique fingerprint decides.
          const rows = await tx
            .insert(bankStatementLines)
            .values(values.slice(i, i + CHUNK))
            .onConflictDoNothing({ target: bankStatementLines.fingerprint })
            .returning({ id: bankStatementLines.id });
          stored += rows.length;
        }
        const [row] = await tx
          .update(bankStatements)
          .set({ credits: stored, duplicates: credits.length - stored })
          .where(eq(bankStatements.id, statement!.id))
          .returning();
        await recordAudit(tx, {
          ...actorOf(actor),
          action: 'bank_statement.imported',
          entityType: 'bank_statement',
          entityId: row!.id,
          summary: `Imported a ${parsed.bank} statement (${input.fileName.slice(0, 80)}): ${stored} new credits, ${credits.length - stored} already imported`,
        });
        return row!;
      });
    },

    statements: () => d.db.select().from(bankStatements).orderBy(desc(bankStatements.importedAt)).limit(50),

    async counts(statementId?: string) {
      const rows = await d.db
        .select({ status: bankStatementLines.status, n: sql<number>`count(*)::int` })
        .from(bankStatementLines)
        .where(statementId ? eq(bankStatementLines.statementId, statementId) : undefined)
        .groupBy(bankStatementLines.status);
      const counts = { matched: 0, suggested: 0, unmatched: 0, confirmed: 0, dismissed: 0 };
      for (const r of rows) counts[r.status as LineStatus] = Number(r.n);
      return counts;
    },

    async lines(q: { status?: LineStatus; statementId?: string; limit: number }) {
      const conds = [q.status ? eq(bankStatementLines.status, q.status) : undefined, q.statementId ? eq(bankStatementLines.statementId, q.statementId) : undefined];
      return view()
        .where(and(...conds))
        .orderBy(desc(bankStatementLines.postedOn), asc(bankStatementLines.id))
        .limit(q.limit);
    },

    async line(id: string) {
      const [row] = await view().where(eq(bankStatementLines.id, id));
      if (!row) throw notFound(BANK_TEXTS.noLine);
      return row;
    },

    /**
     * Confirms matched and suggested lines in one transaction: each completes its pending gift once (with
     * history and audit, as a match by hand does), or records a new gift for the member it was suggested for.
     * A line whose gift is no longer pending is skipped with why, and stays in the queue.
     */
    async confirm(actor: SessionUser, lineIds: string[]) {
      // Read before the transaction: on PGlite's one connection a read beside an open transaction waits for it.
      const tz = await d.timeZone();
      return d.db.transaction(async (tx) => {
        const lines = await tx
          .select()
          .from(bankStatementLines)
          .where(inArray(bankStatementLines.id, [...new Set(lineIds)]))
          .orderBy(asc(bankStatementLines.id))
          .for('update');
        const found = new Set(lines.map((l) => l.id));
        const skipped: { lineId: string; reason: string }[] = lineIds.filter((id) => !found.has(id)).map((lineId) => ({ lineId, reason: BANK_TEXTS.noLine }));
        let confirmed = 0;
        for (const line of lines) {
          if (line.status !== 'matched' && line.status !== 'suggested') {
            skipped.push({ lineId: line.id, reason: line.status === 'unmatched' ? 'Nothing to confirm: assign it to a member' : BANK_TEXTS.notOpen });
            continue;
          }
          if (line.candidateDonationId) {
            const gift = await lockGift(tx, line.candidateDonationId);
            if (!gift || gift.status !== 'pending') {
              await tx
                .update(bankStatementLines)
                .set({ status: 'unmatched', candidateDonationId: null, matchReason: 'The gift it was matched to is no longer pending' })
                .where(eq(bankStatementLines.id, line.id));
              skipped.push({ lineId: line.id, reason: 'The gift it was matched to is no longer pending; the line is back in the queue' });
              continue;
            }
            await matchPending(tx, actor, gift, `Bank statement: ${lineName(line)}`, (line.reference ?? line.description).slice(0, 120), emit);
            await settle(tx, actor, line, gift.id, gift.userId);
          } else if (line.candidateUserId) {
            const gift = await newGift(tx, tz, actor, line, line.candidateUserId, undefined);
            await settle(tx, actor, line, gift.id, line.candidateUserId);
          } else {
            skipped.push({ lineId: line.id, reason: 'Nothing to confirm: assign it to a member' });
            continue;
          }
          confirmed++;
        }
        return { confirmed, skipped };
      });
    },

    /**
     * A line from the queue given to a member: their oldest pending EFT gift of that amount is completed, or
     * (none) a new completed gift is recorded for them.
     */
    async assign(actor: SessionUser, lineId: string, userId: string, fund?: string) {
      const tz = await d.timeZone();
      return d.db.transaction(async (tx) => {
        const line = await lockLine(tx, lineId);
        const [member] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), congregation));
        if (!member) throw badRequest(BANK_TEXTS.noMember);
        const [pending] = await tx
          .select()
          .from(donations)
          .where(
            and(
              eq(donations.userId, userId),
              eq(donations.status, 'pending'),
              eq(donations.paymentMethod, 'bank'),
              eq(donations.amountCents, line.amountCents),
            ),
          )
          .orderBy(asc(donations.givenAt))
          .limit(1)
          .for('no key update');
        const gift = pending
          ? await matchPending(tx, actor, pending, `Bank statement (assigned): ${lineName(line)}`, (line.reference ?? line.description).slice(0, 120), emit)
          : await newGift(tx, tz, actor, line, userId, fund);
        await settle(tx, actor, line, gift.id, userId);
        return gift.id;
      });
    },

    async dismiss(actor: SessionUser, lineId: string, reason: string) {
      return d.db.transaction(async (tx) => {
        const line = await lockLine(tx, lineId);
        await tx
          .update(bankStatementLines)
          .set({ status: 'dismissed', dismissReason: reason, candidateDonationId: null, resolvedBy: actor.id, resolvedAt: new Date() })
          .where(eq(bankStatementLines.id, line.id));
        await recordAudit(tx, {
          ...actorOf(actor),
          action: 'bank_statement_line.dismissed',
          entityType: 'bank_statement_line',
          entityId: line.id,
          summary: `Dismissed the bank line ${lineName(line)}: ${reason}`,
        });
      });
    },

  };
}
export type BankStatements = ReturnType<typeof createBankStatements>;
export type LineView = Awaited<ReturnType<BankStatements['lines']>>[number];
export type { StatementBank };
