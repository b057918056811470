import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DeliveryStats } from '@church/contract/messaging';
import type { Db } from '../../db/client';
import { bulkMessageRecipients, bulkMessages, emailOutbox, messageTemplates, type BulkMessageRow } from '../../db/schema/index';

/** Delivery figures, counted from the recipient rows and the outbox rows their mails wrote. */
const statsColumns = {
  recipients: sql<number>`count(r.id)::int`,
  inApp: sql<number>`count(r.notification_id)::int`,
  emailQueued: sql<number>`(count(*) filter (where r.email_state = 'queued' and o.sent_at is null and o.failed_at is null and o.skipped_at is null))::int`,
  emailSent: sql<number>`(count(*) filter (where r.email_state = 'queued' and o.sent_at is not null))::int`,
  emailFailed: sql<number>`(count(*) filter (where r.email_state = 'queued' and o.failed_at is not null and o.sent_at is null))::int`,
  emailSkipped: sql<number>`(count(*) filter (where r.email_state = 'skipped' or (r.email_state = 'queued' and o.skipped_at is not null)))::int`,
  unsubscribed: sql<number>`count(r.unsubscribed_at)::int`,
};
const EMPTY: DeliveryStats = { recipients: 0, inApp: 0, emailQueued: 0, emailSent: 0, emailFailed: 0, emailSkipped: 0, unsubscribed: 0 };

/**
 * The e-mail state a person reads: pending/skipped from the recipient row (decided when the mail was
 * queued), sent/failed/skipped from the mail's outbox row (decided by the delivery job, which reads
 * consent again right before it sends).
 */
const emailStateSql = sql<string>`case when r.email_state <> 'queued' then r.email_state when o.sent_at is not null then 'sent' when o.skipped_at is not null then 'skipped' when o.failed_at is not null then 'failed' else 'queued' end`;

export function createMessagingRepository(db: Db) {
  async function statsFor(ids: string[]): Promise<Map<string, DeliveryStats>> {
    if (!ids.length) return new Map();
    const rows = (await db.execute(sql`
      select r.message_id as id, ${sql.join(
        Object.entries(statsColumns).map(([k, v]) => sql`${v} as ${sql.identifier(k)}`),
        sql`, `,
      )}
      from ${bulkMessageRecipients} r left join ${emailOutbox} o on o.id = r.outbox_id
      where r.message_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by r.message_id`)) as unknown as { rows: Array<DeliveryStats & { id: string }> };
    return new Map(rows.rows.map(({ id, ...s }) => [id, s]));
  }

  return {
    statsFor,
    EMPTY,

    async list(opts: { page: number; limit: number; status?: string }) {
      const where: SQL | undefined = opts.status ? eq(bulkMessages.status, opts.status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(bulkMessages)
          .where(where)
          .orderBy(desc(sql`coalesce(${bulkMessages.scheduledFor}, ${bulkMessages.createdAt})`), desc(bulkMessages.id))
          .limit(opts.limit)
          .offset((opts.page - 1) * opts.limit),
        db.select({ n: count() }).from(bulkMessages).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async get(id: string): Promise<BulkMessageRow | undefined> {
      const [row] = await db.select().from(bulkMessages).where(eq(bulkMessages.id, id));
      return row;
    },

    async recipients(messageId: string, opts: { page: number; limit: number; emailState?: string }) {
      const filter = opts.emailState ? sql` and ${emailStateSql} = ${opts.emailState}` : sql``;
      const base = sql`from ${bulkMessageRecipients} r left join ${emailOutbox} o on o.id = r.outbox_id where r.message_id = ${messageId}::uuid${filter}`;
      const [rows, totals] = await Promise.all([
        db.execute(sql`
          select r.id, r.name, r.email, r.notification_id is not null as "inApp", ${emailStateSql} as "emailState",
            coalesce(r.email_skip_reason, o.skip_reason, o.error) as "emailDetail", o.sent_at as "sentAt", r.unsubscribed_at as "unsubscribedAt"
          ${base} order by r.name, r.id limit ${opts.limit} offset ${(opts.page - 1) * opts.limit}`),
        db.execute(sql`select count(*)::int as n ${base}`),
      ]);
      type Row = {
        id: string;
        name: string;
        email: string;
        inApp: boolean;
        emailState: string;
        emailDetail: string | null;
        sentAt: string | Date | null;
        unsubscribedAt: string | Date | null;
      };
      return {
        rows: (rows as unknown as { rows: Row[] }).rows,
        total: (totals as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0,
      };
    },

    /** Spec 002 §7.9 GET /notifications/stats. */
    async overall() {
      const [byStatus, delivery] = await Promise.all([
        db.select({ status: bulkMessages.status, n: count() }).from(bulkMessages).groupBy(bulkMessages.status),
        db.execute(
          sql`select ${sql.join(
            Object.entries(statsColumns).map(([k, v]) => sql`${v} as ${sql.identifier(k)}`),
            sql`, `,
          )} from ${bulkMessageRecipients} r left join ${emailOutbox} o on o.id = r.outbox_id`,
        ),
      ]);
      const n = (s: string) => byStatus.find((r) => r.status === s)?.n ?? 0;
      return {
        messages: { total: byStatus.reduce((a, r) => a + r.n, 0), scheduled: n('scheduled'), sent: n('sent'), cancelled: n('cancelled') },
        delivery: ((delivery as unknown as { rows: DeliveryStats[] }).rows[0] ?? EMPTY) as DeliveryStats,
      };
    },

    templates: {
      list: () => db.select().from(messageTemplates).orderBy(asc(messageTemplates.name)),
      create: (v: { name: string; subject: string; body: string; createdBy: string }) =>
        db
          .insert(messageTemplates)
          .values(v)
          .returning()
          .then((r) => r[0]!),
      update: (id: string, v: { name: string; subject: string; body: string }) =>
        db
          .update(messageTemplates)
          .set(v)
          .where(eq(messageTemplates.id, id))
          .returning()
          .then((r) => r[0]),
      remove: (id: string) =>
        db
          .delete(messageTemplates)
          .where(eq(messageTemplates.id, id))
          .returning({ id: messageTemplates.id })
          .then((r) => r.length > 0),
    },
  };
}
export type MessagingRepository = ReturnType<typeof createMessagingRepository>;
