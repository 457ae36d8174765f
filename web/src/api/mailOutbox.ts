import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, type DownloadedFile, fetchFile } from './client';
import { queryKeys } from './queryKeys';

/**
 * The mail outbox of docs/api/disposition.md (admins only): the tour-plan mails from their request
 * to sent or failed, and the tour-plan PDF of a mail. Without SMTP_URL nothing is sent and the
 * requested mails wait here (`sending: false`).
 */

export type OutboxMailStatus = 'requested' | 'sent' | 'failed';

/** One mail as GET /api/mail/outbox answers it (projection-service queries/tour-plan-routes.ts). */
export interface OutboxMail {
  mailId: string;
  /** A tour plan of the Disposition, or an e-mail about orders from the order intake. */
  kind: 'tour_plan' | 'order_mail';
  /** The day of the tour plan (of the request for order mails), `YYYY-MM-DD` of Europe/Berlin. */
  date: string;
  /** `manual`, `completion`, a scheduled slot such as `15:00`, or `order_mail`. */
  trigger: string;
  recipients: string[];
  cc: string[];
  /** Order mails: the subject and how many orders they are about; null for tour plans. */
  subject: string | null;
  orderCount: number | null;
  status: OutboxMailStatus;
  /** A requested mail whose SMTP server did not answer: it waits for its next attempt. */
  retrying?: boolean;
  /** Failed attempts so far; while retrying why the last one failed and when the next is due (ISO). */
  attempts?: number;
  lastError?: string | null;
  nextAttemptAt?: string | null;
  error: string | null;
  messageId: string | null;
  /** Known once the mail went out. */
  tourCount: number | null;
  /** User id; null for scheduled mails. */
  requestedBy: string | null;
  /** ISO timestamps. */
  requestedAt: string;
  sentAt: string | null;
  failedAt: string | null;
}

export interface OutboxResponse {
  /** False when no SMTP_URL is configured: requested mails stay in the outbox. */
  sending: boolean;
  mails: OutboxMail[];
}

/** Socket notice of the outbox (`tour_plan_mail_requested|sent|failed`): never the recipients. */
export interface MailNoticePayload {
  mailId: string;
  date: string;
  status: OutboxMailStatus;
}

/** The newest mails the page asks for (the server allows 1 to 500, default 100). */
export const OUTBOX_LIMIT = 200;
/** The outbox refreshes itself every 15 s while it is shown (besides the socket notices). */
export const OUTBOX_REFRESH_MS = 15_000;

export function fetchMailOutbox(status: OutboxMailStatus | null, signal?: AbortSignal): Promise<OutboxResponse> {
  return apiRequest<OutboxResponse>('/mail/outbox', { query: { status, limit: OUTBOX_LIMIT }, ...(signal ? { signal } : {}) });
}

/** The tour-plan PDF of a mail (rendered anew by the server), fetched with the bearer token. */
export function fetchOutboxMailPdf(mailId: string): Promise<DownloadedFile> {
  return fetchFile(`/mail/outbox/${encodeURIComponent(mailId)}/pdf`);
}

export function useMailOutbox(status: OutboxMailStatus | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.mailOutbox.list(status),
    queryFn: ({ signal }) => fetchMailOutbox(status, signal),
    enabled,
    refetchInterval: OUTBOX_REFRESH_MS,
    // Switching the filter keeps the old rows until the new ones are there.
    placeholderData: keepPreviousData,
  });
}
