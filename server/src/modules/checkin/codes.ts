import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SECURITY_CODE_ALPHABET, SECURITY_CODE_LENGTH } from '@church/contract/checkin';
import type { DbOrTx } from '../../db/client';
import { securityCodes } from '../../db/schema/index';

/** One code drawn from a cryptographic source over the alphabet (no vowels, no look-alikes). */
export function drawCode(): string {
  let s = '';
  for (let i = 0; i < SECURITY_CODE_LENGTH; i++) s += SECURITY_CODE_ALPHABET[crypto.randomInt(SECURITY_CODE_ALPHABET.length)];
  return s;
}

/**
 * A code no one has had this service day: the (day, code) primary key decides, so two instances or two
 * kiosks can never both take one. 22^4 = 234,256 codes a day; a collision only means drawing again.
 */
export async function allocateCode(tx: DbOrTx, serviceDay: string, owner: { familyId?: string; kioskId?: string }): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = drawCode();
    const taken = await tx
      .insert(securityCodes)
      .values({
        serviceDay,
        code,
        familyId: owner.familyId ?? null,
        kioskId: owner.kioskId ?? null,
        usedAt: owner.familyId ? new Date() : null,
      })
      .onConflictDoNothing()
      .returning({ code: securityCodes.code });
    if (taken.length) return code;
  }
  throw new Error('Could not draw a free security code');
}

/** A code this kiosk reserved for the day and has not used (offline check-ins bring one); marks it used. */
export async function takeReservedCode(tx: DbOrTx, serviceDay: string, code: string, kioskId: string, familyId: string) {
  const used = await tx
    .update(securityCodes)
    .set({ familyId, usedAt: new Date() })
    .where(
      and(
        eq(securityCodes.serviceDay, serviceDay),
        eq(securityCodes.code, code),
        eq(securityCodes.kioskId, kioskId),
        isNull(securityCodes.usedAt),
      ),
    )
    .returning({ code: securityCodes.code });
  return used.length > 0;
}
