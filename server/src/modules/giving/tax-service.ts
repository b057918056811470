import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { SessionUser } from '../../plugins/auth';
import {
  donorTaxProfileSchema,
  formatReceiptNumber,
  type donorTaxProfileRequest,
  type DonorTaxDetails,
  type GivingSettings,
} from '@church/contract/giving-tax';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { recordAudit, recordRead, type AuditActor } from '../audit/audit';
import { frozenDonor, missingFor, pboMissing, snapshotOf, type DonorSnapshot, type GiftLine } from './certificate-plan';
import { createCertificateIssuer, type IssuePlan } from './certificate-issue';
import { taxCertificates } from '../../db/schema/index';
import { forbidden, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { zonedMidnight } from './period';
import { localDate } from './exports';
import { createGivingSettingsRepository } from './settings-repository';
import { createTaxRepository } from './tax-repository';

export type { DonorSnapshot, GiftLine } from './certificate-plan';
export type { IssuePlan, IssueResult, ReplaceResult } from './certificate-issue';
type DonorTaxProfileInput = z.output<typeof donorTaxProfileRequest>;

const valid = eq(taxCertificates.status, 'issued');
const yearName = (taxYear: number) => `${taxYear - 1}/${String(taxYear).slice(2)}`;

/** Section 18A certificates for a tax year (1 March – end of February) and the IT3(d) data from the same gifts. */
export function createTaxService(d: { db: Db; mailer: Mailer; publicUrl: string; timeZone: () => Promise<string> }) {
  const repo = createTaxRepository(d.db);
  const settings = createGivingSettingsRepository(d.db);
  const issuer = createCertificateIssuer({ repo, settings });

  async function range(taxYear: number, part: 'annual' | 'interim' = 'annual') {
    const tz = await d.timeZone();
    return {
      from: zonedMidnight(taxYear - 1, 3, 1, tz),
      to: part === 'interim' ? zonedMidnight(taxYear - 1, 9, 1, tz) : zonedMidnight(taxYear, 3, 1, tz),
    };
  }

  async function details(userId: string): Promise<DonorTaxDetails> {
    const person = await repo.person(userId);
    if (!person) throw notFound('No member with that id');
    const profile = donorTaxProfileSchema.parse((await repo.profile(userId)) ?? {});
    const household = person.user.householdId ? { name: person.householdName ?? '', head: person.head } : null;
    return {
      profile,
      name: person.user.name,
      address: person.user.address ?? '',
      household,
      missing: missingFor(snapshotOf({ user: person.user, profile, householdName: person.householdName })),
    };
  }

  return {
    range,
    /** The tax year's first and last day in the church's calendar, and whether it has ended. */
    async yearState(taxYear: number, now = new Date()) {
      const tz = await d.timeZone();
      const { from, to } = await range(taxYear);
      return { startsOn: localDate(from, tz), endsOn: localDate(new Date(to.getTime() - 1), tz), ended: now >= to };
    },
    getSettings: () => settings.get(),
    saveSettings: (s: GivingSettings, actor: SessionUser) => settings.save(s, actor.id),
    details,
    /**
     * Saves a person's tax details (and the address the certificate prints).
     * A treasurer editing someone else's is written to the audit log: which
     * fields changed, never the ID or tax numbers themselves.
     */
    async saveDetails(userId: string, input: DonorTaxProfileInput, actor?: AuditActor) {
      const before = await details(userId);
      const { address, ...profile } = input;
      await d.db.transaction(async (tx) => {
        await repo.saveProfile(tx, userId, profile);
        if (address !== undefined) await repo.setAddress(tx, userId, address);
        if (actor && actor.actorId !== userId) {
          const changed = (Object.keys(profile) as (keyof typeof profile)[]).filter((k) => profile[k] !== before.profile[k]);
          if (address !== undefined && address !== before.address) changed.push('address' as never);
          await recordAudit(tx, {
            ...actor,
            action: 'donor.tax_details_updated',
            entityType: 'member',
            entityId: userId,
            summary: `Tax details of ${before.name} updated${changed.length ? `: ${changed.join(', ')}` : ''}`,
            after: { changed },
          });
        }
      });
      return details(userId);
    },

    /**
     * What issuing needs before its transaction opens (on PGlite a read
     * outside an open transaction would wait for it): the PBO's details,
     * frozen onto each certificate, what of them is missing, and the dates.
     */
    async prepare(taxYear: number): Promise<IssuePlan> {
      const pbo = await settings.get();
      return { taxYear, pbo, missing: pboMissing(pbo), ...(await range(taxYear)) };
    },
    /** Issues the certificates the tax year's uncertified gifts call for, in the caller's transaction (certificate-issue.ts). */
    issue: issuer.issue,
    /** A gift on a certificate changed: its certificate is cancelled and replaced, in the caller's transaction. */
    revise: issuer.revise,
    /** The treasurer cancels a certificate with a reason; a replacement is issued when its gifts and details allow. */
    async reissue(id: string, reason: string, actor: AuditActor) {
      const r = await d.db.transaction((tx) => issuer.reissue(tx, id, reason, actor));
      const rows = await repo.list(inArray(taxCertificates.id, [r.cancelled.id, ...(r.replacement ? [r.replacement.id] : [])]));
      return {
        cancelled: rows.find((x) => x.cert.id === r.cancelled.id)!,
        replacement: rows.find((x) => x.cert.id === r.replacement?.id) ?? null,
        notReplaced: r.notReplaced,
      };
    },
    /** Every certificate of the tax year, valid and cancelled, with what replaced what. */
    list: (taxYear: number) => repo.list(eq(taxCertificates.taxYear, taxYear)),
    /** The person's own certificates and the household certificates their gifts are on. */
    mine: (userId: string) =>
      repo.list(or(eq(taxCertificates.userId, userId), sql`${userId}::uuid = any(${taxCertificates.contributorIds})`)),
    /** The valid certificates of the tax year: what goes in the ZIP, to donors, and into IT3(d). */
    valid: async (taxYear: number) => (await repo.list(and(eq(taxCertificates.taxYear, taxYear), valid))).map((r) => r.cert),
    /** The donor and those who may see named giving only (`mayReadNamed`: giving:named, the church's withholdings considered). */
    async forViewer(id: string, viewer: SessionUser, mayReadNamed: boolean) {
      const [found] = await repo.list(eq(taxCertificates.id, id));
      if (!found) throw notFound('No certificate with that id');
      const row = found.cert;
      const covered = row.userId === viewer.id || row.contributorIds.includes(viewer.id);
      if (!covered && !mayReadNamed) throw forbidden();
      await recordRead(d.db, viewer, {
        entityType: 'tax_certificate',
        entityId: row.id,
        // A household member opening the certificate their own gifts are on reads their own data.
        ownerId: covered ? viewer.id : row.userId,
        summary: `Opened tax certificate no. ${row.receiptNumber} (tax year ${row.taxYear})`,
      });
      return found;
    },
    /**
     * What needs the treasurer before the tax year's certificates are right: the PBO details, donors whose
     * uncertified gifts cannot be certified (the same plan a run makes, up to now), what a run would issue,
     * valid certificates that disagree with the books, and whether the year is still running.
     */
    async deliverability(taxYear: number, now = new Date()) {
      const { from, to } = await range(taxYear);
      const until = new Date(Math.min(to.getTime(), now.getTime()));
      const all = await issuer.plan(d.db, from, until);
      const withGaps = all.map((x) => ({ x, missing: missingFor(x.donor) }));
      const ready = withGaps.filter((g) => !g.missing.some((m) => !m.startsWith('e-mail')));
      return {
        pboMissing: pboMissing(await settings.get()),
        donors: withGaps
          .filter((g) => g.missing.length > 0)
          .map(({ x, missing }) => ({
            userId: x.holder.user.id,
            donorName: x.donor.name,
            household: x.donor.household ?? null,
            totalCents: x.totalCents,
            missing,
          })),
        ready: { certificates: ready.length, totalCents: ready.reduce((s, g) => s + g.x.totalCents, 0) },
        outOfDate: await repo.outOfDate(d.db, taxYear),
        eligibleFunds: await repo.eligibleFunds(d.db),
        year: { from, to, ended: now >= to },
      };
    },
    /** E-mails each donor that their certificate is ready (through the mail outbox and its job queue). */
    async emailAll(taxYear: number) {
      const rows = (await repo.list(and(eq(taxCertificates.taxYear, taxYear), valid))).filter((r) => !r.cert.emailedAt);
      let sent = 0;
      for (const { cert: r, replaces } of rows) {
        const donor = r.donor as DonorSnapshot;
        if (!donor.email) continue;
        const replacing = replaces ? ` It replaces certificate ${formatReceiptNumber(replaces)}, which was cancelled.` : '';
        await d.mailer.send({
          to: donor.email,
          kind: 'tax-certificate',
          subject: `Your section 18A tax certificate ${formatReceiptNumber(r.receiptNumber)}`,
          text: `Dear ${donor.name},\n\nThank you for your gifts in the ${yearName(taxYear)} tax year. Your section 18A certificate (${formatReceiptNumber(r.receiptNumber)}) is ready.${replacing} Sign in and open My Giving to download it:\n${d.publicUrl}/mobile/giving\n`,
        });
        await repo.markEmailed(r.id);
        sent += 1;
      }
      return sent;
    },
    /**
     * IT3(d): one line per valid certificate with gifts in the period, from the same frozen gifts as the
     * certificates. A cancelled certificate is not reported; its replacement is.
     */
    async it3d(taxYear: number, part: 'annual' | 'interim') {
      const { from, to } = await range(taxYear, part);
      const certs = await repo.list(and(eq(taxCertificates.taxYear, taxYear), valid));
      return certs
        .map(({ cert: c }) => {
          const gifts = (c.gifts as GiftLine[]).filter((g) => new Date(g.date) >= from && new Date(g.date) < to);
          return { cert: c, donor: frozenDonor(c.donor), cents: gifts.reduce((s, g) => s + g.amountCents, 0), count: gifts.length };
        })
        .filter((x) => x.count > 0);
    },
  };
}
export type TaxService = ReturnType<typeof createTaxService>;
export type CertificateListRow = Awaited<ReturnType<TaxService['list']>>[number];
