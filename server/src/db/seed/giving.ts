import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { donorTaxProfiles, givingFunds, givingSettings, users } from '../schema/index';

/** Funds, tax (PBO / section 18A) and banking details, and the demo member's tax details. */
export async function seedGiving(db: Db) {
  await db
    .insert(givingFunds)
    .values([
      { name: 'Building Fund', description: 'The new hall and classrooms' },
      { name: 'Youth', description: 'Youth camps and bursaries', section18a: true },
      { name: 'Missions', description: 'Outreach in Limpopo and Mozambique' },
      { name: 'Benevolence', description: 'Food parcels and emergency help for families', section18a: true },
    ])
    .onConflictDoNothing();
  // Funds earlier demo gifts name (seeded before this runs) exist too.
  await db.execute(sql`INSERT INTO giving_funds (name) SELECT DISTINCT fund FROM donations ON CONFLICT DO NOTHING`);
  // The demo church's PBO runs its approved community programmes (feeding scheme, crèche) from the general fund,
  // so General is section 18A-eligible; the building fund (a church hall) and missions are not.
  await db.update(givingFunds).set({ section18a: true }).where(eq(givingFunds.name, 'General'));
  await db
    .insert(givingSettings)
    .values({
      id: 1,
      data: {
        pboName: 'Grace Community Church NPC',
        pboNumber: '930012345',
        npoNumber: '123-456 NPO',
        s18aApproved: true,
        address: '12 Church Street, Hatfield, Pretoria, 0083',
        bank: { bankName: 'FNB', accountName: 'Grace Community Church', accountNumber: '62800011122', branchCode: '250655' },
      },
    })
    .onConflictDoNothing();
  const [member] = await db.select().from(users).where(eq(users.email, 'member@demo.church'));
  if (member) {
    await db
      .insert(donorTaxProfiles)
      .values({
        userId: member.id,
        data: {
          legalType: 'individual',
          idType: 'rsa_id',
          idNumber: '8501015800088',
          idCountry: 'South Africa',
          taxNumber: '0123456789',
          tradingName: '',
        },
      })
      .onConflictDoNothing();
  }
}
