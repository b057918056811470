import crypto from 'node:crypto';
import { donorTaxProfileSchema, formatReceiptNumber, type GivingSettings } from '@church/contract/giving-tax';
import { formatRand } from '@church/contract/rules/money';
import type { DbOrTx } from '../../db/client';
import type { TaxCertificateRow, UserRow } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/audit';
import {
  blocking,
  missingFor,
  pboMissing,
  planCertificates,
  snapshotOf,
  type DonorRecord,
  type DonorSnapshot,
  type GiftLine,
  type PlannedCertificate,
} from './certificate-plan';
import type { GivingSettingsRepository } from './settings-repository';
import type { TaxRepository } from './tax-repository';

export interface IssuePlan {
  taxYear: number;
  pbo: GivingSettings;
  /** The PBO details a certificate cannot go out without (empty: ready). */
  missing: string[];
  from: Date;
  to: Date;
}
export interface IssueResult {
  issued: number;
  alreadyIssued: number;
  skipped: number;
  first: number | null;
  last: number | null;
}
export interface ReplaceResult {
  cancelled: TaxCertificateRow;
  replacement: TaxCertificateRow | null;
  /** Why no replacement was issued: no gifts left on it, or what the PBO or donor details lack. */
  notReplaced: string | null;
}

const yearName = (taxYear: number) => `${taxYear - 1}/${String(taxYear).slice(2)}`;
const record = (r: { user: UserRow; profile: unknown; householdName: string | null }): DonorRecord => ({
  user: r.user,
  profile: donorTaxProfileSchema.parse(r.profile ?? {}),
  householdName: r.householdName,
});

/**
 * Issuing section 18A certificates and replacing them (issue 12). Every write
 * here runs in the caller's transaction after `repo.lockCounter`: the counter
 * row's lock serialises whatever takes a receipt number, so numbers stay one
 * gap-free sequence and what a transaction reads about coverage is not changed
 * under it by another issuing one.
 */
export function createCertificateIssuer({ repo, settings }: { repo: TaxRepository; settings: GivingSettingsRepository }) {
  /** The certificates the gifts no valid certificate covers call for (see certificate-plan.ts). */
  async function plan(tx: DbOrTx, from: Date, to: Date): Promise<PlannedCertificate[]> {
    const byDonor = new Map<string, GiftLine[]>();
    for (const g of await repo.uncovered(tx, from, to)) {
      const list = byDonor.get(g.userId!) ?? [];
      list.push({ donationId: g.id, date: g.givenAt.toISOString(), amountCents: g.amountCents, fund: g.fund });
      byDonor.set(g.userId!, list);
    }
    const donors = (await repo.donors(tx, [...byDonor.keys()])).map(record);
    const combining = [
      ...new Set(donors.filter((x) => x.profile.combineWithHousehold && x.user.householdId).map((x) => x.user.householdId!)),
    ];
    const heads = (await repo.heads(tx, combining)).map(record);
    return planCertificates(byDonor, donors, heads);
  }

  /** Rows for planned certificates, numbered from `last` + 1, with the gifts each covers. */
  function rows(
    plans: PlannedCertificate[],
    taxYear: number,
    pbo: GivingSettings,
    actor: AuditActor,
    last: number,
    giftsUpTo: Date | null,
    replacesId?: string,
  ) {
    const certs: TaxCertificateRow[] = [];
    const links: { certificateId: string; donationId: string; amountCents: number }[] = [];
    for (const x of plans) {
      const id = crypto.randomUUID();
      certs.push({
        id,
        receiptNumber: ++last,
        taxYear,
        userId: x.holder.user.id,
        contributorIds: x.contributorIds,
        totalCents: x.totalCents,
        pbo,
        donor: x.donor,
        gifts: x.gifts,
        issuedBy: actor.actorId,
        issuedAt: new Date(),
        giftsUpTo,
        emailedAt: null,
        status: 'issued',
        cancelledAt: null,
        cancelReason: null,
        cancelledBy: null,
        replacesId: replacesId ?? null,
      });
      for (const g of x.gifts) links.push({ certificateId: id, donationId: g.donationId!, amountCents: g.amountCents });
    }
    return { certs, links, last };
  }

  /**
   * Cancels a valid certificate and issues its replacement under the next
   * number, for the gifts on it that are still completed, as the books hold
   * them now, with today's PBO and donor details. Without gifts left, or when
   * those details are incomplete, there is no replacement: the gifts are then
   * free for the next run (the deliverability list names what is missing).
   */
  async function replace(tx: DbOrTx, last: number, cert: TaxCertificateRow, reason: string, actor: AuditActor) {
    const gifts = await repo.covered(tx, cert.id);
    await repo.cancel(tx, cert.id, reason, actor.actorId);
    const old = cert.donor as DonorSnapshot;
    await recordAudit(tx, {
      ...actor,
      action: 'tax_certificate.cancelled',
      entityType: 'tax_certificate',
      entityId: cert.id,
      summary: `Cancelled section 18A certificate ${formatReceiptNumber(cert.receiptNumber)} (${old.name}, ${yearName(cert.taxYear)}): ${reason}`,
      before: { status: cert.status, totalCents: cert.totalCents },
      after: { status: 'cancelled', reason },
    });
    // A gift now in a fund that is not section 18A-eligible leaves the certificate (it is free again, and no run takes it).
    const keep = gifts.filter((g) => g.status === 'completed' && g.userId && g.eligible);
    let notReplaced: string | null = null;
    let replacement: TaxCertificateRow | null = null;
    if (keep.length === 0) notReplaced = 'no completed gifts to section 18A-eligible funds are left on it';
    else {
      const pbo = await settings.get(tx);
      const people = new Map(
        (await repo.donors(tx, [...new Set([cert.userId, ...keep.map((g) => g.userId!)])])).map((r) => [r.user.id, record(r)]),
      );
      const holder = people.get(cert.userId)!;
      const combined = keep.some((g) => g.userId !== cert.userId);
      const donor = snapshotOf(holder, combined ? (holder.householdName ?? old.household ?? null) : null);
      const missing = [...pboMissing(pbo), ...blocking(missingFor(donor))];
      if (missing.length)
        notReplaced = `the ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (the next run issues it once entered)`;
      else {
        const lines: GiftLine[] = keep.map((g) => ({
          donationId: g.id,
          date: g.givenAt.toISOString(),
          amountCents: g.amountCents,
          fund: g.fund,
          ...(combined ? { giver: people.get(g.userId!)?.user.name ?? '' } : {}),
        }));
        const planned: PlannedCertificate = {
          holder,
          donor,
          gifts: lines,
          contributorIds: [...new Set(keep.map((g) => g.userId!))].filter((id) => id !== cert.userId),
          totalCents: lines.reduce((s, g) => s + g.amountCents, 0),
        };
        const r = rows([planned], cert.taxYear, pbo, actor, last, cert.giftsUpTo, cert.id);
        await repo.insert(tx, r.certs, r.links);
        await repo.setCounter(tx, r.last);
        replacement = r.certs[0]!;
        await recordAudit(tx, {
          ...actor,
          action: 'tax_certificate.issued',
          entityType: 'tax_certificate',
          entityId: replacement.id,
          summary: `Issued section 18A certificate ${formatReceiptNumber(replacement.receiptNumber)} to ${donor.name} (${formatRand(replacement.totalCents / 100)}), replacing ${formatReceiptNumber(cert.receiptNumber)}`,
          after: { receiptNumber: replacement.receiptNumber, totalCents: replacement.totalCents, replaces: cert.receiptNumber },
        });
      }
    }
    if (notReplaced) {
      await recordAudit(tx, {
        ...actor,
        action: 'tax_certificate.not_replaced',
        entityType: 'tax_certificate',
        entityId: cert.id,
        summary: `No replacement for ${formatReceiptNumber(cert.receiptNumber)}: ${notReplaced}`,
      });
    }
    return { cancelled: { ...cert, status: 'cancelled', cancelReason: reason }, replacement, notReplaced } satisfies ReplaceResult;
  }

  return {
    plan,
    /**
     * Issues a certificate per donor (or combined household) for the tax
     * year's completed gifts no valid certificate covers, up to now: safe to
     * run mid-year, monthly or again at year end, when it issues supplementary
     * certificates for the gifts since. The caller's transaction holds the
     * counter row until it ends, so a rolled-back attempt leaves no hole.
     */
    async issue(tx: DbOrTx, p: IssuePlan, actor: AuditActor): Promise<IssueResult> {
      let last = await repo.lockCounter(tx);
      const alreadyIssued = await repo.validCount(tx, p.taxYear);
      // A year still running is certified up to this moment; a gift recorded later goes on the next certificate.
      const until = new Date(Math.min(p.to.getTime(), Date.now()));
      const all = await plan(tx, p.from, until);
      const issuable = all.filter((x) => blocking(missingFor(x.donor)).length === 0);
      const first = last + 1;
      const r = rows(issuable, p.taxYear, p.pbo, actor, last, until < p.to ? until : null);
      last = r.last;
      await repo.insert(tx, r.certs, r.links);
      await repo.setCounter(tx, last);
      if (r.certs.length) {
        await recordAudit(tx, {
          ...actor,
          action: 'tax_certificates.issued',
          entityType: 'tax_year',
          entityId: String(p.taxYear),
          summary: `${r.certs.length} section 18A certificate${r.certs.length === 1 ? '' : 's'} issued for ${yearName(p.taxYear)}: ${formatReceiptNumber(first)}–${formatReceiptNumber(last)}`,
          after: { first, last, count: r.certs.length, giftsUpTo: until.toISOString() },
        });
      }
      return {
        issued: r.certs.length,
        alreadyIssued,
        skipped: all.length - issuable.length,
        first: r.certs.length ? first : null,
        last: r.certs.length ? last : null,
      };
    },

    /**
     * A gift changed (refunded, or its amount corrected) in the caller's
     * transaction, after its row was updated: the valid certificate covering
     * it no longer agrees with the books, so it is cancelled and replaced.
     * Nothing happens for a gift no certificate covers.
     */
    async revise(tx: DbOrTx, donationId: string, reason: string, actor: AuditActor): Promise<ReplaceResult | null> {
      // The counter first: a run issuing at this moment finishes, and then its certificate is seen here.
      const last = await repo.lockCounter(tx);
      const cert = await repo.coveringForUpdate(tx, donationId);
      return cert ? replace(tx, last, cert, reason, actor) : null;
    },

    /** The treasurer cancels and reissues a certificate (wrong donor details, or it disagrees with the books). */
    async reissue(tx: DbOrTx, id: string, reason: string, actor: AuditActor): Promise<ReplaceResult> {
      const last = await repo.lockCounter(tx);
      const cert = await repo.byIdForUpdate(tx, id);
      if (!cert) throw notFound('No certificate with that id');
      if (cert.status !== 'issued') throw conflict('This certificate is already cancelled; its replacement is in the list.');
      return replace(tx, last, cert, reason, actor);
    },
  };
}
export type CertificateIssuer = ReturnType<typeof createCertificateIssuer>;
