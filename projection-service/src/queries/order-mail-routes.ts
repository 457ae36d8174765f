import { messages } from '@dispo/domain/messages';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderMailDraft } from '../orders/order-mail-draft';
import { fullName } from '../pdf/format';

const previewQuery = z.strictObject({
  order_ids: requestText()
    .max(10_000)
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    )
    .pipe(z.array(z.string().max(100)).min(1, messages.validation.selection.selectWithCheckbox).max(200)),
});
const mailParams = z.strictObject({ mailId: requestText().trim().min(1).max(100) });

export interface OrderMailQueryOptions {
  sql: SqlExecutor;
  copyAddress: string;
}

/**
 * GET /api/orders/email-preview (orders.md §7.2): the draft for the selected orders; GET
 * /api/orders/emails/:mailId: where an order mail stands in the outbox (requested, sent, failed).
 */
export const orderMailQueryRoutes: FastifyPluginAsyncZod<OrderMailQueryOptions> = async (app, { sql, copyAddress }) => {
  const read = { onRequest: requireRoles(...readerRoles) };

  app.get(
    '/api/orders/email-preview',
    { ...read, schema: { tags: ['Aufträge'], summary: 'E-Mail-Entwurf zu Aufträgen', querystring: previewQuery } },
    async (req) => {
      const draft = await orderMailDraft(sql, req.query.order_ids, fullName(req.user.firstName, req.user.lastName), copyAddress);
      if (!draft) throw new HttpError(404, messages.validation.selection.noValidForEmail);
      return { success: true, ...draft };
    },
  );

  app.get(
    '/api/orders/emails/:mailId',
    { ...read, schema: { tags: ['Aufträge'], summary: 'Stand einer Auftrags-E-Mail', params: mailParams } },
    async (req) => {
      const { rows } = await sql.query<{
        status: string;
        error: string | null;
        sent_at: Date | null;
        attachment_count: number | null;
        requested_by: string | null;
        attempts: number;
      }>(`SELECT status, error, sent_at, attachment_count, requested_by, attempts FROM read.mail_outbox WHERE mail_id = $1 AND kind = 'order_mail'`, [
        req.params.mailId,
      ]);
      const mail = rows[0];
      // Someone else's mail is none of this user's business (admins and auditors see the outbox).
      const mayRead = mail && (mail.requested_by === req.user.sub || req.user.roles.some((r) => r === 'admin' || r === 'auditor'));
      if (!mail || !mayRead) throw new HttpError(404, messages.orderMail.mailNotFound);
      return {
        success: true,
        mailId: req.params.mailId,
        status: mail.status,
        // Its SMTP server did not answer: the outbox tries again (mail/retry-schedule.ts).
        retrying: mail.status === 'requested' && Number(mail.attempts) > 0,
        error: mail.error,
        sentAt: mail.sent_at ? new Date(mail.sent_at).toISOString() : null,
        attachmentCount: mail.attachment_count,
      };
    },
  );
};
