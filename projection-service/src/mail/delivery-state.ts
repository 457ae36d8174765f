import type { MailDeliveryState } from '@dispo/domain/order-mail/delivery';
import type { SqlExecutor } from '@dispo/events/sql/client';

/** Where a mail queued now stands (see MailDeliveryState): one indexed look at the outbox (status, requested_at); never a wait. */
export async function mailDeliveryState(sql: SqlExecutor, smtpConfigured: boolean): Promise<MailDeliveryState> {
  if (!smtpConfigured) return 'no_server';
  const { rows } = await sql.query<{ retrying: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM read.mail_outbox WHERE status = 'requested' AND attempts > 0) AS retrying",
  );
  return rows[0]?.retrying ? 'retrying' : 'queued';
}
