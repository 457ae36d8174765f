import { berlinDate } from '@dispo/domain/shared/berlin-date';
import type { EventData } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';

/** Subjects of the outbox notices; the mail worker wakes on `requested`. */
export const MAIL_NOTICE = {
  requested: 'dispo.mail.tour_plan_mail_requested',
  sent: 'dispo.mail.tour_plan_mail_sent',
  failed: 'dispo.mail.tour_plan_mail_failed',
  orderMailRequested: 'dispo.mail.order_mail_requested',
  orderMailSent: 'dispo.mail.order_mail_sent',
  orderMailFailed: 'dispo.mail.order_mail_failed',
} as const;

/** What the outbox holds: the Disposition's tour plans and the order mails of the order intake (§2.10). */
export type MailKind = 'tour_plan' | 'order_mail';
/** The `trigger` of an order mail in the outbox (tour plans name their occasion there). */
export const ORDER_MAIL_TRIGGER = 'order_mail';

/**
 * The notice goes to every socket (the gateway forwards `dispo.>`): it names the mail, its day and
 * state, never its recipients or the SMTP answer, which only admins see (GET /api/mail/outbox).
 */
function notice(subject: string, mailId: string, date: string, status: string): Notice[] {
  return [{ subject, payload: { mailId, date, status } }];
}

/**
 * read.mail_outbox: every tour-plan mail from TourPlanMailRequested to TourPlanMailSent or
 * TourPlanMailFailed (stream `dispo-day-<date>`), and every order mail from OrderMailRequested to
 * OrderMailSent or OrderMailFailed (stream `mail-<mailId>`; its `date` is the Berlin day it was asked for). `claimed_by`, `claimed_until`,
 * `attempts` and `last_error` are not from events: the mail worker leases a requested mail there while
 * it sends it, and between attempts at a server that did not answer keeps there how many failed, why,
 * and when the next is due (`claimed_until` with no `claimed_by`; see mail/mail-worker.ts). A rebuild
 * clears them, which at worst lets a still requested mail be sent once more or retried sooner.
 */
export const mailOutboxProjection: Projection = {
  name: 'mail_outbox',
  schemaVersion: 3,

  async setup(sql) {
    await sql.query(`CREATE TABLE IF NOT EXISTS read.mail_outbox (
      mail_id text PRIMARY KEY, kind text NOT NULL DEFAULT 'tour_plan', date date NOT NULL, trigger text NOT NULL,
      recipients text[] NOT NULL, status text NOT NULL, error text, message_id text, tour_count integer,
      requested_by text, requested_at timestamptz NOT NULL, sent_at timestamptz, failed_at timestamptz,
      claimed_by text, claimed_until timestamptz,
      subject text, body text, cc text[] NOT NULL DEFAULT '{}', order_ids text[] NOT NULL DEFAULT '{}',
      include_attachments boolean NOT NULL DEFAULT false, attachment_count integer,
      attempts integer NOT NULL DEFAULT 0, last_error text)`);
    await sql.query('CREATE INDEX IF NOT EXISTS mail_outbox_status_idx ON read.mail_outbox (status, requested_at)');
    await sql.query('CREATE INDEX IF NOT EXISTS mail_outbox_requested_idx ON read.mail_outbox (requested_at DESC)');
  },

  async reset(sql) {
    await sql.query('TRUNCATE read.mail_outbox');
  },

  async drop(sql) {
    await sql.query('DROP TABLE IF EXISTS read.mail_outbox');
  },

  async apply(tx: SqlExecutor, event: RecordedEvent): Promise<Notice[] | undefined> {
    switch (event.type) {
      case 'TourPlanMailRequested': {
        const d = event.data as EventData<'TourPlanMailRequested'>;
        await tx.query(
          `INSERT INTO read.mail_outbox (mail_id, date, trigger, recipients, status, requested_by, requested_at)
           VALUES ($1, $2, $3, $4, 'requested', $5, $6) ON CONFLICT (mail_id) DO NOTHING`,
          [d.mailId, d.date, d.trigger, d.recipients, d.requestedBy, d.requestedAt],
        );
        return notice(MAIL_NOTICE.requested, d.mailId, d.date, 'requested');
      }
      case 'TourPlanMailSent': {
        const d = event.data as EventData<'TourPlanMailSent'>;
        await tx.query(
          `UPDATE read.mail_outbox SET status = 'sent', message_id = $2, tour_count = $3, sent_at = $4, error = NULL, claimed_until = NULL
           WHERE mail_id = $1`,
          [d.mailId, d.messageId, d.tourCount, d.sentAt],
        );
        return notice(MAIL_NOTICE.sent, d.mailId, d.date, 'sent');
      }
      case 'TourPlanMailFailed': {
        const d = event.data as EventData<'TourPlanMailFailed'>;
        await tx.query(
          "UPDATE read.mail_outbox SET status = 'failed', error = $2, failed_at = $3, claimed_until = NULL WHERE mail_id = $1",
          [d.mailId, d.error, d.failedAt],
        );
        return notice(MAIL_NOTICE.failed, d.mailId, d.date, 'failed');
      }
      case 'OrderMailRequested': {
        const d = event.data as EventData<'OrderMailRequested'>;
        const date = berlinDate(new Date(d.requestedAt));
        await tx.query(
          `INSERT INTO read.mail_outbox (mail_id, kind, date, trigger, recipients, cc, subject, body, order_ids, include_attachments,
             status, requested_by, requested_at)
           VALUES ($1, 'order_mail', $2, $3, $4, $5, $6, $7, $8, $9, 'requested', $10, $11) ON CONFLICT (mail_id) DO NOTHING`,
          [d.mailId, date, ORDER_MAIL_TRIGGER, [d.recipient], d.cc, d.subject, d.message, d.orderIds, d.includeAttachments, d.requestedBy, d.requestedAt],
        );
        return notice(MAIL_NOTICE.orderMailRequested, d.mailId, date, 'requested');
      }
      case 'OrderMailSent': {
        const d = event.data as EventData<'OrderMailSent'>;
        const { rows } = await tx.query<{ date: string }>(
          `UPDATE read.mail_outbox SET status = 'sent', message_id = $2, attachment_count = $3, sent_at = $4, error = NULL, claimed_until = NULL
           WHERE mail_id = $1 RETURNING date::text AS date`,
          [d.mailId, d.messageId, d.attachmentCount, d.sentAt],
        );
        return notice(MAIL_NOTICE.orderMailSent, d.mailId, String(rows[0]?.date ?? ''), 'sent');
      }
      case 'OrderMailFailed': {
        const d = event.data as EventData<'OrderMailFailed'>;
        const { rows } = await tx.query<{ date: string }>(
          `UPDATE read.mail_outbox SET status = 'failed', error = $2, failed_at = $3, claimed_until = NULL
           WHERE mail_id = $1 RETURNING date::text AS date`,
          [d.mailId, d.error, d.failedAt],
        );
        return notice(MAIL_NOTICE.orderMailFailed, d.mailId, String(rows[0]?.date ?? ''), 'failed');
      }
    }
    return undefined;
  },
};
