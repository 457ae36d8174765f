import { messages } from '@dispo/domain/messages';
import type { OutboxMail, OutboxMailStatus } from '../../api/mailOutbox';
import type { User } from '../../api/types';

/** Only admins see the outbox (GET /api/mail/outbox answers 403 to every other role). */
export const MAIL_OUTBOX_ROLE = 'admin';

export function canSeeMailOutbox(user: User | null | undefined): boolean {
  return user?.roles?.includes(MAIL_OUTBOX_ROLE) ?? false;
}

/** The filter choices, `null` for every status. */
export const STATUS_FILTERS: readonly (OutboxMailStatus | null)[] = [null, 'requested', 'sent', 'failed'];

export function statusFilterLabel(status: OutboxMailStatus | null): string {
  return messages.mailOutbox.statusFilter[status ?? 'all'];
}

const SCHEDULED_SLOT = /^\d{2}:\d{2}$/;

/** `manual` → Manuell, `completion` → Dispo-Abschluss, `15:00` → Zeitplan 15:00 Uhr, `order_mail` → Auftrags-E-Mail; anything else as it came. */
export function triggerLabel(trigger: string): string {
  const labels = messages.tourPlan.mailTrigger;
  if (trigger === 'manual') return labels.manual;
  if (trigger === 'completion') return labels.completion;
  if (trigger === 'order_mail') return labels.orderMail;
  if (SCHEDULED_SLOT.test(trigger)) return labels.scheduled(trigger);
  return trigger;
}

/** The badge says what the filter says: Wartend, Versendet, Fehlgeschlagen. */
export function statusLabel(status: OutboxMailStatus): string {
  return messages.mailOutbox.statusFilter[status] ?? status;
}

/** When the mail went out or failed, in Europe/Berlin; null while it waits. */
export function outcomeAt(mail: OutboxMail): string | null {
  if (mail.status === 'sent') return mail.sentAt;
  if (mail.status === 'failed') return mail.failedAt;
  return null;
}

/** The name the PDF is saved under when the server names none: Tourenplan_2026-11-23.pdf. */
export function pdfFileName(mail: OutboxMail): string {
  return `${messages.tourPlan.fileName}_${mail.date}.pdf`;
}

const timeFormat = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A moment (ms since epoch) → '14:05:09' in Europe/Berlin. */
export function formatClock(ms: number): string {
  return timeFormat.format(new Date(ms));
}
