import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { createTestApp, json, type TestApp } from '../../../test/test-app';
import { certificateKit, PBO } from '../../../test/support/certificates';
import { certificationText } from './certificate-pdf';

/**
 * The PDF a donor hands to SARS, read back as text: every field section
 * 18A(2)(a) of the Income Tax Act requires, with those required of donors
 * from 1 March 2023 (issue 12).
 */
let t: TestApp;
let kit: ReturnType<typeof certificateKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = certificateKit(t);
  await kit.setUp();
});
afterAll(() => t.close());

const YEAR = 2026;
const pdfText = async (id: string, token = kit.admin.token) => {
  const res = await kit.req('GET', `/api/giving/certificates/${id}/pdf`, token);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  // Lines as the reader lays them out; runs of spaces collapsed so a label and its value read as one phrase.
  return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text.replace(/[ \t]+/g, ' ');
};

describe('the section 18A certificate PDF', () => {
  it('prints every field SARS requires: receipt number, PBO, each donation, the donor in full, the certification', async () => {
    const company = await kit.donor('Molefe Holdings (Pty) Ltd', {
      legalType: 'company',
      idType: 'registration',
      idNumber: '2015/123456/07',
      idCountry: 'South Africa',
      taxNumber: '9876543210',
      tradingName: 'Molefe Motors',
    });
    await kit.give(company.user.id, 150_000, new Date('2025-04-10T10:00:00Z'));
    await kit.give(company.user.id, 2_550, new Date('2025-11-30T22:30:00Z'));
    const visitor = await kit.donor('Tendai Moyo', { idType: 'passport', idNumber: 'FN123456', idCountry: 'Zimbabwe', taxNumber: '' });
    await kit.give(visitor.user.id, 5_000, new Date('2025-06-01T10:00:00Z'));
    await kit.generate(YEAR);
    const mine = json(await kit.req('GET', '/api/giving/certificates/mine', company.token)).data.certificates;
    const text = await pdfText(mine[0].id, company.token);

    expect(text).toContain(`Receipt number: ${mine[0].receiptNumber}`);
    expect(text).toMatch(/Date issued: \d{2} \w{3} \d{4}/);
    expect(text).toContain('Tax year: 1 March 2025 – 28 February 2026');
    // The PBO: name, address for enquiries, SARS reference number.
    expect(text).toContain(`Name: ${PBO.pboName}`);
    expect(text).toContain(`Address: ${PBO.address}`);
    expect(text).toContain(`PBO reference number (SARS): ${PBO.pboNumber}`);
    expect(text).toContain(`NPO number: ${PBO.npoNumber}`);
    // Each donation: its date (the church's calendar: 22:30 UTC on 30 Nov is 00:30 on 1 Dec in Johannesburg) and amount, and the total.
    expect(text).toMatch(/10 Apr 2025 General R 1,500\.00/);
    expect(text).toMatch(/01 Dec 2025 General R 25\.50/);
    expect(text).toContain('Total: R 1,525.50');
    expect(text).toContain('Donations received (cash)');
    // The donor: name, trading name, legal type, ID type, registration number and country, tax number, address, phone, e-mail.
    expect(text).toContain('Name: Molefe Holdings (Pty) Ltd');
    expect(text).toContain('Trading name: Molefe Motors');
    expect(text).toContain('Legal type: Company');
    expect(text).toContain('Identification type: Registration number');
    expect(text).toContain('Registration number: 2015/123456/07');
    expect(text).toContain('Country of issue: South Africa');
    expect(text).toContain('Income tax reference number: 9876543210');
    expect(text).toContain(`Address: ${company.user.address}`);
    expect(text).toContain('Telephone: +27 82 000 0000');
    expect(text).toContain(`E-mail: ${company.user.email}`);
    // The section 18A certification, word for word.
    expect(text.replace(/\s+/g, ' ')).toContain(certificationText(PBO.pboName));
    expect(text).not.toContain('CANCELLED');

    const theirs = json(await kit.req('GET', '/api/giving/certificates/mine', visitor.token)).data.certificates;
    const passport = await pdfText(theirs[0].id);
    expect(passport).toContain('Legal type: Individual');
    expect(passport).toContain('Identification type: Passport');
    expect(passport).toContain('Identification number: FN123456');
    expect(passport).toContain('Country of issue: Zimbabwe');
    expect(passport).toContain('Income tax reference number: —');
    expect(passport).toContain('Trading name: —');
  });

  it('a cancelled certificate says so, why and what replaced it; the replacement names the one it replaces', async () => {
    const donor = await kit.donor('Palesa Replaced');
    await kit.give(donor.user.id, 10_000, new Date('2025-05-05T10:00:00Z'));
    const refunded = await kit.give(donor.user.id, 4_000, new Date('2025-05-06T10:00:00Z'));
    await kit.generate(YEAR);
    await kit.req('POST', `/api/donations/${refunded.id}/refund`, kit.admin.token, { reason: 'Card charged twice' });
    const [cancelled, replacement] = json(await kit.req('GET', '/api/giving/certificates/mine', donor.token)).data.certificates;
    const old = await pdfText(cancelled.id, donor.token);
    expect(old).toContain('CANCELLED: NOT VALID FOR TAX PURPOSES');
    expect(old.replace(/\s+/g, ' ')).toContain(
      `Gift of R 40.00 on 2025-05-06 refunded: Card charged twice. Replaced by ${replacement.receiptNumber}.`,
    );
    const now = await pdfText(replacement.id, donor.token);
    expect(now).toContain(`Replaces: ${cancelled.receiptNumber} (cancelled)`);
    expect(now).toContain('Total: R 100.00');
    expect(now).not.toContain('CANCELLED:');
    // The ZIP of the tax year holds valid certificates only.
    const zip = await kit.req('GET', `/api/giving/certificates/zip?taxYear=${YEAR}`, kit.admin.token);
    expect(zip.rawPayload.includes(Buffer.from(`section-18a-${replacement.receiptNumber}.pdf`))).toBe(true);
    expect(zip.rawPayload.includes(Buffer.from(`section-18a-${cancelled.receiptNumber}.pdf`))).toBe(false);
  });
});
