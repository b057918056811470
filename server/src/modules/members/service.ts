import { and, asc, count, desc, eq, ilike, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { canGrantRole, type Principal } from '@church/contract/roles';
import { MEMBER_TEXTS, type MemberWrite, type MembersManageQuery } from '@church/contract/members-manage';
import { isUniqueViolation, type Db, type DbOrTx } from '../../db/client';
import { households, memberStatusHistory, users, type UserRow } from '../../db/schema/index';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/audit';
import { congregation } from './repository';
import { noEvents, type EmitEvent } from '../../events/domain-events';
import { memberObject } from '../../events/objects';
import { memberSearch } from './search';
import { PUBLIC_MEMBER_SORTS, publicMemberSearch } from './public-presenter';
import { consentGranted } from '../consents/service';
import { assertMayChangeEmail, signsIn, type EmailChanges } from './email-change';

export interface Actor extends AuditActor, Principal {
  actorId: string;
}

/** The fields of a member the audit log and the merge compare (never hashes or tokens). */
export const MEMBER_FIELDS = [
  'name',
  'email',
  'phone',
  'address',
  'birthday',
  'joinDate',
  'role',
  'status',
  'gender',
  'maritalStatus',
  'occupation',
  'emergencyContact',
  'notes',
  'isVolunteer',
  'householdId',
  'householdRole',
] as const satisfies readonly (keyof UserRow)[];
export type MemberField = (typeof MEMBER_FIELDS)[number];

export const snapshot = (row: UserRow) => Object.fromEntries(MEMBER_FIELDS.map((f) => [f, row[f]])) as Pick<UserRow, MemberField>;

/** Only what changed, as { field: value } before and after. */
export function diff(before: UserRow, after: UserRow) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const f of MEMBER_FIELDS) {
    if (JSON.stringify(before[f]) !== JSON.stringify(after[f])) {
      b[f] = before[f];
      a[f] = after[f];
    }
  }
  return { before: b, after: a, changed: Object.keys(a) };
}

/** Admin and superadmin accounts are changed or removed only by someone who could grant that role. */
export function assertMayTouch(actor: Actor, target: UserRow) {
  if ((target.role === 'admin' || target.role === 'superadmin') && !canGrantRole(actor, target.role)) {
    throw forbidden(MEMBER_TEXTS.targetNotAllowed);
  }
  if (target.role === 'developer') throw notFound('Member not found');
}

function assertMayGrant(actor: Actor, role: string) {
  if (!canGrantRole(actor, role)) throw forbidden(MEMBER_TEXTS.roleNotAllowed(role));
}

const SORT_COLUMNS = {
  name: users.name,
  joinDate: users.joinDate,
  createdAt: users.createdAt,
  role: users.role,
  status: users.status,
} as const;

export async function recordStatusChange(
  tx: DbOrTx,
  actor: AuditActor,
  memberId: string,
  fromStatus: string | null,
  toStatus: string,
  reason: string | null,
) {
  await tx.insert(memberStatusHistory).values({
    memberId,
    fromStatus,
    toStatus,
    reason,
    changedBy: actor.actorId,
    changedByName: actor.actorName,
  });
}

export function columnsFrom(b: MemberWrite) {
  return {
    name: b.name,
    email: b.email,
    phone: b.phone,
    address: b.address,
    birthday: b.dateOfBirth,
    joinDate: b.joinDate,
    role: b.role,
    status: b.status,
    gender: b.gender ?? null,
    maritalStatus: b.maritalStatus ?? null,
    occupation: b.occupation,
    emergencyContact: b.emergencyContact,
    notes: b.notes,
    isVolunteer: b.isVolunteer,
  };
}

export function createMembersService(db: Db, emit: EmitEvent = noEvents, emailChanges?: EmailChanges) {
  async function load(tx: DbOrTx, id: string, lock = false) {
    const q = tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), congregation));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound('Member not found');
    return row;
  }

  return {
    /**
     * `view: 'public'` is an API key's: only people who agreed to appear in the directory (POPIA), and a
     * search that reads only what the key's view shows (issue 29: a caller searches only what it may see).
     */
    async list(
      query: Required<Pick<MembersManageQuery, 'sort' | 'order'>> & MembersManageQuery & { page: number; limit: number },
      { view = 'directory' }: { view?: 'directory' | 'public' } = {},
    ) {
      const publicView = view === 'public';
      if (publicView && !(PUBLIC_MEMBER_SORTS as readonly string[]).includes(query.sort))
        throw badRequest(`An API key may sort by ${PUBLIC_MEMBER_SORTS.join(', ')} only`);
      const conds: (SQL | undefined)[] = [
        congregation,
        query.q ? (publicView ? publicMemberSearch : memberSearch)(query.q) : undefined,
        publicView ? consentGranted('directory_listing', users.id) : undefined,
      ];
      if (query.role) conds.push(eq(users.role, query.role));
      if (query.status) conds.push(eq(users.status, query.status));
      const where = and(...conds)!;
      const col = SORT_COLUMNS[query.sort];
      const dir = query.order === 'desc' ? desc : asc;
      if (query.q) return searchPage(db, where, col, query.order, query.limit, (query.page - 1) * query.limit);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(dir(col), dir(users.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async detail(id: string) {
      const member = await load(db, id);
      const [history, household] = await Promise.all([
        db
          .select()
          .from(memberStatusHistory)
          .where(eq(memberStatusHistory.memberId, id))
          .orderBy(desc(memberStatusHistory.at), desc(memberStatusHistory.id))
          .limit(200),
        member.householdId ? householdOf(db, member.householdId) : Promise.resolve(null),
      ]);
      return { member, history, household };
    },

    async create(actor: Actor, b: MemberWrite) {
      assertMayGrant(actor, b.role);
      if (b.status === 'inactive' && !b.statusReason) throw badRequest(MEMBER_TEXTS.inactiveReasonRequired);
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(users).values(columnsFrom(b)).returning();
          await recordStatusChange(tx, actor, row!.id, null, row!.status, b.statusReason ?? null);
          await recordAudit(tx, {
            ...actor,
            action: 'member.created',
            entityType: 'user',
            entityId: row!.id,
            summary: `Added member ${row!.name} (${row!.role}, ${row!.status})`,
            after: snapshot(row!),
          });
          await emit(tx, 'member.created', { object: memberObject(row!) });
          return row!;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MEMBER_TEXTS.emailExists);
        throw err;
      }
    },

    async update(actor: Actor, id: string, b: MemberWrite) {
      try {
        return await db.transaction(async (tx) => {
          const before = await load(tx, id, true);
          assertMayTouch(actor, before);
          if (b.role !== before.role) assertMayGrant(actor, b.role);
          if (b.status !== before.status && b.status === 'inactive' && !b.statusReason) {
            throw badRequest(MEMBER_TEXTS.inactiveReasonRequired);
          }
          const cols = columnsFrom(b);
          // A change of someone's login e-mail goes through one rule (email-change.ts): rank, and for someone who
          // signs in, the new address confirms it before it takes effect; the rest of the form is saved now.
          const emailDiffers = (b.email ?? null) !== before.email;
          const awaitConfirmation = emailDiffers && signsIn(before);
          if (emailDiffers) {
            assertMayChangeEmail(actor, before);
            if (awaitConfirmation && !b.email) throw badRequest(MEMBER_TEXTS.emailNeededToSignIn);
            if (awaitConfirmation) cols.email = before.email;
          }
          const [after] = await tx.update(users).set(cols).where(eq(users.id, id)).returning();
          if (after!.status !== before.status) {
            await recordStatusChange(tx, actor, id, before.status, after!.status, b.statusReason ?? null);
          }
          const d = diff(before, after!);
          if (d.changed.length) {
            await recordAudit(tx, {
              ...actor,
              action: 'member.updated',
              entityType: 'user',
              entityId: id,
              summary: `Updated ${after!.name}: ${d.changed.join(', ')}`,
              before: d.before,
              after: d.after,
            });
            await emit(tx, 'member.updated', { object: memberObject(after!), previous: memberObject(before) });
          }
          if (awaitConfirmation) {
            // Without the mail service (a caller that did not wire it) nobody could confirm: refuse rather than change.
            if (!emailChanges) throw forbidden(MEMBER_TEXTS.emailPeerNotAllowed);
            const pending = await emailChanges.request(tx, actor, before, b.email!);
            return Object.assign(after!, { pendingEmail: pending.email as string | undefined });
          }
          if (emailDiffers) await emailChanges?.cancel(tx, id);
          return Object.assign(after!, { pendingEmail: undefined as string | undefined });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MEMBER_TEXTS.emailExists);
        throw err;
      }
    },

    async setRole(actor: Actor, id: string, role: string) {
      return db.transaction(async (tx) => {
        const before = await load(tx, id, true);
        assertMayTouch(actor, before);
        assertMayGrant(actor, role);
        if (before.role === role) return before;
        const [after] = await tx.update(users).set({ role }).where(eq(users.id, id)).returning();
        await recordAudit(tx, {
          ...actor,
          action: 'member.role_changed',
          entityType: 'user',
          entityId: id,
          summary: `Role of ${before.name}: ${before.role} → ${role}`,
          before: { role: before.role },
          after: { role },
        });
        await emit(tx, 'member.updated', { object: memberObject(after!), previous: memberObject(before) });
        return after!;
      });
    },

    /**
     * Deletes the account. Gifts, prayers and messages stay (their link
     * becomes empty), the status history stays, and the audit log keeps the
     * record as it was.
     */
    async remove(actor: Actor, id: string) {
      if (id === actor.actorId) throw badRequest(MEMBER_TEXTS.notYourself);
      return db.transaction(async (tx) => {
        const before = await load(tx, id, true);
        assertMayTouch(actor, before);
        await recordAudit(tx, {
          ...actor,
          action: 'member.deleted',
          entityType: 'user',
          entityId: id,
          summary: `Deleted member ${before.name} <${before.email}>`,
          before: snapshot(before),
        });
        await tx.delete(users).where(eq(users.id, id));
        return before;
      });
    },

    async setHousehold(
      actor: Actor,
      id: string,
      b: { householdId?: string | null; newHouseholdName?: string; householdRole?: string | null },
    ) {
      return db.transaction(async (tx) => {
        const before = await load(tx, id, true);
        assertMayTouch(actor, before);
        let householdId: string | null = b.householdId ?? null;
        if (b.newHouseholdName) {
          const [h] = await tx.insert(households).values({ name: b.newHouseholdName, address: before.address }).returning();
          householdId = h!.id;
        } else if (householdId) {
          const [h] = await tx.select({ id: households.id }).from(households).where(eq(households.id, householdId));
          if (!h) throw notFound('Household not found');
        }
        const householdRole = householdId ? (b.householdRole ?? null) : null;
        const [after] = await tx.update(users).set({ householdId, householdRole }).where(eq(users.id, id)).returning();
        await recordAudit(tx, {
          ...actor,
          action: 'member.household_changed',
          entityType: 'user',
          entityId: id,
          summary: householdId ? `Linked ${before.name} into a household` : `Removed ${before.name} from their household`,
          before: { householdId: before.householdId, householdRole: before.householdRole },
          after: { householdId, householdRole },
        });
        return after!;
      });
    },

    async households(q?: string) {
      return db
        .select({ id: households.id, name: households.name, memberCount: count(users.id) })
        .from(households)
        .leftJoin(users, eq(users.householdId, households.id))
        .where(q ? ilike(households.name, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined)
        .groupBy(households.id)
        .orderBy(asc(households.name))
        .limit(20);
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;

/**
 * One page of search results and their count. The matches are collected once
 * (a materialised CTE of ids and sort keys, through the trigram indexes),
 * counted, sorted and cut to the page; then only that page's rows are read.
 * Left to itself the planner walks the whole name index in order when it
 * guesses a common name is spread evenly ('Thandi' late in the alphabet:
 * 250 ms at 100,000 members), and counts in a second scan.
 */
async function searchPage(db: Db, where: SQL, col: SQL.Aliased | AnyColumn, order: 'asc' | 'desc', limit: number, offset: number) {
  const dir = sql.raw(order === 'desc' ? 'desc' : 'asc');
  const res = (await db.execute(sql`
    with m as materialized (select ${users.id} as id, ${col} as k from ${users} where ${where}),
    p as (select id, k from m order by k ${dir}, id ${dir} limit ${limit} offset ${offset})
    select (select count(*) from m)::int as total, (select array_agg(id order by k ${dir}, id ${dir}) from p) as ids`)) as unknown as {
    rows: Array<{ total: number; ids: string[] | string | null }>;
  };
  const r = res.rows[0];
  const ids = parseIds(r?.ids);
  if (!ids.length) return { rows: [] as UserRow[], total: Number(r?.total ?? 0) };
  const found = await db.select().from(users).where(inArray(users.id, ids));
  const byId = new Map(found.map((u) => [u.id, u]));
  return { rows: ids.map((id) => byId.get(id)).filter((u): u is UserRow => !!u), total: Number(r?.total ?? 0) };
}

/** A uuid[] arrives as an array from node-postgres and PGlite alike, or as '{a,b}' text from a driver that does not parse it. */
function parseIds(v: string[] | string | null | undefined): string[] {
  if (!v) return [];
  if (Array.isArray(v)) return v;
  return v
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

export async function householdOf(db: DbOrTx, householdId: string) {
  const [h] = await db.select().from(households).where(eq(households.id, householdId));
  if (!h) return null;
  const members = await db
    .select({ id: users.id, name: users.name, householdRole: users.householdRole, status: users.status })
    .from(users)
    .where(eq(users.householdId, householdId))
    .orderBy(asc(users.name))
    .limit(50);
  return { ...h, members };
}
