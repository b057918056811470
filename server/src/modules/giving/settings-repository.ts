import { eq } from 'drizzle-orm';
import { givingSettingsSchema, type GivingSettings } from '@church/contract/giving-tax';
import type { Db, DbOrTx } from '../../db/client';
import { churchSettings, givingFunds, givingSettings } from '../../db/schema/index';

/** Tax & banking details (own table: the church settings page posts its whole document). */
export function createGivingSettingsRepository(db: Db) {
  return {
    async get(tx: DbOrTx = db): Promise<GivingSettings> {
      const [row] = await tx.select().from(givingSettings).where(eq(givingSettings.id, 1));
      const parsed = givingSettingsSchema.parse(row?.data ?? {});
      if (!parsed.pboName) {
        // The church's own name until the treasurer enters the registered PBO name.
        const [church] = await tx.select().from(churchSettings).where(eq(churchSettings.id, 1));
        const data = (church?.data ?? {}) as { churchName?: string; address?: string };
        return { ...parsed, pboName: data.churchName ?? '', address: parsed.address || (data.address ?? '') };
      }
      return parsed;
    },
    async save(data: GivingSettings, userId: string) {
      await db
        .insert(givingSettings)
        .values({ id: 1, data, updatedBy: userId })
        .onConflictDoUpdate({ target: givingSettings.id, set: { data, updatedBy: userId, updatedAt: new Date() } });
    },
    async fund(name: string) {
      const [row] = await db.select().from(givingFunds).where(eq(givingFunds.name, name));
      return row;
    },
  };
}
export type GivingSettingsRepository = ReturnType<typeof createGivingSettingsRepository>;

export const bankConfigured = (s: GivingSettings) => !!(s.bank.bankName && s.bank.accountNumber && s.bank.accountName);
