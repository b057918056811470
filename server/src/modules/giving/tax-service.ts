import { eq } from 'drizzle-orm';
import { donorTaxProfileSchema, formatReceiptNumber, type DonorTaxProfile, type GivingSettings } from '@church/contract/giving-tax';
import type { Db } from '../../db/client';
import { taxCertificates, type TaxCertificateRow, type UserRow } from '../../db/schema/index';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { can } from '@church/contract/roles';
import { zonedMidnight } from './period';
import { createGivingSettingsRepository } from './settings-repository';
import { createTaxRepository } from './tax-repository';

export interface DonorSnapshot {
  name: string;
  email: string;
  phone: string;
  address: string;
  profile: DonorTaxProfile;
}
export interface GiftLine {
  date: string;
  amountCents: number;
  fund: string;
}

/** What a section 18A certificate cannot go out without (SARS fields since 1 March 2023) or cannot be delivered without. */
export function missingFor(d: DonorSnapshot): string[] {
  const missing: string[] = [];
  if (!d.address.trim()) missing.push('address');
  if (!d.profile.idNumber.trim()) missing.push(d.profile.idType === 'registration' ? 'registration number' : 'ID or passport number');
  if (!d.email.trim()) missing.push('e-mail (for delivery)');
  return missing;
}
const blocking = (m: string[]) => m.filter((x) => !x.startsWith('e-mail'));

export function pboMissing(s: GivingSettings): string[] {
  const m: string[] = [];
  if (!s.pboName) m.push('PBO name');
  if (!s.pboNumber) m.push('PBO reference number');
  if (!s.address) m.push('PBO address');
  if (!s.s18aApproved) m.push('section 18A approval');
  return m;
}

/** Section 18A certificates for a tax year (1 March – end of February) and the IT3(d) data from the same gifts. */
export function createTaxService(d: { db: Db; mailer: Mailer; publicUrl: string; timeZone: () => Promise<string> }) {
  const repo = createTaxRepository(d.db);
  const settings = createGivingSettingsRepository(d.db);

  async function range(taxYear: number, part: 'annual' | 'interim' = 'annual') {
    const tz = await d.timeZone();
    return {
      from: zonedMidnight(taxYear - 1, 3, 1, tz),
      to: part === 'interim' ? zonedMidnight(taxYear - 1, 9, 1, tz) : zonedMidnight(taxYear, 3, 1, tz),
    };
  }

  async function donorsWithGifts(tx: Parameters<typeof repo.gifts>[0], from: Date, to: Date) {
    const gifts = await repo.gifts(tx, from, to);
    const byDonor = new Map<string, GiftLine[]>();
    for (const g of gifts) {
      const list = byDonor.get(g.userId!) ?? [];
      list.push({ date: g.givenAt.toISOString(), amountCents: g.amountCents, fund: g.fund });
      byDonor.set(g.userId!, list);
    }
    const rows = await repo.donors(tx, [...byDonor.keys()]);
    return rows.map(({ user, profile }) => ({
      user,
      gifts: byDonor.get(user.id)!,
      donor: {
        name: user.name,
        email: user.email,
        phone: user.phone ?? '',
        address: user.address ?? '',
        profile: donorTaxProfileSchema.parse(profile ?? {}),
      } satisfies DonorSnapshot,
    }));
  }

  return {
    range,
    getSettings: () => settings.get(),
    saveSettings: (s: GivingSettings, actor: UserRow) => settings.save(s, actor.id),
    profile: async (userId: string) => donorTaxProfileSchema.parse((await repo.profile(userId)) ?? {}),
    saveProfile: (userId: string, p: DonorTaxProfile) => repo.saveProfile(userId, p),

    /**
     * Issues one certificate per donor who gave in the tax year and has none
     * yet. The counter row is locked for the whole transaction, so two
     * treasurers generating at once queue: numbers are unique and gap-free.
     */
    async generate(taxYear: number, actor: UserRow) {
      const pbo = await settings.get();
      const missing = pboMissing(pbo);
      if (missing.length) throw conflict(`Enter the church's ${missing.join(', ')} under Tax & banking before issuing certificates.`);
      const { from, to } = await range(taxYear);
      return d.db.transaction(async (tx) => {
        let last = await repo.lockCounter(tx);
        const issued = await repo.issuedUsers(tx, taxYear);
        const all = await donorsWithGifts(tx, from, to);
        const todo = all.filter((x) => !issued.has(x.user.id) && blocking(missingFor(x.donor)).length === 0);
        const skipped = all.filter((x) => !issued.has(x.user.id)).length - todo.length;
        const rows = todo.map((x) => ({
          receiptNumber: ++last,
          taxYear,
          userId: x.user.id,
          totalCents: x.gifts.reduce((s, g) => s + g.amountCents, 0),
          pbo,
          donor: x.donor,
          gifts: x.gifts,
          issuedBy: actor.id,
        }));
        for (let i = 0; i < rows.length; i += 500) await repo.insert(tx, rows.slice(i, i + 500));
        await repo.setCounter(tx, last);
        return { issued: rows.length, alreadyIssued: issued.size, skipped };
      });
    },
    list: (taxYear: number) => repo.list(eq(taxCertificates.taxYear, taxYear)),
    mine: (userId: string) => repo.list(eq(taxCertificates.userId, userId)),
    /** The donor and finance roles only. */
    async forViewer(id: string, viewer: UserRow): Promise<TaxCertificateRow> {
      const row = await repo.byId(id);
      if (!row) throw notFound('No certificate with that id');
      if (row.userId !== viewer.id && !can(viewer, 'finance:read')) throw forbidden();
      return row;
    },
    async deliverability(taxYear: number) {
      const { from, to } = await range(taxYear);
      const all = await donorsWithGifts(d.db, from, to);
      return {
        pboMissing: pboMissing(await settings.get()),
        donors: all
          .map((x) => ({
            userId: x.user.id,
            donorName: x.donor.name,
            totalCents: x.gifts.reduce((s, g) => s + g.amountCents, 0),
            missing: missingFor(x.donor),
          }))
          .filter((x) => x.missing.length > 0),
      };
    },
    /** E-mails each donor that their certificate is ready (through the mail outbox and its job queue). */
    async emailAll(taxYear: number) {
      const rows = (await repo.list(eq(taxCertificates.taxYear, taxYear))).filter((r) => !r.emailedAt);
      let sent = 0;
      for (const r of rows) {
        const donor = r.donor as DonorSnapshot;
        if (!donor.email) continue;
        await d.mailer.send({
          to: donor.email,
          kind: 'tax-certificate',
          subject: `Your section 18A tax certificate ${formatReceiptNumber(r.receiptNumber)}`,
          text: `Dear ${donor.name},\n\nThank you for your gifts in the ${taxYear - 1}/${String(taxYear).slice(2)} tax year. Your section 18A certificate (${formatReceiptNumber(r.receiptNumber)}) is ready. Sign in and open My Giving to download it:\n${d.publicUrl}/mobile/giving\n`,
        });
        await repo.markEmailed(r.id);
        sent += 1;
      }
      return sent;
    },
    /** IT3(d): one line per donor certificate for the period, from the same gifts as the certificates. */
    async it3d(taxYear: number, part: 'annual' | 'interim') {
      const { from, to } = await range(taxYear, part);
      const certs = await repo.list(eq(taxCertificates.taxYear, taxYear));
      return certs
        .map((c) => {
          const gifts = (c.gifts as GiftLine[]).filter((g) => new Date(g.date) >= from && new Date(g.date) < to);
          return { cert: c, donor: c.donor as DonorSnapshot, cents: gifts.reduce((s, g) => s + g.amountCents, 0), count: gifts.length };
        })
        .filter((x) => x.count > 0);
    },
  };
}
export type TaxService = ReturnType<typeof createTaxService>;
