import { donorTaxProfileSchema, type DonorTaxProfile, type GivingSettings } from '@church/contract/giving-tax';
import type { UserRow } from '../../db/schema/index';

/** The donor as the certificate prints them: a frozen copy taken at issue. */
export interface DonorSnapshot {
  name: string;
  email: string;
  phone: string;
  address: string;
  profile: DonorTaxProfile;
  /** Set on a combined household certificate: the household's name. */
  household?: string | null;
}
export interface GiftLine {
  /** The donation (absent on certificates issued before coverage was recorded). */
  donationId?: string;
  date: string;
  amountCents: number;
  fund: string;
  /** Who gave it, on a household certificate (the holder's own gifts too). */
  giver?: string;
}
export interface DonorRecord {
  user: UserRow;
  profile: DonorTaxProfile;
  householdName: string | null;
}
export interface PlannedCertificate {
  holder: DonorRecord;
  donor: DonorSnapshot;
  gifts: GiftLine[];
  /** Household members whose gifts are on the holder's certificate (not the holder). */
  contributorIds: string[];
  totalCents: number;
}

/**
 * A certificate's frozen donor as every reader (PDF, IT3(d)) expects it: a
 * certificate de-identified after the retention period keeps only a name.
 */
export function frozenDonor(donor: unknown): DonorSnapshot {
  const d = (donor ?? {}) as Partial<DonorSnapshot>;
  return {
    name: d.name ?? '',
    email: d.email ?? '',
    phone: d.phone ?? '',
    address: d.address ?? '',
    profile: donorTaxProfileSchema.parse(d.profile ?? {}),
    household: d.household ?? null,
  };
}

export const snapshotOf = (r: DonorRecord, household: string | null = null): DonorSnapshot => ({
  name: r.user.name,
  email: r.user.email ?? '',
  phone: r.user.phone ?? '',
  address: r.user.address ?? '',
  profile: r.profile,
  household,
});

/**
 * Who gets a certificate for which gifts (issue 12: gifts belong to a person;
 * a person may choose to combine with their household). `giftsByDonor` holds
 * only gifts no valid certificate covers yet, so a donor who already holds a
 * certificate this year gets a supplementary one for the gifts after it.
 *
 * Everyone keeps their own certificate unless they chose to combine. The gifts
 * of those who combine go on one certificate issued to the household head (the
 * SARS taxpayer who claims them), together with the head's own gifts. Without a
 * head, the combining member who joined first holds it. Each gift is on one
 * certificate.
 */
export function planCertificates(giftsByDonor: Map<string, GiftLine[]>, donors: DonorRecord[], heads: DonorRecord[]): PlannedCertificate[] {
  const headOf = new Map<string, DonorRecord>();
  for (const h of heads) if (h.user.householdId && !headOf.has(h.user.householdId)) headOf.set(h.user.householdId, h);

  const combiners = new Map<string, DonorRecord[]>();
  for (const d of donors) {
    if (!d.profile.combineWithHousehold || !d.user.householdId) continue;
    const list = combiners.get(d.user.householdId) ?? [];
    list.push(d);
    combiners.set(d.user.householdId, list);
  }
  const holderOf = new Map<string, DonorRecord>();
  for (const [household, members] of combiners) {
    const first = [...members].sort(
      (a, b) => a.user.createdAt.getTime() - b.user.createdAt.getTime() || a.user.id.localeCompare(b.user.id),
    )[0]!;
    holderOf.set(household, headOf.get(household) ?? first);
  }

  const groups = new Map<string, { holder: DonorRecord; members: DonorRecord[]; household: string | null }>();
  for (const d of donors) {
    const household = d.user.householdId;
    const holder = household ? holderOf.get(household) : undefined;
    // A head who did not tick "combine" still holds the household's certificate when others combine into it.
    const joins = holder && (d.profile.combineWithHousehold || holder.user.id === d.user.id);
    const key = joins ? holder.user.id : d.user.id;
    const group = groups.get(key) ?? { holder: joins ? holder : d, members: [], household: joins ? d.householdName : null };
    group.members.push(d);
    groups.set(key, group);
  }

  const plans: PlannedCertificate[] = [];
  for (const g of groups.values()) {
    const combined = g.members.length > 1 || g.members[0]!.user.id !== g.holder.user.id;
    const gifts = g.members
      .flatMap((m) => (giftsByDonor.get(m.user.id) ?? []).map((line) => (combined ? { ...line, giver: m.user.name } : line)))
      .sort((a, b) => a.date.localeCompare(b.date));
    plans.push({
      holder: g.holder,
      donor: snapshotOf(g.holder, combined ? (g.household ?? g.holder.householdName) : null),
      gifts,
      contributorIds: g.members.map((m) => m.user.id).filter((id) => id !== g.holder.user.id),
      totalCents: gifts.reduce((s, x) => s + x.amountCents, 0),
    });
  }
  return plans.sort((a, b) => a.donor.name.localeCompare(b.donor.name) || a.holder.user.id.localeCompare(b.holder.user.id));
}

/** What a section 18A certificate cannot go out without (SARS fields since 1 March 2023) or cannot be delivered without. */
export function missingFor(d: DonorSnapshot): string[] {
  const missing: string[] = [];
  if (!d.address.trim()) missing.push('address');
  if (!d.profile.idNumber.trim()) missing.push(d.profile.idType === 'registration' ? 'registration number' : 'ID or passport number');
  if (!d.email.trim()) missing.push('e-mail (for delivery)');
  return missing;
}
/** What stops a certificate being issued (an e-mail address only stops its delivery). */
export const blocking = (m: string[]) => m.filter((x) => !x.startsWith('e-mail'));

export function pboMissing(s: GivingSettings): string[] {
  const m: string[] = [];
  if (!s.pboName) m.push('PBO name');
  if (!s.pboNumber) m.push('PBO reference number');
  if (!s.address) m.push('PBO address');
  if (!s.s18aApproved) m.push('section 18A approval');
  return m;
}
