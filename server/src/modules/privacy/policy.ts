/**
 * What happens to each column that points at a person when they delete their
 * account (POPIA s24), and what goes into "download my data" (s23).
 *
 *  - `erase`:  rows about this person are deleted with the account.
 *  - `keep`:   rows stay. For the person's own records this is what the law
 *              makes the church keep (donations for five years); for columns
 *              that only say which leader did something (recorded_by …) the
 *              row is someone else's record and merely points at the
 *              de-identified account, which now reads "Former member".
 *  - `subject`: the row is about this person, so it is part of their export.
 *  - `omit`:   columns left out of the export (secrets, and leaders'
 *              confidential care notes — a request for those goes to the
 *              Information Officer, who weighs it under POPIA s23(4)).
 *
 * privacy.test.ts fails when a new column references users(id) without a line
 * here: whoever adds a table decides what a deletion does to it.
 */
export interface ColumnPolicy {
  action: 'erase' | 'keep';
  subject: boolean;
  omit?: readonly string[];
}

const actor: ColumnPolicy = { action: 'keep', subject: false };
const mine: ColumnPolicy = { action: 'erase', subject: true };

export const USER_COLUMNS: Record<string, ColumnPolicy> = {
  // The person's own data: erased, and exported.
  'api_keys.user_id': { ...mine, omit: ['key_hash', 'secret_hash'] },
  'bulk_message_recipients.user_id': { ...mine, omit: ['unsubscribe_token'] },
  'care_visits.member_id': { ...mine, omit: ['notes'] },
  'chat_reactions.user_id': mine,
  'chat_room_members.user_id': mine,
  'consents.user_id': mine,
  'developer_integrations.user_id': mine,
  'event_attendance.user_id': mine,
  'event_registrations.user_id': mine,
  'export_files.requested_by': { ...mine, omit: ['file_key', 'token_hash'] },
  'leader_alert_prefs.user_id': mine,
  'member_status_history.member_id': mine,
  'notifications.user_id': mine,
  'password_reset_tokens.user_id': { action: 'erase', subject: false },
  // Their authenticator secret and recovery codes: secrets, never exported; erased with them.
  'two_factor_secrets.user_id': { action: 'erase', subject: false },
  'two_factor_recovery_codes.user_id': { action: 'erase', subject: false },
  // Their sign-ins (device, truncated address, times): theirs to see; erased with them.
  'user_sessions.user_id': mine,
  // Church mail waiting for its consent check: an erased member's unsent mail goes with them.
  'email_outbox.consent_user_id': { action: 'erase', subject: false },
  'prayers.user_id': mine,
  'sermon_preparations.pastor_id': mine,
  // The leader's follow-up note about the visitor is leaders' writing, like care notes (issue 29, finding 4).
  'visitors.member_id': { ...mine, omit: ['note', 'assigned_to', 'follow_up_on'] },
  'webhooks.user_id': { ...mine, omit: ['secret', 'previous_secret'] },
  'data_requests.user_id': { action: 'keep', subject: true, omit: ['file_key'] },
  // Messages to them by SMS, WhatsApp, push or e-mail (issue 35), and the devices they turned notifications on for.
  'channel_deliveries.user_id': mine,
  'push_subscriptions.user_id': { ...mine, omit: ['endpoint', 'p256dh', 'auth'] },
  // Sunday (issue 33): the teams they serve on, their schedule, the days they are away, their calendar feed;
  // a guardian's place in a check-in family.
  'position_members.user_id': mine,
  'schedule_assignments.user_id': mine,
  'blockouts.user_id': mine,
  'calendar_feeds.user_id': mine,
  'checkin_guardians.user_id': mine,
  // Groups (issue 34): memberships, attendance, and the drifting-away follow-up (without who was assigned).
  'group_members.user_id': mine,
  'group_attendance.user_id': mine,
  'group_care_alerts.user_id': { ...mine, omit: ['assignee_id', 'resolved_by'] },
  // Their envelope number (issue 32); an invitation to the portal is a credential, erased and never exported.
  'giving_envelopes.user_id': mine,
  'member_invitations.user_id': { action: 'erase', subject: false },
  'email_change_requests.user_id': { action: 'erase', subject: false },

  // Kept for tax law (five years), and exported: the gift records and what the certificates need.
  'donations.user_id': { action: 'keep', subject: true },
  'donor_tax_profiles.user_id': { action: 'keep', subject: true },
  'giving_subscriptions.user_id': { action: 'keep', subject: true, omit: ['token'] },
  'tax_certificates.user_id': { action: 'keep', subject: true },
  // A bank statement's credit the treasurer matched to them (issue 32): the church's books, like the gift it completed.
  'bank_statement_lines.candidate_user_id': { action: 'keep', subject: true },

  // Messages stay in their rooms, shown under "Former member"; exported (they are the member's words).
  'chat_messages.sender_id': { action: 'keep', subject: true },

  // Which leader did something: someone else's record.
  'announcements.author_id': actor,
  'api_keys.approved_by': actor,
  'audit_log.actor_id': actor,
  'bulk_messages.created_by': actor,
  'care_visits.assignee_id': actor,
  'care_visits.recorded_by': actor,
  'chat_rooms.created_by': actor,
  'church_settings.updated_by': actor,
  'consents.recorded_by': actor,
  'donation_events.actor_id': actor,
  'donations.recorded_by': actor,
  'event_attendance.checked_in_by': actor,
  'events.created_by': actor,
  'giving_batches.closed_by': actor,
  'giving_goal_events.actor_id': actor,
  'giving_goals.created_by': actor,
  'giving_batches.opened_by': actor,
  'giving_settings.updated_by': actor,
  'payment_settings.updated_by': actor,
  'security_settings.updated_by': actor,
  'channel_settings.updated_by': actor,
  'member_merges.merged_by': actor,
  'member_status_history.changed_by': actor,
  'message_templates.created_by': actor,
  'sermons.created_by': actor,
  'tax_certificates.issued_by': actor,
  'tax_certificates.cancelled_by': actor,
  'tax_certificate_runs.requested_by': actor,
  'prayers.assigned_to': actor,
  'visitors.assigned_to': actor,
  'services.created_by': actor,
  'schedule_assignments.created_by': actor,
  // A substitute someone proposed: the row is the asker's, and only points at the proposed person.
  'schedule_assignments.proposed_substitute_id': actor,
  'checkins.checked_in_by': actor,
  'checkins.released_by': actor,
  'giving_batch_events.actor_id': actor,
  'bank_statements.imported_by': actor,
  'bank_statement_lines.resolved_by': actor,
  'group_attendance.marked_by': actor,
  'group_attendance_marks.marked_by': actor,
  'group_care_alerts.assignee_id': actor,
  'group_care_alerts.resolved_by': actor,
  'group_networks.overseer_id': actor,
  'group_settings.updated_by': actor,
  'group_visitors.created_by': actor,
  'member_invitations.invited_by': actor,
  'email_change_requests.requested_by': actor,
};

/**
 * Columns of the users row itself that are never exported: secrets and derived columns, and what leaders
 * wrote about the person (notes, the last pastoral contact) — the same rule as the person's own profile
 * (users/presenter.ts: none of what leaders wrote); a request for those goes to the Information Officer,
 * as care_visits.notes above (issue 29, finding 4).
 */
export const USER_ROW_OMIT = ['password_hash', 'token_version', 'phone_digits', 'search_text', 'notes', 'last_contacted'] as const;

/** A column name that looks like a secret is never exported, whatever the table. */
export const SECRET_COLUMN = /(^|_)(hash|secret|token|password)(_|$)/;
