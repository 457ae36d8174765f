import { messages } from '@dispo/domain/messages';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderTourPlanPdf, tourPlanFileName } from '../pdf/render-tour-plan-pdf';
import { loadTourPlan } from '../pdf/tour-plan-document';

/** A real calendar date YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

const dateParams = z.strictObject({
  date: requestText().refine(isCalendarDate, { message: messages.validation.invalidDate }),
});
const mailParams = z.strictObject({ mailId: requestText().min(1).max(100) });
const outboxQuery = z.strictObject({
  status: z.enum(['requested', 'sent', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export interface OutboxMail {
  mailId: string;
  kind: 'tour_plan' | 'order_mail';
  date: string;
  trigger: string;
  recipients: string[];
  cc: string[];
  /** Order mails: the subject and how many orders they are about. */
  subject: string | null;
  orderCount: number | null;
  status: 'requested' | 'sent' | 'failed';
  /** A requested mail whose SMTP server did not answer: waiting for its next attempt. */
  retrying: boolean;
  /** Failed attempts so far, why the last one failed and when the next is due (while retrying). */
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  error: string | null;
  messageId: string | null;
  tourCount: number | null;
  requestedBy: string | null;
  requestedAt: string;
  sentAt: string | null;
  failedAt: string | null;
}

const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();

function outboxMail(r: Record<string, unknown>): OutboxMail {
  const retrying = r.status === 'requested' && Number(r.attempts ?? 0) > 0;
  return {
    mailId: String(r.mail_id),
    kind: r.kind === 'order_mail' ? 'order_mail' : 'tour_plan',
    date: String(r.date),
    trigger: String(r.trigger),
    recipients: r.recipients as string[],
    cc: (r.cc as string[] | null) ?? [],
    subject: (r.subject as string | null) ?? null,
    orderCount: r.kind === 'order_mail' ? ((r.order_ids as string[] | null) ?? []).length : null,
    status: r.status as OutboxMail['status'],
    retrying,
    attempts: Number(r.attempts ?? 0),
    lastError: retrying ? ((r.last_error as string | null) ?? null) : null,
    nextAttemptAt: retrying && !r.claimed_by ? iso(r.claimed_until) : null,
    error: (r.error as string | null) ?? null,
    messageId: (r.message_id as string | null) ?? null,
    tourCount: r.tour_count === null || r.tour_count === undefined ? null : Number(r.tour_count),
    requestedBy: (r.requested_by as string | null) ?? null,
    requestedAt: iso(r.requested_at) ?? '',
    sentAt: iso(r.sent_at),
    failedAt: iso(r.failed_at),
  };
}

export interface TourPlanRouteOptions {
  sql: SqlExecutor;
  /** Whether a mail worker sends (SMTP_URL is set); without, requested mails wait in the outbox. */
  mailSending: boolean;
}

/**
 * GET /api/disposition/tour-plan/:date (the tour plan PDF, every reader), GET /api/mail/outbox and
 * GET /api/mail/outbox/:mailId/pdf (admins: the mails and what they carry or would carry).
 */
export const tourPlanRoutes: FastifyPluginAsyncZod<TourPlanRouteOptions> = async (app, { sql, mailSending }) => {
  const read = { onRequest: requireRoles(...readerRoles) };
  // requireRoles always lets admins through; naming no other role leaves them alone.
  const adminOnly = { onRequest: requireRoles('admin') };

  async function sendTourPlan(reply: FastifyReply, date: string) {
    const pdf = await renderTourPlanPdf(await loadTourPlan(sql, date), { now: new Date() });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${tourPlanFileName(date)}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  }

  app.get(
    '/api/disposition/tour-plan/:date',
    { ...read, schema: { tags: ['Disposition'], summary: 'Tourenplan als PDF', params: dateParams } },
    async (req, reply) => sendTourPlan(reply, req.params.date),
  );

  app.get(
    '/api/mail/outbox',
    { ...adminOnly, schema: { tags: ['E-Mail'], summary: 'Mail-Outbox (nur Administratoren)', querystring: outboxQuery } },
    async (req) => {
      const { status, limit } = req.query;
      const { rows } = await sql.query(
        `SELECT mail_id, kind, date::text AS date, trigger, recipients, cc, subject, order_ids, status, error, message_id, tour_count,
           requested_by, requested_at, sent_at, failed_at, attempts, last_error, claimed_by, claimed_until
         FROM read.mail_outbox WHERE ($1::text IS NULL OR status = $1) ORDER BY requested_at DESC, mail_id LIMIT $2`,
        [status ?? null, limit],
      );
      return { sending: mailSending, mails: rows.map(outboxMail) };
    },
  );

  app.get(
    '/api/mail/outbox/:mailId/pdf',
    { ...adminOnly, schema: { tags: ['E-Mail'], summary: 'Tourenplan einer E-Mail als PDF', params: mailParams } },
    async (req, reply) => {
      const { rows } = await sql.query<{ date: string }>(
        "SELECT date::text AS date FROM read.mail_outbox WHERE mail_id = $1 AND kind = 'tour_plan'",
        [req.params.mailId],
      );
      const mail = rows[0];
      if (!mail) throw new HttpError(404, messages.tourPlan.mailNotFound);
      // Rendered anew: a sent mail carried the plan as it stood when it went out.
      return sendTourPlan(reply, String(mail.date));
    },
  );
};
