import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ConsentKind } from '@church/contract/consents';
import { publicMemberSchema } from '@church/contract/developers';
import { can, type Permission } from '@church/contract/roles';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@church/contract/webhooks';
import type { Db, DbOrTx } from '../../../db/client';
import { prayers, users } from '../../../db/schema/index';
import { createConsentService } from '../../consents/service';

/**
 * Who receives what. Anyone can register as a developer and add a webhook,
 * so a webhook carries exactly what the REST API would show its owner's key
 * — never more because it is pushed rather than pulled:
 *
 *  - member.*: only about members who agreed to appear in the directory
 *    (GET /api/members with a key lists only them), and only the fields a
 *    key may read (members/public-presenter.ts).
 *  - donation.*: only to an owner who may read the church's giving as a
 *    person (finance:read). No key reads giving; a self-registered
 *    developer never gets it. The church's own integration (a key and a
 *    webhook its superadmin creates) does.
 *  - prayer.approved: public prayers only (the prayers module sends no
 *    other), the asker's name only under their 'public_prayers' consent.
 *  - every event: the owner's account is active, holds developer access and
 *    a webhook plan now (a live key on a paid tier that is approved or in
 *    its trial; spec §9: Free has no webhooks).
 *
 * Decided twice: when the event is queued (`admits` in emit) and again
 * before every attempt (`recheck`), because a consent can be withdrawn, a
 * permission taken away or a trial end while a message waits for a retry.
 */
interface Rule {
  /** What the owner must be allowed as a person. */
  ownerMay?: Permission;
  /** The person the event is about must currently agree to this, or nothing is sent. */
  requiresConsent?: ConsentKind;
  /** The asker's name is sent only under this consent ('Anonymous' otherwise). */
  nameConsent?: ConsentKind;
}

const RULES: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, Rule> = {
  'member.created': { requiresConsent: 'directory_listing' },
  'member.updated': { requiresConsent: 'directory_listing' },
  'donation.received': { ownerMay: 'finance:read' },
  'donation.refunded': { ownerMay: 'finance:read' },
  'event.created': {},
  'prayer.approved': { nameConsent: 'public_prayers' },
  // Sunday (issue 33): rosters and children's check-ins go only to the church's own integrations (ids, no names).
  'schedule.accepted': { ownerMay: 'services:manage' },
  'schedule.declined': { ownerMay: 'services:manage' },
  'checkin.created': { ownerMay: 'checkin:manage' },
  [WEBHOOK_TEST_EVENT]: {},
};
const ruleOf = (type: string): Rule | undefined => RULES[type as keyof typeof RULES];

/** What emit and the worker know of an endpoint's owner. */
export interface Owner {
  role: string;
  permissions: string[];
  isActive: boolean;
  /** A live key on a paid tier the church approved (SQL: `hasWebhookPlan`). */
  hasPlan: boolean;
}

/** Does the owner (`owner_id`) hold a webhook plan now? One EXISTS, evaluated by the database's clock. */
export const hasWebhookPlan = (ownerId: unknown) => sql<boolean>`exists(
  select 1 from api_keys k where k.user_id = ${ownerId} and k.revoked_at is null
    and (k.expires_at is null or k.expires_at > now()) and k.tier <> 'free'
    and k.approved_at is not null
)`;

/** Whether this owner may be sent this kind of event at all (before looking at the person it is about). */
export function ownerMayReceive(type: string, owner: Owner): boolean {
  const rule = ruleOf(type);
  if (!rule || !owner.isActive || !can(owner, 'api:access')) return false;
  if (type !== WEBHOOK_TEST_EVENT && !owner.hasPlan) return false;
  return !rule.ownerMay || can(owner, rule.ownerMay);
}

/** The events of a subscription this person may not receive, for the message that says so. */
export function eventsOwnerMayNotSubscribe(events: readonly string[], owner: Pick<Owner, 'role' | 'permissions'>): string[] {
  return events.filter((e) => {
    const may = ruleOf(e)?.ownerMay;
    return may ? !can(owner, may) : false;
  });
}

type Payload = { type: string; timestamp: string; data: { object?: Record<string, unknown>; previous?: Record<string, unknown> } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PUBLIC_MEMBER_FIELDS = new Set(Object.keys(publicMemberSchema.shape));
/** Only the fields a key may read of a person (the REST API's PublicMember), whatever a caller passed. */
function publicMemberFields(o: unknown) {
  if (!o || typeof o !== 'object') return o;
  return Object.fromEntries(Object.entries(o).filter(([k]) => PUBLIC_MEMBER_FIELDS.has(k)));
}

export function createWebhookAudience(db: Db) {
  const consents = createConsentService(db);

  /** The person an event is about, when the rules look at one: the member, or the prayer's asker. */
  async function personOf(q: DbOrTx, type: string, object: Record<string, unknown> | undefined): Promise<string | null> {
    const id = typeof object?.id === 'string' && UUID.test(object.id) ? object.id : null;
    if (!id) return null;
    if (type.startsWith('member.')) return id;
    if (type === 'prayer.approved') {
      const [p] = await q.select({ userId: prayers.userId }).from(prayers).where(eq(prayers.id, id));
      return p?.userId ?? null;
    }
    return null;
  }

  /** A member the public API would list: in the congregation (not a developer account, not erased) and consenting. */
  async function listed(q: DbOrTx, personId: string, kind: ConsentKind) {
    const [row] = await q
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, personId), ne(users.role, 'developer'), isNull(users.erasedAt)));
    return !!row && (await consents.has(personId, kind, q));
  }

  /**
   * The payload as it may leave now, or null when nothing may be sent about this person.
   * Member payloads are cut to the public fields; an asker's name goes unless they agree now.
   */
  async function shape(q: DbOrTx, payload: Payload): Promise<Payload | null> {
    const rule = ruleOf(payload.type);
    if (!rule) return null;
    if (payload.type.startsWith('member.')) {
      const data = {
        object: publicMemberFields(payload.data.object) as Record<string, unknown>,
        ...(payload.data.previous ? { previous: publicMemberFields(payload.data.previous) as Record<string, unknown> } : {}),
      };
      payload = { ...payload, data };
    }
    if (!rule.requiresConsent && !rule.nameConsent) return payload;
    const person = await personOf(q, payload.type, payload.data.object);
    if (rule.requiresConsent && (!person || !(await listed(q, person, rule.requiresConsent)))) return null;
    if (rule.nameConsent) {
      const named = payload.data.object?.submittedBy && payload.data.object.submittedBy !== 'Anonymous';
      // A prayer a leader entered for someone without an account keeps the name the leader typed (prayers/service.ts).
      if (named && person && !(await consents.has(person, rule.nameConsent, q)))
        return { ...payload, data: { ...payload.data, object: { ...payload.data.object, submittedBy: 'Anonymous' } } };
    }
    return payload;
  }

  return { shape };
}
export type WebhookAudience = ReturnType<typeof createWebhookAudience>;
