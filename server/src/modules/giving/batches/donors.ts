import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BATCH_TEXTS, type createDonorRequest, type Donor } from '@church/contract/giving-batches';
import { MEMBER_TEXTS } from '@church/contract/members-manage';
import { isUniqueViolation, type Db, type DbOrTx } from '../../../db/client';
import { givingEnvelopes, users, type UserRow } from '../../../db/schema/index';
import { conflict, notFound } from '../../../lib/errors';
import { recordAudit, type AuditActor } from '../../audit/audit';
import { noEvents, type EmitEvent } from '../../../events/domain-events';
import { memberObject } from '../../../events/objects';
import { congregation } from '../../members/repository';
import { recordStatusChange, snapshot } from '../../members/service';
import { memberSearch } from '../../members/search';

const PICKER_LIMIT = 10;
/** Envelope numbers are compared as typed on the envelope, without case: 'a12' is envelope A12. */
const envelopeKey = (n: string) => n.trim().toUpperCase();

const present = (u: Pick<UserRow, 'id' | 'name' | 'phone' | 'email'>, envelope: string | null): Donor => ({
  _id: u.id,
  id: u.id,
  name: u.name,
  phone: u.phone,
  email: u.email,
  envelopeNumber: envelope,
});

/**
 * The counters' member picker: a person by name, phone in any form ('082 555 1234', '+27 82 555 1234') or
 * envelope number, and "add a new person" without leaving the batch. Finance roles only (routes).
 */
export function createDonors(d: { db: Db; emit?: EmitEvent }) {
  const emit = d.emit ?? noEvents;
  const columns = { id: users.id, name: users.name, phone: users.phone, email: users.email, envelope: givingEnvelopes.number };

  async function one(tx: DbOrTx, id: string) {
    const [row] = await tx
      .select(columns)
      .from(users)
      .leftJoin(givingEnvelopes, eq(givingEnvelopes.userId, users.id))
      .where(and(eq(users.id, id), congregation));
    return row ? present(row, row.envelope) : null;
  }

  async function setEnvelope(tx: DbOrTx, userId: string, number: string | null) {
    if (number === null) {
      await tx.delete(givingEnvelopes).where(eq(givingEnvelopes.userId, userId));
      return;
    }
    try {
      await tx
        .insert(givingEnvelopes)
        .values({ userId, number: envelopeKey(number) })
        .onConflictDoUpdate({ target: givingEnvelopes.userId, set: { number: envelopeKey(number), updatedAt: new Date() } });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(BATCH_TEXTS.envelopeTaken);
      throw err;
    }
  }

  return {
    one: (id: string) => one(d.db, id),
    /** Envelope matches first (exact), then name/e-mail/phone matches by name. */
    async search(q: string): Promise<Donor[]> {
      const byName = memberSearch(q);
      const envelope = eq(givingEnvelopes.number, envelopeKey(q).slice(0, 20));
      const rows = await d.db
        .select(columns)
        .from(users)
        .leftJoin(givingEnvelopes, eq(givingEnvelopes.userId, users.id))
        .where(and(congregation, byName ? or(envelope, byName) : envelope))
        .orderBy(sql`(${envelope}) desc`, asc(users.name), asc(users.id))
        .limit(PICKER_LIMIT);
      return rows.map((r) => present(r, r.envelope));
    },
    /** A new member record from the batch screen: a person the church knows, who may sign in later after a password reset. */
    async create(actor: AuditActor, input: z.output<typeof createDonorRequest>): Promise<Donor> {
      try {
        return await d.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({ name: input.name, email: input.email, phone: input.phone, role: 'member', status: 'active' })
            .returning();
          await recordStatusChange(tx, actor, row!.id, null, row!.status, 'Added while recording a gift');
          if (input.envelopeNumber) await setEnvelope(tx, row!.id, input.envelopeNumber);
          await recordAudit(tx, {
            ...actor,
            action: 'member.created',
            entityType: 'user',
            entityId: row!.id,
            summary: `Added member ${row!.name} while recording a gift`,
            after: snapshot(row!),
          });
          await emit(tx, 'member.created', { object: memberObject(row!) });
          return present(row!, input.envelopeNumber ? envelopeKey(input.envelopeNumber) : null);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MEMBER_TEXTS.emailExists);
        throw err;
      }
    },
    async envelope(actor: AuditActor, userId: string, number: string | null): Promise<Donor> {
      return d.db.transaction(async (tx) => {
        const before = await one(tx, userId);
        if (!before) throw notFound(BATCH_TEXTS.noDonor);
        await setEnvelope(tx, userId, number);
        await recordAudit(tx, {
          ...actor,
          action: 'member.envelope',
          entityType: 'user',
          entityId: userId,
          summary: `Envelope number of ${before.name}: ${before.envelopeNumber ?? 'none'} → ${number ? envelopeKey(number) : 'none'}`,
          before: { envelopeNumber: before.envelopeNumber },
          after: { envelopeNumber: number ? envelopeKey(number) : null },
        });
        return (await one(tx, userId))!;
      });
    },
  };
}
export type Donors = ReturnType<typeof createDonors>;
