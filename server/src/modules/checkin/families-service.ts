import crypto from 'node:crypto';
import { and, asc, eq, ilike, inArray, like, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import { CHECKIN_LIMITS, CHECKIN_TEXTS, type Family, type familyRequest, type Room } from '@church/contract/checkin';
import type { DbOrTx } from '../../db/client';
import { checkinChildren, checkinCollectors, checkinFamilies, checkinGuardians, checkinRooms, checkins } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import type { CheckinDeps } from './deps';
import { roomFor } from './eligibility';

/** A phone's digits reversed: its last digits are a prefix, whatever form it was written in. */
export const reversedDigits = (phone: string) => [...phone.replace(/\D/g, '')].reverse().join('');
const CARD_ALPHABET = 'CDFGHJKMNPQRTVWXY34679';
const newCardCode = () => Array.from({ length: 12 }, () => CARD_ALPHABET[crypto.randomInt(CARD_ALPHABET.length)]).join('');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createFamiliesService(d: Pick<CheckinDeps, 'db'>) {
  async function rooms(db: DbOrTx = d.db): Promise<Room[]> {
    const rows = await db.select().from(checkinRooms).orderBy(asc(checkinRooms.name));
    return rows.map((r) => ({
      _id: r.id,
      id: r.id,
      name: r.name,
      minMonths: r.minMonths,
      maxMonths: r.maxMonths,
      minGrade: r.minGrade,
      maxGrade: r.maxGrade,
      capacity: r.capacity,
    }));
  }

  /** A family with each child's fitting room for the day and whether they are already in for this service. */
  async function view(familyId: string, ctx: { serviceId?: string; serviceDay: string }, db: DbOrTx = d.db): Promise<Family> {
    const [f] = await db.select().from(checkinFamilies).where(eq(checkinFamilies.id, familyId));
    if (!f) throw notFound('Family not found');
    const [guardians, children, collectors, roomList, inNow] = await Promise.all([
      db.select().from(checkinGuardians).where(eq(checkinGuardians.familyId, familyId)),
      db.select().from(checkinChildren).where(eq(checkinChildren.familyId, familyId)).orderBy(asc(checkinChildren.birthDate)),
      db.select().from(checkinCollectors).where(eq(checkinCollectors.familyId, familyId)),
      rooms(db),
      ctx.serviceId
        ? db
            .select()
            .from(checkins)
            .where(and(eq(checkins.serviceId, ctx.serviceId), eq(checkins.familyId, familyId), ne(checkins.status, 'duplicate')))
        : Promise.resolve([]),
    ]);
    return {
      _id: f.id,
      id: f.id,
      name: f.name,
      cardCode: f.cardCode,
      guardians: guardians.map((g) => ({ id: g.id, name: g.name, phone: g.phone })),
      children: children.map((c) => {
        const here = inNow.find((x) => x.childId === c.id && x.status === 'in');
        return {
          _id: c.id,
          id: c.id,
          firstName: c.firstName,
          lastName: c.lastName,
          birthDate: c.birthDate,
          grade: c.grade,
          allergies: c.allergies,
          medicalNotes: c.medicalNotes,
          roomId: roomFor(c, roomList, ctx.serviceDay),
          checkedIn: here ? { checkinId: here.id, roomId: here.roomId, code: here.code } : null,
        };
      }),
      collectors: collectors.map((c) => ({
        id: c.id,
        name: c.name,
        phone: c.phone,
        relationship: c.relationship,
        authorised: c.authorised,
      })),
    };
  }

  /**
   * Family ids whose guardians' phones end with these digits. At most the last 9 are compared (a South
   * African number without its trunk 0 or +27), so '0825551234', '27825551234' and '5551234' all find it.
   */
  async function byPhoneEnding(typed: string) {
    const digits = typed.replace(/\D/g, '').slice(-9);
    const rows = await d.db
      .selectDistinct({ familyId: checkinGuardians.familyId })
      .from(checkinGuardians)
      .where(like(checkinGuardians.phoneReversed, `${escapeLike(reversedDigits(digits))}%`))
      .limit(CHECKIN_LIMITS.choicesMax + 1);
    return rows.map((r) => r.familyId);
  }

  async function byCard(card: string) {
    const [f] = await d.db.select({ id: checkinFamilies.id }).from(checkinFamilies).where(eq(checkinFamilies.cardCode, card.toUpperCase()));
    return f?.id ?? null;
  }

  /**
   * The kiosk's lookup: one family in full (children only: no guardians' numbers, no collectors), or, when
   * several match the digits, each family's guardians' first names to choose from — never a surname.
   */
  async function kioskLookup(
    b: { phoneDigits?: string; card?: string; familyId?: string },
    ctx: { serviceId: string; serviceDay: string },
  ) {
    let ids: string[];
    if (b.card) {
      const id = await byCard(b.card);
      if (!id) throw notFound(CHECKIN_TEXTS.unknownCard);
      ids = [id];
    } else {
      ids = await byPhoneEnding(b.phoneDigits!);
      if (!ids.length) throw notFound(CHECKIN_TEXTS.noFamily);
      if (ids.length > CHECKIN_LIMITS.choicesMax) throw badRequest('Many families end with those digits: type more of your number');
    }
    if (b.familyId) {
      if (!ids.includes(b.familyId)) throw notFound(CHECKIN_TEXTS.noFamily);
      ids = [b.familyId];
    }
    if (ids.length > 1) {
      const guardians = await d.db
        .select({ familyId: checkinGuardians.familyId, name: checkinGuardians.name })
        .from(checkinGuardians)
        .where(inArray(checkinGuardians.familyId, ids));
      return {
        family: null,
        choices: ids.map((id) => ({
          familyId: id,
          firstNames: guardians.filter((g) => g.familyId === id).map((g) => g.name.split(/\s+/)[0]!),
        })),
      };
    }
    const { guardians: _g, collectors: _c, cardCode: _card, ...family } = await view(ids[0]!, ctx);
    return { family, choices: [] };
  }

  /** Does this lookup find this family? (A kiosk may only check in the family it found.) */
  async function lookupFinds(b: { phoneDigits?: string; card?: string }, familyId: string) {
    if (b.card) return (await byCard(b.card)) === familyId;
    if (b.phoneDigits && b.phoneDigits.length >= CHECKIN_LIMITS.phoneDigitsMin)
      return (await byPhoneEnding(b.phoneDigits)).includes(familyId);
    return false;
  }

  /** Staff search: by name (family, guardian or child) or by phone digits. */
  async function search(q: string) {
    const digits = q.replace(/\D/g, '');
    const pattern = `%${escapeLike(q)}%`;
    const ids = await d.db
      .selectDistinct({ id: checkinFamilies.id, name: checkinFamilies.name })
      .from(checkinFamilies)
      .leftJoin(checkinGuardians, eq(checkinGuardians.familyId, checkinFamilies.id))
      .leftJoin(checkinChildren, eq(checkinChildren.familyId, checkinFamilies.id))
      .where(
        digits.length >= 4 && digits.length === q.replace(/[\s+()-]/g, '').length
          ? like(checkinGuardians.phoneReversed, `${reversedDigits(digits)}%`)
          : or(ilike(checkinFamilies.name, pattern), ilike(checkinGuardians.name, pattern), ilike(checkinChildren.firstName, pattern)),
      )
      .orderBy(checkinFamilies.name)
      .limit(20);
    if (!ids.length) return [];
    const [gs, cs] = await Promise.all([
      d.db
        .select()
        .from(checkinGuardians)
        .where(
          inArray(
            checkinGuardians.familyId,
            ids.map((i) => i.id),
          ),
        ),
      d.db
        .select()
        .from(checkinChildren)
        .where(
          inArray(
            checkinChildren.familyId,
            ids.map((i) => i.id),
          ),
        ),
    ]);
    return ids.map((f) => ({
      id: f.id,
      name: f.name,
      guardians: gs.filter((g) => g.familyId === f.id).map((g) => g.name),
      children: cs.filter((c) => c.familyId === f.id).map((c) => c.firstName),
    }));
  }

  async function write(tx: DbOrTx, familyId: string, body: z.output<typeof familyRequest>) {
    await tx.delete(checkinGuardians).where(eq(checkinGuardians.familyId, familyId));
    await tx
      .insert(checkinGuardians)
      .values(body.guardians.map((g) => ({ familyId, name: g.name, phone: g.phone, phoneReversed: reversedDigits(g.phone) })));
    // Children keep their ids (their check-ins point at them); removed ones go.
    const existing = await tx.select({ id: checkinChildren.id }).from(checkinChildren).where(eq(checkinChildren.familyId, familyId));
    const kept = new Set(body.children.map((c) => c.id).filter(Boolean));
    const gone = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
    if (gone.length) await tx.delete(checkinChildren).where(inArray(checkinChildren.id, gone));
    for (const c of body.children) {
      const values = {
        familyId,
        firstName: c.firstName,
        lastName: c.lastName ?? body.name,
        birthDate: c.birthDate ?? null,
        grade: c.grade ?? null,
        allergies: c.allergies || null,
        medicalNotes: c.medicalNotes || null,
      };
      if (c.id && existing.some((e) => e.id === c.id)) await tx.update(checkinChildren).set(values).where(eq(checkinChildren.id, c.id));
      else await tx.insert(checkinChildren).values(values);
    }
    await tx.delete(checkinCollectors).where(eq(checkinCollectors.familyId, familyId));
    if (body.collectors.length)
      await tx.insert(checkinCollectors).values(
        body.collectors.map((c) => ({
          familyId,
          name: c.name,
          phone: c.phone || null,
          relationship: c.relationship || null,
          authorised: c.authorised,
        })),
      );
  }

  async function create(body: z.output<typeof familyRequest>, ctx: { serviceDay: string }) {
    const id = await d.db.transaction(async (tx) => {
      const [f] = await tx.insert(checkinFamilies).values({ name: body.name, cardCode: newCardCode() }).returning();
      await write(tx, f!.id, body);
      return f!.id;
    });
    return view(id, ctx);
  }

  async function update(id: string, body: z.output<typeof familyRequest>, ctx: { serviceDay: string }) {
    await d.db.transaction(async (tx) => {
      const [f] = await tx.update(checkinFamilies).set({ name: body.name }).where(eq(checkinFamilies.id, id)).returning();
      if (!f) throw notFound('Family not found');
      await write(tx, id, body);
    });
    return view(id, ctx);
  }

  return { rooms, view, kioskLookup, lookupFinds, search, create, update };
}
export type FamiliesService = ReturnType<typeof createFamiliesService>;
