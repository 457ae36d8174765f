import { messages } from '../messages';

/**
 * What a request that queued a mail can tell at once, without waiting for the SMTP server:
 * `no_server` no SMTP_URL is set (the mail waits in the outbox), `retrying` the outbox is already
 * retrying a mail whose server did not answer (so this one waits too), `queued` it goes out in the
 * background (and is retried should the server not answer).
 */
export type MailDeliveryState = 'no_server' | 'queued' | 'retrying';

/** The German line of a queued tour-plan mail (completion of a day, "Tourenplan senden"). */
export function tourPlanDeliveryText(state: MailDeliveryState): string {
  if (state === 'no_server') return messages.dispatchInsights.tourPlanQueued;
  return state === 'retrying' ? messages.mailDelivery.tourPlanRetrying : messages.mailDelivery.tourPlanQueued;
}

/** The German line of a queued order mail; null while it goes out (the dialog then waits for its outcome). */
export function orderMailDeliveryText(state: MailDeliveryState): string | null {
  if (state === 'no_server') return messages.mailDelivery.orderMailNoServer;
  return state === 'retrying' ? messages.mailDelivery.orderMailRetrying : null;
}
