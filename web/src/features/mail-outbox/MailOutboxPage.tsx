import { messages } from '@dispo/domain/messages';
import { type ReactNode, useCallback, useState } from 'react';
import { isApiError } from '../../api/errors';
import { fetchOutboxMailPdf, OUTBOX_LIMIT, type OutboxMail, type OutboxMailStatus, useMailOutbox } from '../../api/mailOutbox';
import { getToken } from '../../api/session';
import { saveBlob } from '../../components/download';
import { FlashMessages } from '../../components/FlashMessages';
import { NoPermission } from '../../components/NoPermission';
import { Icon } from '../../components/icons';
import { type FlashApi, useFlash } from '../../components/useFlash';
import { useSession } from '../auth/useSession';
import { canSeeMailOutbox, formatClock, pdfFileName, STATUS_FILTERS, statusFilterLabel } from './mailOutboxLogic';
import { OutboxTable } from './OutboxTable';
import { useMailOutboxLiveUpdates } from './useMailOutboxLiveUpdates';
import './mailOutbox.css';

function PageHeader({ children }: { children?: ReactNode }) {
  const text = messages.mailOutbox;
  return (
    <header className="mail-outbox__header">
      <div className="page__header">
        <h1 className="page__title">{text.title}</h1>
        <p className="page__subtitle">{text.subtitle}</p>
      </div>
      {children}
    </header>
  );
}

/** The tour-plan PDF of a mail, fetched with the bearer token and saved as the server names it. */
function useOutboxPdf(flash: Pick<FlashApi, 'error'>) {
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const download = useCallback(
    async (mail: OutboxMail) => {
      if (!getToken()) {
        flash.error(messages.auth.pdfRequiresLogin);
        return;
      }
      setDownloadingId(mail.mailId);
      try {
        const file = await fetchOutboxMailPdf(mail.mailId);
        saveBlob(file.blob, file.fileName ?? pdfFileName(mail));
      } catch (error) {
        // The server's own words where it gave some ('Die E-Mail wurde nicht gefunden.').
        flash.error(isApiError(error) && error.fromServer ? error.message : messages.errors.downloadPdf);
      } finally {
        setDownloadingId(null);
      }
    },
    [flash],
  );
  return { downloadingId, download };
}

/**
 * Postausgang (admins): the tour-plan mails from their request to sent or failed. Without SMTP_URL
 * nothing is sent and the page says so. Refreshes every 15 s and on the outbox's socket notices.
 */
export function MailOutboxPage() {
  const user = useSession()?.user ?? null;
  if (!canSeeMailOutbox(user)) {
    const text = messages.mailOutbox;
    return (
      <div className="page mail-outbox">
        <PageHeader />
        <NoPermission title={text.noPermissionTitle} text={text.noPermission} />
      </div>
    );
  }
  return <Outbox />;
}

function Outbox() {
  const text = messages.mailOutbox;
  const flash = useFlash();
  const [status, setStatus] = useState<OutboxMailStatus | null>(null);
  const query = useMailOutbox(status);
  useMailOutboxLiveUpdates(true);
  const { downloadingId, download } = useOutboxPdf(flash);
  const mails = query.data?.mails ?? [];
  const refreshing = query.isFetching;

  return (
    <div className="page mail-outbox">
      <PageHeader>
        <div className="mail-outbox__header-actions">
          {query.dataUpdatedAt > 0 && <span className="mail-outbox__muted">{text.updatedAt(formatClock(query.dataUpdatedAt))}</span>}
          <button type="button" className="button" onClick={() => void query.refetch()} disabled={refreshing}>
            <span className={`mail-outbox__refresh-icon${refreshing ? ' mail-outbox__refresh-icon--spinning' : ''}`}>
              <Icon name="refresh" size={16} />
            </span>
            {text.refresh}
          </button>
        </div>
      </PageHeader>

      <FlashMessages flashes={flash.flashes} onDismiss={flash.dismiss} errorTitle={messages.fleet.error} />

      {query.data && !query.data.sending && (
        <p className="alert alert--info mail-outbox__note" role="note">
          {text.notSending}
        </p>
      )}

      {query.isError && (
        <div className="alert alert--error mail-outbox__load-error" role="alert">
          <span>
            <strong className="flash__title">{text.loadError}</strong> {query.error.message}
          </span>
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            {messages.errorScreen.retry}
          </button>
        </div>
      )}

      <div className="mail-outbox__filter" role="group" aria-label={text.statusFilterLabel}>
        {STATUS_FILTERS.map((value) => (
          <button
            key={value ?? 'all'}
            type="button"
            className={`mail-outbox__filter-button${value === status ? ' mail-outbox__filter-button--active' : ''}`}
            aria-pressed={value === status}
            onClick={() => setStatus(value)}
          >
            {statusFilterLabel(value)}
          </button>
        ))}
      </div>

      {/* An empty list of the previous filter says nothing about this one: loading until it answers. */}
      {query.isPending || (query.isPlaceholderData && mails.length === 0) ? (
        <p className="panel notice page-loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" />
          {text.loading}
        </p>
      ) : mails.length === 0 ? (
        query.data && (
          <div className="panel mail-outbox__empty" role="status">
            <Icon name="file" size={28} />
            <p className="mail-outbox__empty-title">{status === null ? text.empty : text.emptyFiltered}</p>
          </div>
        )
      ) : (
        <>
          <OutboxTable
            mails={mails}
            downloadingId={downloadingId}
            stale={query.isPlaceholderData}
            onDownload={(mail) => void download(mail)}
          />
          {mails.length >= OUTBOX_LIMIT && <p className="mail-outbox__muted">{text.limitReached(OUTBOX_LIMIT)}</p>}
        </>
      )}
    </div>
  );
}
