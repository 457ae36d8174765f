import { messages } from '@dispo/domain/messages';
import { Fragment } from 'react';
import type { OutboxMail, OutboxMailStatus } from '../../api/mailOutbox';
import { formatDate, formatDateTime } from '../../components/format';
import { Icon } from '../../components/icons';
import { type PillTone, StatusPill } from '../../components/StatusPill';
import { formatClock, outcomeAt, statusLabel, triggerLabel } from './mailOutboxLogic';

export interface OutboxTableProps {
  mails: readonly OutboxMail[];
  /** The mail whose PDF is being fetched. */
  downloadingId: string | null;
  /** True while the rows are those of the previous filter. */
  stale: boolean;
  onDownload(mail: OutboxMail): void;
}

/** Waiting for the mail server orange, sent green, failed red. */
const STATUS_TONES: Record<OutboxMailStatus, PillTone> = { requested: 'warning', sent: 'success', failed: 'danger' };

/** 'Versendet/Fehler' may break after the slash in a narrow window (browsers do not break there on their own). */
function withBreakAfterSlash(text: string) {
  return text.split('/').map((part, index, parts) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}

/** The mails, newest request first: day, occasion, recipients, status, requested, sent/failed, tours, PDF. */
export function OutboxTable({ mails, downloadingId, stale, onDownload }: OutboxTableProps) {
  const text = messages.mailOutbox;
  const c = text.columns;
  return (
    <div className={`panel mail-outbox__table-wrap${stale ? ' mail-outbox__table-wrap--stale' : ''}`} aria-busy={stale}>
      <table className="data-table mail-outbox__table" aria-label={text.tableLabel}>
        <thead>
          <tr>
            <th scope="col">{c.date}</th>
            <th scope="col">{c.trigger}</th>
            <th scope="col">{c.recipients}</th>
            <th scope="col">{c.status}</th>
            <th scope="col">{c.requestedAt}</th>
            <th scope="col" className="mail-outbox__wrap">
              {withBreakAfterSlash(c.outcome)}
            </th>
            <th scope="col" className="data-table__number">
              {c.tours}
            </th>
            <th scope="col" className="data-table__actions mail-outbox__actions">
              <span className="visually-hidden">{c.pdf}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {mails.map((mail) => {
            const at = outcomeAt(mail);
            const day = formatDate(mail.date);
            return (
              <tr key={mail.mailId} data-mail-id={mail.mailId}>
                <td className="mail-outbox__nowrap">{day}</td>
                <td>
                  {triggerLabel(mail.trigger)}
                  {mail.subject && <span className="mail-outbox__subject">{mail.subject}</span>}
                </td>
                <td className="mail-outbox__recipients">
                  {mail.recipients.map((recipient, index) => (
                    <Fragment key={`${recipient}-${index}`}>
                      <span className="mail-outbox__recipient">{recipient}</span>
                      {index < mail.recipients.length - 1 ? ', ' : ''}
                    </Fragment>
                  ))}
                  {mail.cc.length > 0 && <span className="mail-outbox__copy">{text.copy(mail.cc.join(', '))}</span>}
                </td>
                <td>
                  <StatusPill tone={STATUS_TONES[mail.status]}>{statusLabel(mail.status)}</StatusPill>
                  {mail.retrying && <span className="mail-outbox__retrying">{messages.mailDelivery.retrying(mail.attempts ?? 1)}</span>}
                </td>
                {/* Date and time may go on two lines when the window is narrow. */}
                <td className="mail-outbox__when">{formatDateTime(mail.requestedAt)}</td>
                <td>
                  <div className="mail-outbox__outcome">
                    {at ? <span className="mail-outbox__when">{formatDateTime(at)}</span> : <span className="mail-outbox__muted">–</span>}
                    {mail.status === 'failed' && mail.error && <span className="mail-outbox__error">{mail.error}</span>}
                    {mail.retrying && mail.lastError && <span className="mail-outbox__error">{mail.lastError}</span>}
                    {mail.retrying && mail.nextAttemptAt && (
                      <span className="mail-outbox__muted">{messages.mailDelivery.nextAttempt(formatClock(Date.parse(mail.nextAttemptAt)))}</span>
                    )}
                  </div>
                </td>
                <td className="data-table__number">
                  {mail.kind === 'order_mail' && mail.orderCount !== null
                    ? text.orderMailCount(mail.orderCount)
                    : (mail.tourCount ?? <span className="mail-outbox__muted">–</span>)}
                </td>
                <td className="data-table__actions mail-outbox__actions">
                  {mail.kind === 'tour_plan' && (
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={text.downloadPdf(day)}
                    title={text.downloadPdf(day)}
                    disabled={downloadingId === mail.mailId}
                    onClick={() => onDownload(mail)}
                  >
                    {downloadingId === mail.mailId ? (
                      <span className="spinner spinner--small" aria-hidden="true" />
                    ) : (
                      <Icon name="pdf" size={16} />
                    )}
                    {text.pdf}
                  </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
