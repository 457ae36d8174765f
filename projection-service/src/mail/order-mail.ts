import type { SqlExecutor } from '@dispo/events/sql/client';
import { pdfFileName } from '../pdf/format';
import { loadOrderDocument } from '../pdf/order-document';
import { renderOrderPdf } from '../pdf/render-order-pdf';
import type { OutgoingMail } from './transport';

/** An order mail as the outbox holds it (orders.md §2.10). */
export interface QueuedOrderMail {
  recipients: string[];
  cc: string[];
  subject: string;
  body: string;
  orderIds: string[];
  includeAttachments: boolean;
}

/**
 * The order mail as it goes out: the user's subject and text, and when asked each order's PDF as the
 * order stands at sending time (an order deleted since is left out rather than failing the mail).
 */
export async function composeOrderMail(sql: SqlExecutor, from: string, mail: QueuedOrderMail, now: Date): Promise<OutgoingMail> {
  const attachments: OutgoingMail['attachments'] = [];
  if (mail.includeAttachments) {
    for (const id of mail.orderIds) {
      const order = await loadOrderDocument(sql, id);
      if (!order) continue;
      attachments.push({
        filename: pdfFileName('order', order.orderNumber),
        content: await renderOrderPdf(order, { storno: false, now }),
        contentType: 'application/pdf',
      });
    }
  }
  return { from, to: mail.recipients, ...(mail.cc.length > 0 ? { cc: mail.cc } : {}), subject: mail.subject, text: mail.body, attachments };
}
