import type { MailDeliveryState } from '@dispo/domain/order-mail/delivery';
import { apiRequest } from './client';

/**
 * E-mails about orders (orders.md §2.10, §7.2; docs/api/orders.md "E-Mail"): the draft, sending
 * (queued in the mail outbox, answered at once) and the mail's state until it is sent or failed.
 */

export interface OrderMailDraft {
  subject: string;
  message: string;
  /** The fixed copy address every order mail carries. */
  copyAddress: string;
  orders: { id: string; orderNumber: string }[];
}

export interface OrderMailRequest {
  order_ids: string[];
  recipient_email: string;
  cc_emails: string;
  subject: string;
  message: string;
  include_attachments: boolean;
}

export type OrderMailStatus = 'requested' | 'sent' | 'failed';

export interface OrderMailQueued {
  mailId: string;
  status: OrderMailStatus;
  /** False when no mail server is configured: the mail waits in the outbox. */
  sending: boolean;
  /** Where the mail stands; the answer never waits for the SMTP server. */
  delivery?: MailDeliveryState;
}

export interface OrderMailState {
  status: OrderMailStatus;
  /** Its SMTP server did not answer: the outbox tries again. */
  retrying?: boolean;
  error: string | null;
  attachmentCount: number | null;
}

export function fetchOrderMailDraft(orderIds: readonly string[]): Promise<OrderMailDraft> {
  return apiRequest<OrderMailDraft>('/orders/email-preview', { query: { order_ids: orderIds.join(',') } });
}

export function sendOrderMail(body: OrderMailRequest): Promise<OrderMailQueued> {
  return apiRequest<OrderMailQueued>('/orders/send-email', { method: 'POST', body });
}

export function fetchOrderMailState(mailId: string): Promise<OrderMailState> {
  return apiRequest<OrderMailState>(`/orders/emails/${encodeURIComponent(mailId)}`);
}

/** How long the modal waits for the outbox to send before saying the mail is still queued. */
export const MAIL_OUTCOME_WAIT_MS = 15_000;
export const MAIL_OUTCOME_POLL_MS = 1_000;

/** Polls the mail's state until it is sent, failed or retrying, or `MAIL_OUTCOME_WAIT_MS` have passed (then `requested`). */
export async function awaitOrderMailOutcome(
  mailId: string,
  waitMs = MAIL_OUTCOME_WAIT_MS,
  pollMs = MAIL_OUTCOME_POLL_MS,
): Promise<OrderMailState> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const state = await fetchOrderMailState(mailId);
    if (state.status !== 'requested' || state.retrying || Date.now() >= deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
