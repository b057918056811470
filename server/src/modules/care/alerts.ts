import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PASTOR_PAGE_ROLES } from '@church/contract/roles';
import type { Db } from '../../db/client';
import { leaderAlertPrefs, users } from '../../db/schema/index';
import type { Mailer } from '../../lib/mailer';
import { createNotifications } from '../notifications/repository';

export type AlertTopic = 'visitors' | 'contactMessages' | 'prayers';
export interface Alert {
  topic: AlertTopic;
  title: string;
  message: string;
  /** A path in the app ('/visitors'); e-mails carry it as a full address under PUBLIC_URL. */
  link: string;
}
interface ChurchSwitches {
  prayerAlerts: boolean;
  emailNotifications: boolean;
}

/**
 * Tells the leaders who asked for it that someone reached out: a new visitor,
 * a contact message or a prayer request. The church's settings decide first
 * (prayerAlerts for prayers, emailNotifications for any e-mail); each leader's
 * own choice decides next (every topic on by default, e-mail off by default).
 * In-app notifications always; e-mail only when SMTP is configured, so the
 * outbox does not fill with copies nobody sends.
 * Called after the visitor/message/prayer is stored: a failure here is logged,
 * never turned into a failed submission.
 */
export function createLeaderAlerts({
  db,
  mailer,
  switches,
  log,
  publicUrl,
}: {
  db: Db;
  mailer: Mailer;
  switches: () => Promise<ChurchSwitches>;
  log: FastifyBaseLogger;
  /** The address people reach the app at (config PUBLIC_URL, no trailing slash): a mail has no page to be relative to. */
  publicUrl: string;
}) {
  async function send(alert: Alert) {
    const church = await switches();
    if (alert.topic === 'prayers' && !church.prayerAlerts) return 0;
    const column = {
      visitors: leaderAlertPrefs.visitors,
      contactMessages: leaderAlertPrefs.contactMessages,
      prayers: leaderAlertPrefs.prayers,
    }[alert.topic];
    const leaders = await db
      .select({ id: users.id, email: users.email, emailAlerts: leaderAlertPrefs.emailAlerts })
      .from(users)
      .leftJoin(leaderAlertPrefs, eq(leaderAlertPrefs.userId, users.id))
      .where(
        and(inArray(users.role, [...PASTOR_PAGE_ROLES]), eq(users.isActive, true), or(isNull(leaderAlertPrefs.userId), eq(column, true))),
      );
    if (!leaders.length) return 0;
    await createNotifications(
      db,
      leaders.map((l) => ({
        userId: l.id,
        type: alert.topic === 'prayers' ? ('prayer' as const) : ('message' as const),
        title: alert.title,
        message: alert.message,
        link: alert.link,
      })),
    );
    if (church.emailNotifications && mailer.smtpConfigured) {
      // send() only writes the outbox row and queues its delivery (the mail.send job talks to SMTP and
      // retries), so it is quick: awaited, the mail is queued before the request answers. A failure is
      // logged per leader; the in-app rows above are already written.
      await Promise.all(
        leaders
          .filter((x): x is typeof x & { email: string } => !!x.emailAlerts && x.email !== null)
          .map((l) =>
            mailer
              .send({
                to: l.email,
                kind: 'leader-alert',
                subject: alert.title,
                text: `${alert.message}\n\nOpen: ${publicUrl}${alert.link}`,
              })
              .catch((err) => log.error({ err }, 'leader alert mail failed')),
          ),
      );
    }
    return leaders.length;
  }

  return {
    /** Never throws: the submission already succeeded, an alert failure is only logged. */
    async notify(alert: Alert) {
      try {
        await send(alert);
      } catch (err) {
        log.error({ err, topic: alert.topic }, 'leader alert failed');
      }
    },
    send,
  };
}
export type LeaderAlerts = ReturnType<typeof createLeaderAlerts>;
