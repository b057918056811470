import { loadPdfKit } from '../../lib/heavy-modules';
import type { Readable } from 'node:stream';
import { formatReceiptNumber, type GivingSettings } from '@church/contract/giving-tax';
import { formatRand } from '@church/contract/rules/money';
import { randInWords } from '@church/contract/rules/rand-words';
import type { TaxCertificateRow } from '../../db/schema/index';
import { frozenDonor, type GiftLine } from './certificate-plan';

const LEGAL = { individual: 'Individual', company: 'Company', trust: 'Trust', other: 'Other' } as const;
const ID_TYPE = { rsa_id: 'South African ID', passport: 'Passport', registration: 'Registration number' } as const;

export const certificateFileName = (row: TaxCertificateRow) => `section-18a-${formatReceiptNumber(row.receiptNumber)}.pdf`;

/** The words that certify the receipt (s18A(2)(a)(vi)): printed on every certificate and checked by its test. */
export const certificationText = (pboName: string) =>
  `This receipt is issued for the purposes of section 18A of the Income Tax Act, 1962. We certify that the donations above ` +
  `have been or will be used exclusively for the object of ${pboName} in carrying on the public benefit activities ` +
  'approved under section 18A, and that no goods or services were received in exchange.';

/** Said on a certificate issued while its tax year was running (issue 31). */
export const partialYearText = (upTo: string) =>
  `This certificate covers the gifts received up to ${upTo}: it was issued before the tax year ended. ` +
  'Gifts received after that date go on a further certificate.';

/**
 * One section 18A receipt as a streamed PDF, from the frozen copies taken when
 * it was issued: every field SARS requires (Income Tax Act s18A(2)(a), with
 * the donor details required from 1 March 2023). A cancelled certificate says
 * so at the top, with why, when and what replaced it; a replacement names the
 * certificate it replaces. Dates are the church's calendar dates.
 */
export async function certificatePdf(
  { cert: row, replaces, replacedBy }: { cert: TaxCertificateRow; replaces: number | null; replacedBy: number | null },
  timeZone: string,
): Promise<Readable> {
  const pbo = row.pbo as GivingSettings;
  const donor = frozenDonor(row.donor);
  const gifts = row.gifts as GiftLine[];
  const day = (at: string | Date) =>
    new Date(at).toLocaleDateString('en-ZA', { timeZone, day: '2-digit', month: 'short', year: 'numeric' });
  const doc = new (await loadPdfKit())({
    size: 'A4',
    margin: 50,
    info: { Title: `Section 18A receipt ${formatReceiptNumber(row.receiptNumber)}`, Author: pbo.pboName },
  });
  const field = (label: string, value: string) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(`${label}: `, { continued: true })
      .font('Helvetica')
      .text(value || '—');
  };

  if (row.status === 'cancelled') {
    const by = replacedBy ? `Replaced by ${formatReceiptNumber(replacedBy)}.` : 'Not replaced.';
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor('#b00020')
      .text('CANCELLED: NOT VALID FOR TAX PURPOSES', { align: 'center' })
      .fontSize(9)
      .text(`Cancelled on ${row.cancelledAt ? day(row.cancelledAt) : '—'}: ${row.cancelReason ?? ''}. ${by}`, { align: 'center' })
      .fillColor('black')
      .moveDown();
  }
  doc.font('Helvetica-Bold').fontSize(16).text('Section 18A Tax Receipt', { align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text('Receipt issued in terms of section 18A of the Income Tax Act, 1962', { align: 'center' })
    .moveDown();
  field('Receipt number', formatReceiptNumber(row.receiptNumber));
  if (replaces) field('Replaces', `${formatReceiptNumber(replaces)} (cancelled)`);
  field('Date issued', day(row.issuedAt));
  const lastDay = new Date(Date.UTC(row.taxYear, 2, 0)).getUTCDate();
  field('Tax year', `1 March ${row.taxYear - 1} – ${lastDay} February ${row.taxYear}`);
  if (row.giftsUpTo) {
    const upTo = new Date(row.giftsUpTo).toLocaleDateString('en-ZA', { timeZone, day: 'numeric', month: 'long', year: 'numeric' });
    field('Gifts received up to', upTo);
    doc.font('Helvetica-Oblique').fontSize(9).text(partialYearText(upTo)).font('Helvetica');
  }
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).text('Public benefit organisation');
  field('Name', pbo.pboName);
  field('Address', pbo.address);
  field('PBO reference number (SARS)', pbo.pboNumber);
  if (pbo.npoNumber) field('NPO number', pbo.npoNumber);

  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).text('Donor');
  field('Name', donor.name);
  field('Trading name', donor.profile.tradingName);
  field('Legal type', LEGAL[donor.profile.legalType]);
  field('Identification type', ID_TYPE[donor.profile.idType]);
  field(donor.profile.idType === 'registration' ? 'Registration number' : 'Identification number', donor.profile.idNumber);
  field('Country of issue', donor.profile.idCountry);
  field('Income tax reference number', donor.profile.taxNumber);
  field('Address', donor.address);
  field('Telephone', donor.phone);
  field('E-mail', donor.email);
  if (donor.household) field('Household', `${donor.household} (gifts of household members who chose one certificate)`);

  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).text('Donations received (cash)');
  doc.font('Helvetica').fontSize(9);
  for (const g of gifts) {
    doc.text(`${day(g.date)}    ${g.fund.padEnd(20)}    ${formatRand(g.amountCents / 100)}${g.giver ? `    (${g.giver})` : ''}`);
  }
  doc.font('Helvetica-Bold').text(`Total: ${formatRand(row.totalCents / 100)}`);
  // The amount in words as well as figures (issue 32), as a receipt for money is written.
  doc.font('Helvetica').text(`Amount in words: ${randInWords(row.totalCents)}`).moveDown();

  doc.font('Helvetica').fontSize(9).text(certificationText(pbo.pboName));
  doc.end();
  return doc as unknown as Readable;
}
