import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CHECKIN_TEXTS } from '@church/contract/checkin';
import type { Db } from '../../db/client';
import { kiosks } from '../../db/schema/index';
import { HttpError } from '../../lib/errors';

export const KIOSK_HEADER = 'x-kiosk-key';
export const hashKioskKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');
export const newKioskKey = () => `kiosk_${crypto.randomBytes(32).toString('base64url')}`;

export interface KioskPrincipal {
  id: string;
  name: string;
  printerId: string | null;
}

/**
 * A kiosk proves itself with its key (X-Kiosk-Key), kept as a hash: no person's session sits on a tablet
 * at the door, and a kiosk reaches only the kiosk routes. A revoked or unknown key is 401.
 */
const KIOSK = Symbol('kiosk');
/** The kiosk a request proved itself as (set by the guard, before the body is validated: 401 comes before 400). */
export function kioskOf(request: FastifyRequest): KioskPrincipal {
  const k = (request as unknown as Record<symbol, KioskPrincipal | undefined>)[KIOSK];
  if (!k) throw new HttpError(401, CHECKIN_TEXTS.kioskKeyMissing);
  return k;
}

export function kioskGuard(db: Db) {
  const seen = new Map<string, number>();
  return async function requireKiosk(request: FastifyRequest): Promise<void> {
    const key = request.headers[KIOSK_HEADER];
    if (typeof key !== 'string' || key.length < 20 || key.length > 100) throw new HttpError(401, CHECKIN_TEXTS.kioskKeyMissing);
    const [k] = await db
      .select({ id: kiosks.id, name: kiosks.name, printerId: kiosks.printerId })
      .from(kiosks)
      .where(and(eq(kiosks.keyHash, hashKioskKey(key)), isNull(kiosks.revokedAt)));
    if (!k) throw new HttpError(401, CHECKIN_TEXTS.kioskKeyMissing);
    // Last seen, written at most once a minute per kiosk.
    if ((seen.get(k.id) ?? 0) < Date.now() - 60_000) {
      seen.set(k.id, Date.now());
      await db.update(kiosks).set({ lastSeenAt: new Date() }).where(eq(kiosks.id, k.id));
    }
    (request as unknown as Record<symbol, KioskPrincipal>)[KIOSK] = k;
  };
}
