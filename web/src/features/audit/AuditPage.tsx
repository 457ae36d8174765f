import { useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { type AuditLogEntry, type AuditLogFilters, fetchAuditCsv, useAuditFilterOptions, useAuditLog } from '../../api/audit';
import { saveBlob } from '../../components/download';
import { NoPermission } from '../../components/NoPermission';
import { useSession } from '../auth/useSession';
import { instantOfBerlinInput } from './berlinInstant';
import { HistoryModal } from './HistoryModal';
import './audit.css';

const text = messages.audit;

/** Only auditors and admins read the global log (docs/api/audit.md). */
export function canSeeAudit(roles: readonly string[] | undefined): boolean {
  return Boolean(roles?.some((role) => role === 'auditor' || role === 'admin'));
}

/** Prüfung (issue 18): the global log filtered by time, user, kind and event type, paged by cursor, as CSV. */
export function AuditPage() {
  const user = useSession()?.user ?? null;
  return (
    <div className="page audit-page">
      <header className="audit-page__head">
        <h1>{text.pageTitle}</h1>
        <p className="audit__muted">{text.pageSubtitle}</p>
      </header>
      {canSeeAudit(user?.roles) ? <AuditLog /> : <NoPermission title={text.noPermissionTitle} text={text.noPermission} />}
    </div>
  );
}

interface Draft {
  from: string;
  to: string;
  userId: string;
  kind: string;
  type: string;
}
const EMPTY: Draft = { from: '', to: '', userId: '', kind: '', type: '' };

function filtersOf(draft: Draft): AuditLogFilters {
  const from = instantOfBerlinInput(draft.from);
  const to = instantOfBerlinInput(draft.to);
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(draft.userId ? { userId: draft.userId } : {}),
    ...(draft.kind ? { kind: draft.kind } : {}),
    ...(draft.type ? { type: draft.type } : {}),
  };
}

function when(iso: string): string {
  return new Date(iso).toLocaleString('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'medium' });
}

function AuditLog() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filters, setFilters] = useState<AuditLogFilters>({});
  const [opened, setOpened] = useState<AuditLogEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const options = useAuditFilterOptions();
  const log = useAuditLog(filters);
  const rows = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const types = (options.data?.types ?? []).filter((t) => !draft.kind || t.kind === draft.kind);
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value, ...(key === 'kind' ? { type: '' } : {}) }));

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const file = await fetchAuditCsv(filters);
      saveBlob(file.blob, file.fileName ?? 'Pruefprotokoll.csv');
    } catch (error) {
      setExportError((error as Error).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <form
        className="audit-page__filters"
        aria-label={text.filterForm}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(filtersOf(draft));
        }}
      >
        <label className="audit__picker-field">
          <span>{text.filters.from}</span>
          <input type="datetime-local" step={1} className="field__input" value={draft.from} onChange={set('from')} aria-label={text.filters.from} />
        </label>
        <label className="audit__picker-field">
          <span>{text.filters.to}</span>
          <input type="datetime-local" step={1} className="field__input" value={draft.to} onChange={set('to')} aria-label={text.filters.to} />
        </label>
        <label className="audit__picker-field">
          <span>{text.filters.user}</span>
          <select className="field__input" value={draft.userId} onChange={set('userId')} aria-label={text.filters.user}>
            <option value="">{text.filters.all}</option>
            {options.data?.users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        </label>
        <label className="audit__picker-field">
          <span>{text.filters.kind}</span>
          <select className="field__input" value={draft.kind} onChange={set('kind')} aria-label={text.filters.kind}>
            <option value="">{text.filters.all}</option>
            {options.data?.kinds.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label className="audit__picker-field">
          <span>{text.filters.type}</span>
          <select className="field__input" value={draft.type} onChange={set('type')} aria-label={text.filters.type}>
            <option value="">{text.filters.all}</option>
            {types.map((t) => (
              <option key={t.type} value={t.type}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          {text.apply}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setDraft(EMPTY);
            setFilters({});
          }}
        >
          {text.reset}
        </button>
        <button type="button" className="button" onClick={() => void exportCsv()} disabled={exporting}>
          {text.exportCsv}
        </button>
      </form>
      {exportError && (
        <div className="alert alert--error" role="alert">
          {exportError}
        </div>
      )}
      {log.isError && (
        <div className="alert alert--error" role="alert">
          {text.logLoadFailed} {log.error.message}
        </div>
      )}
      <table className="audit-page__table">
        <thead>
          <tr>
            <th scope="col">{text.columns.when}</th>
            <th scope="col">{text.columns.user}</th>
            <th scope="col">{text.columns.role}</th>
            <th scope="col">{text.columns.kind}</th>
            <th scope="col">{text.columns.entity}</th>
            <th scope="col">{text.columns.event}</th>
            <th scope="col">{text.columns.command}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.position}>
              <td>{when(row.recordedAt)}</td>
              <td>{row.user?.name ?? text.systemUser}</td>
              <td className="audit__muted">{row.user?.roles ?? ''}</td>
              <td>{row.kindLabel}</td>
              <td>
                {row.kind && row.entityId ? (
                  <button type="button" className="audit__link" aria-label={text.openHistory(row.title)} onClick={() => setOpened(row)}>
                    {row.title}
                  </button>
                ) : (
                  <span className="audit__muted">{row.title}</span>
                )}
              </td>
              <td>{row.typeLabel}</td>
              <td className="audit__muted">{row.commandLabel ?? ''}</td>
            </tr>
          ))}
          {!log.isPending && rows.length === 0 && (
            <tr>
              <td colSpan={7} className="audit__muted">
                {text.noEntries}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="audit-page__footer">
        <span className="audit__muted">{text.rowsShown(rows.length)}</span>
        {log.hasNextPage && (
          <button type="button" className="button" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {text.loadMore}
          </button>
        )}
      </div>
      {opened && opened.kind && opened.entityId && (
        <HistoryModal kind={opened.kind} id={opened.entityId} title={opened.title} at={opened.recordedAt} onClose={() => setOpened(null)} />
      )}
    </>
  );
}
