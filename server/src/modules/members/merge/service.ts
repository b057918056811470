import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { canGrantRole } from '@church/contract/roles';
import { assertMayChangeEmail } from '../email-change';
import { MEMBER_TEXTS } from '@church/contract/members-manage';
import { MERGE_FIELDS, MERGE_TEXTS, type MergeField } from '@church/contract/members-merge';
import { isUniqueViolation, type Db, type DbOrTx } from '../../../db/client';
import { memberMerges, users, type MemberMergeRow, type UserRow } from '../../../db/schema/index';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { recordAudit } from '../../audit/audit';
import { noEvents, type EmitEvent } from '../../../events/domain-events';
import { memberObject } from '../../../events/objects';
import { recordStatusChange, type Actor } from '../service';
import { moveBack, moveRows, personReferences, putBack, rowAsJson, takeOutCollisions } from './relations';

/** What a merge records beside the kept record's old values: the removed row itself and the colliding rows taken out. */
interface RemovedSnapshot {
  user: Record<string, unknown>;
  /** table → rows (to_jsonb), put back by an undo. */
  dropped: Record<string, unknown[]>;
}
/** table.column → keys of the rows moved to the kept member. */
type Moved = Record<string, Record<string, unknown>[]>;

/** Kept-record fields a merge may change, with how to write a stored value back. */
type KeptBefore = Partial<Record<keyof UserRow, unknown>>;

export interface MergeChoice {
  keepId: string;
  removeId: string;
  fields: Partial<Record<MergeField, 'keep' | 'remove'>>;
  household: 'keep' | 'remove';
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

function assertMayTouch(actor: Actor, target: UserRow) {
  if (target.role === 'developer') throw notFound('Member not found');
  if ((target.role === 'admin' || target.role === 'superadmin') && !canGrantRole(actor, target.role)) {
    throw forbidden(MEMBER_TEXTS.targetNotAllowed);
  }
}

/** The kept record as the leader chose it: chosen fields, the household as one, gifts and interests joined. */
function chosenValues(kept: UserRow, removed: UserRow, choice: MergeChoice): Partial<UserRow> {
  const set: Partial<UserRow> = {};
  const put = <K extends keyof UserRow>(k: K, v: UserRow[K]) => {
    if (JSON.stringify(v) !== JSON.stringify(kept[k])) set[k] = v;
  };
  for (const f of MERGE_FIELDS) if (choice.fields[f] === 'remove') put(f, removed[f]);
  if (choice.household === 'remove') {
    put('householdId', removed.householdId);
    put('householdRole', removed.householdRole);
  }
  // The password goes with the e-mail: the person signs in with the address they were told, and its password.
  if (choice.fields.email === 'remove' && removed.passwordHash) put('passwordHash', removed.passwordHash);
  if (!kept.passwordHash && removed.passwordHash && choice.fields.email !== 'remove') put('passwordHash', removed.passwordHash);
  put('spiritualGifts', union(kept.spiritualGifts, removed.spiritualGifts));
  put('ministryInterests', union(kept.ministryInterests, removed.ministryInterests));
  if (removed.lastContacted && (!kept.lastContacted || removed.lastContacted > kept.lastContacted))
    put('lastContacted', removed.lastContacted);
  if (!kept.baptismDate && removed.baptismDate) put('baptismDate', removed.baptismDate);
  return set;
}

/** Stored JSON back to column values (dates of the timestamp kind come back as Date). */
function restoreValues(before: KeptBefore): Partial<UserRow> {
  const out = { ...before } as Record<string, unknown>;
  if (typeof out.lastContacted === 'string') out.lastContacted = new Date(out.lastContacted);
  return out as Partial<UserRow>;
}

const counts = (m: Record<string, unknown[]>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v.length]));

export function presentMerge(row: MemberMergeRow, keptName: string | null) {
  const snap = row.removedSnapshot as RemovedSnapshot;
  return {
    id: row.id,
    keptId: row.keptId,
    keptName,
    removedId: row.removedId,
    removedName: row.removedName,
    mergedByName: row.mergedByName,
    at: row.at.toISOString(),
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoneByName: row.undoneByName,
    moved: counts(row.moved as Moved),
    dropped: counts(snap.dropped ?? {}),
  };
}

export function createMergeService(db: Db, emit: EmitEvent = noEvents) {
  async function lockMember(tx: DbOrTx, id: string) {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (row) return row;
    // Gone: merged away earlier (say so), or simply not there.
    const [earlier] = await tx
      .select({ keptId: memberMerges.keptId })
      .from(memberMerges)
      .where(and(eq(memberMerges.removedId, id), isNull(memberMerges.undoneAt)))
      .orderBy(desc(memberMerges.at))
      .limit(1);
    if (earlier) {
      const [into] = await tx.select({ name: users.name }).from(users).where(eq(users.id, earlier.keptId));
      throw conflict(MERGE_TEXTS.alreadyMerged(into?.name ?? 'another member'));
    }
    throw notFound('Member not found');
  }

  async function withKeptName(rows: MemberMergeRow[]) {
    const ids = [...new Set(rows.map((r) => r.keptId))];
    const names = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
    const byId = new Map(names.map((n) => [n.id, n.name]));
    return rows.map((r) => presentMerge(r, byId.get(r.keptId) ?? null));
  }

  return {
    /**
     * One transaction: every row that points at the removed person points at
     * the kept one afterwards (rows that would collide are taken out and kept
     * in the record), the removed person is deleted, the kept record takes the
     * chosen values, and the merge is recorded with enough to undo it exactly.
     */
    async merge(actor: Actor, choice: MergeChoice) {
      if (choice.keepId === choice.removeId) throw badRequest(MERGE_TEXTS.notYourself);
      if (choice.removeId === actor.actorId) throw badRequest(MERGE_TEXTS.notYourOwnAccount);
      try {
        return await db.transaction(async (tx) => {
          // Lock in id order so two leaders merging the same pair both ways cannot deadlock.
          const [first, second] = [choice.keepId, choice.removeId].sort();
          const locked = new Map<string, UserRow>();
          locked.set(first!, await lockMember(tx, first!));
          locked.set(second!, await lockMember(tx, second!));
          const kept = locked.get(choice.keepId)!;
          const removed = locked.get(choice.removeId)!;
          assertMayTouch(actor, kept);
          assertMayTouch(actor, removed);
          const set = chosenValues(kept, removed, choice);
          // The kept record's login e-mail follows the one rule (members/email-change.ts): only someone ranked above
          // may change it, and it moves only with the sign-in that belongs to it (the removed record's password).
          if ('email' in set && kept.email !== set.email) {
            assertMayChangeEmail(actor, kept);
            if (kept.passwordHash && !('passwordHash' in set)) throw forbidden(MERGE_TEXTS.loginEmail);
          }
          if (set.role && !canGrantRole(actor, set.role)) throw forbidden(MEMBER_TEXTS.roleNotAllowed(set.role));

          const removedJson = (await rowAsJson(tx, 'users', removed.id))!;
          const moved: Moved = {};
          const dropped: Record<string, unknown[]> = {};
          for (const ref of await personReferences(tx)) {
            const out = await takeOutCollisions(tx, ref, kept.id, removed.id);
            if (out.length) (dropped[ref.table] ??= []).push(...out);
            const keys = await moveRows(tx, ref, removed.id, kept.id);
            if (keys.length) moved[`${ref.table}.${ref.column}`] = keys;
          }
          await tx.delete(users).where(eq(users.id, removed.id));

          const keptBefore: KeptBefore = Object.fromEntries(Object.keys(set).map((k) => [k, kept[k as keyof UserRow]]));
          const [after] = Object.keys(set).length ? await tx.update(users).set(set).where(eq(users.id, kept.id)).returning() : [kept];
          if (set.status) {
            await recordStatusChange(tx, actor, kept.id, kept.status, set.status, `Merged with ${removed.name}`);
          }
          const [row] = await tx
            .insert(memberMerges)
            .values({
              keptId: kept.id,
              removedId: removed.id,
              removedName: removed.name,
              keptBefore,
              removedSnapshot: { user: removedJson, dropped } satisfies RemovedSnapshot,
              moved,
              mergedBy: actor.actorId,
              mergedByName: actor.actorName,
            })
            .returning();
          const changed = Object.keys(set).filter((k) => k !== 'passwordHash');
          const m = presentMerge(row!, after!.name);
          await recordAudit(tx, {
            ...actor,
            action: 'member.merged',
            entityType: 'user',
            entityId: kept.id,
            summary:
              `Merged ${removed.name} <${removed.email}> into ${after!.name}` + (changed.length ? ` (took ${changed.join(', ')})` : ''),
            before: {
              kept: Object.fromEntries(changed.map((k) => [k, kept[k as keyof UserRow]])),
              removed: { id: removed.id, name: removed.name, email: removed.email },
            },
            after: {
              kept: Object.fromEntries(changed.map((k) => [k, after![k as keyof UserRow]])),
              mergeId: row!.id,
              moved: m.moved,
              dropped: m.dropped,
            },
          });
          if (changed.length) await emit(tx, 'member.updated', { object: memberObject(after!), previous: memberObject(kept) });
          // The message names the kept record as the leader knew it before (it may have taken the other's name).
          return { merge: m, keptNameBefore: kept.name };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MERGE_TEXTS.cannotCombine);
        throw err;
      }
    },

    /** The reverse, in one transaction: the kept record's old values, the removed person back, exactly the moved rows back. */
    async undo(actor: Actor, mergeId: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(memberMerges).where(eq(memberMerges.id, mergeId)).for('update');
        if (!row) throw notFound(MERGE_TEXTS.mergeNotFound);
        if (row.undoneAt) throw conflict(MERGE_TEXTS.alreadyUndone);
        const [kept] = await tx.select().from(users).where(eq(users.id, row.keptId)).for('update');
        if (!kept) throw conflict(MERGE_TEXTS.keptGone);
        assertMayTouch(actor, kept);
        const snap = row.removedSnapshot as RemovedSnapshot;
        const removedRole = String(snap.user.role);
        if ((removedRole === 'admin' || removedRole === 'superadmin') && !canGrantRole(actor, removedRole)) {
          throw forbidden(MEMBER_TEXTS.targetNotAllowed);
        }

        const before = restoreValues(row.keptBefore as KeptBefore);
        if (Object.keys(before).length) await tx.update(users).set(before).where(eq(users.id, kept.id));
        const email = String(snap.user.email);
        const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (holder) throw conflict(MERGE_TEXTS.emailTaken(email));
        await putBack(tx, 'users', [snap.user]);

        const refs = await personReferences(tx);
        for (const [where, keys] of Object.entries(row.moved as Moved)) {
          const ref = refs.find((r) => `${r.table}.${r.column}` === where);
          if (ref) await moveBack(tx, ref, keys, row.keptId, row.removedId);
        }
        for (const [table, rows] of Object.entries(snap.dropped ?? {})) await putBack(tx, table, rows);
        if (before.status && before.status !== kept.status) {
          await recordStatusChange(tx, actor, kept.id, kept.status, before.status, `Merge with ${row.removedName} undone`);
        }

        const [done] = await tx
          .update(memberMerges)
          .set({ undoneAt: new Date(), undoneByName: actor.actorName })
          .where(eq(memberMerges.id, row.id))
          .returning();
        const [keptNow] = await tx.select().from(users).where(eq(users.id, kept.id));
        const m = presentMerge(done!, keptNow!.name);
        await recordAudit(tx, {
          ...actor,
          action: 'member.merge_undone',
          entityType: 'user',
          entityId: row.removedId,
          summary: `Undid the merge of ${row.removedName} into ${keptNow!.name}`,
          before: { mergeId: row.id, keptId: row.keptId },
          after: { restored: { id: row.removedId, name: row.removedName, email }, movedBack: m.moved, putBack: m.dropped },
        });
        return m;
      });
    },

    async list(memberId: string | undefined, limit: number) {
      const rows = await db
        .select()
        .from(memberMerges)
        .where(memberId ? or(eq(memberMerges.keptId, memberId), eq(memberMerges.removedId, memberId)) : undefined)
        .orderBy(desc(memberMerges.at), desc(memberMerges.id))
        .limit(limit);
      return withKeptName(rows);
    },
  };
}
export type MergeService = ReturnType<typeof createMergeService>;
