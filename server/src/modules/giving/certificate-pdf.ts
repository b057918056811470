import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import { formatReceiptNumber, type GivingSettings } from '@church/contract/giving-tax';
import { formatRand } from '@church/contract/rules/money';
import type { TaxCertificateRow } from '../../db/schema/index';
import type { DonorSnapshot, GiftLine } from './tax-service';

const LEGAL = { individual: 'Individual', company: 'Company', trust: 'Trust', other: 'Other' } as const;
const ID_TYPE = { rsa_id: 'South African ID', passport: 'Passport', registration: 'Registration number' } as const;
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-ZA', { timeZone: 'Africa/Johannesburg', day: '2-digit', month: 'short', year: 'numeric' });

export const certificateFileName = (row: TaxCertificateRow) => `section-18a-${formatReceiptNumber(row.receiptNumber)}.pdf`;

/**
 * One section 18A receipt as a streamed PDF, from the frozen copies taken when
 * it was issued: every field SARS requires (Income Tax Act s18A(2)(a), with
 * the donor details required from 1 March 2023).
 */
export function certificatePdf(row: TaxCertificateRow): Readable {
  const pbo = row.pbo as GivingSettings;
  const donor = row.donor as DonorSnapshot;
  const gifts = row.gifts as GiftLine[];
  const doc = new PDFDocument({
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

  doc.font('Helvetica-Bold').fontSize(16).text('Section 18A Tax Receipt', { align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text('Receipt issued in terms of section 18A of the Income Tax Act, 1962', { align: 'center' })
    .moveDown();
  field('Receipt number', formatReceiptNumber(row.receiptNumber));
  field('Date issued', day(row.issuedAt.toISOString()));
  field('Tax year', `1 March ${row.taxYear - 1} – 28/29 February ${row.taxYear}`);
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).text('Public benefit organisation');
  field('Name', pbo.pboName);
  field('Address', pbo.address);
  field('PBO reference number (SARS)', pbo.pboNumber);
  if (pbo.npoNumber) field('NPO number', pbo.npoNumber);

  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).text('Donor');
  field('Name', donor.name);
  if (donor.profile.tradingName) field('Trading name', donor.profile.tradingName);
  field('Legal type', LEGAL[donor.profile.legalType]);
  field(
    'Identification',
    `${ID_TYPE[donor.profile.idType]} ${donor.profile.idNumber}${donor.profile.idType === 'passport' ? ` (${donor.profile.idCountry})` : ''}`,
  );
  field('Country', donor.profile.idCountry);
  field('Income tax reference number', donor.profile.taxNumber);
  field('Address', donor.address);
  field('Telephone', donor.phone);
  field('E-mail', donor.email);

  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).text('Donations received (cash)');
  doc.font('Helvetica').fontSize(9);
  for (const g of gifts) doc.text(`${day(g.date)}    ${g.fund.padEnd(20)}    ${formatRand(g.amountCents / 100)}`);
  doc
    .font('Helvetica-Bold')
    .text(`Total: ${formatRand(row.totalCents / 100)}`)
    .moveDown();

  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      `We certify that the donations above have been or will be used exclusively for the object of ${pbo.pboName} in carrying on the ` +
        'public benefit activities approved under section 18A of the Income Tax Act, 1962, and that no goods or services were received in exchange.',
    );
  doc.end();
  return doc as unknown as Readable;
}
