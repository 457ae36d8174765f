import { useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { VEHICLE_HISTORY_ACTIONS } from '@dispo/domain/vehicle/history-actions';
import { historyDetailItems } from '@dispo/domain/vehicle/history-details';
import { downloadHistoryPdf, type HistoryFilter, type SubjectKind, useHistory } from '../../../api/workshop';
import { saveBlob } from '../../../components/download';
import { todayInBerlin } from '../../../components/format';
import { Modal } from '../../../components/Modal';
import { FormError } from '../FormField';
import { addDays } from '../fleetLogic';
import './workshop.css';

/** fleet.md §4: the trailer history filter lists these action types. */
const TRAILER_ACTIONS = ['MAINTENANCE_SCHEDULED', 'MAINTENANCE_COMPLETED', 'STATUS_CHANGED', 'UPDATED', 'SETTINGS_CHANGED', 'ASSIGNMENT_CHANGED', 'DOCUMENT_ADDED', 'DOCUMENT_REMOVED'];
/** fleet.md §9: default range the last 3 months to today. */
const DEFAULT_RANGE_DAYS = 91;
const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });

/** An entry's details as labelled lines (no raw data). */
function HistoryDetails({ details }: { details: Record<string, unknown> }) {
  return (
    <dl className="workshop-timeline__details">
      {historyDetailItems(details).map((item) => (
        <div key={item.label} className="workshop-timeline__detail">
          <dt>{item.label}</dt>
          <dd>{item.text}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The vehicle history and the trailer history dialog (fleet.md §2): date range (default the last 3
 * months), activity type, a timeline with expandable details and the performer, PDF export.
 */
export function HistoryDialog({ kind, id, plate, onClose }: { kind: SubjectKind; id: string; plate: string; onClose(): void }) {
  const ws = messages.workshopScreen;
  const today = todayInBerlin();
  const [filter, setFilter] = useState<HistoryFilter>({ startDate: addDays(today, -DEFAULT_RANGE_DAYS), endDate: today, actionType: '' });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const history = useHistory(kind, id, filter);
  const actions = kind === 'vehicle' ? VEHICLE_HISTORY_ACTIONS : TRAILER_ACTIONS;
  const titles = messages.vehicleHistory.titles as Record<string, string>;

  const exportPdf = async () => {
    setPdfBusy(true);
    setPdfError(null);
    try {
      const file = await downloadHistoryPdf(kind, id, filter);
      saveBlob(file.blob, file.fileName ?? `${kind === 'vehicle' ? ws.pdfFileVehicle : ws.pdfFileTrailer}.pdf`);
    } catch (error) {
      setPdfError(error instanceof Error ? error.message : String(error));
    } finally {
      setPdfBusy(false);
    }
  };
  const toggle = (entryId: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(entryId)) next.delete(entryId);
      else next.add(entryId);
      return next;
    });

  const footer = (
    <>
      <button type="button" className="button" onClick={() => void exportPdf()} disabled={pdfBusy}>
        {ws.pdfExport}
      </button>
      <button type="button" className="button button--primary" onClick={onClose}>
        {ws.close}
      </button>
    </>
  );
  return (
    <Modal title={kind === 'vehicle' ? ws.historyTitle(plate) : ws.trailerHistoryTitle(plate)} onClose={onClose} footer={footer} size="large" className="workshop-history">
      <div className="workshop-history__filters">
        <label className="field">
          <span className="field__label">{ws.from}</span>
          <input className="field__input" type="date" value={filter.startDate} max={filter.endDate} onChange={(e) => setFilter({ ...filter, startDate: e.target.value })} />
        </label>
        <label className="field">
          <span className="field__label">{ws.to}</span>
          <input className="field__input" type="date" value={filter.endDate} min={filter.startDate} onChange={(e) => setFilter({ ...filter, endDate: e.target.value })} />
        </label>
        <label className="field">
          <span className="field__label">{ws.activityType}</span>
          <select className="field__input" value={filter.actionType} onChange={(e) => setFilter({ ...filter, actionType: e.target.value })}>
            <option value="">{ws.allActivities}</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {titles[a] ?? a}
              </option>
            ))}
          </select>
        </label>
      </div>
      <FormError text={pdfError} />
      {history.isPending && <p className="notice">{messages.fleetScreen.loading}</p>}
      {history.data && history.data.length === 0 && <p className="workshop-empty">{messages.workshop.noActivities}</p>}
      <ol className="workshop-timeline">
        {(history.data ?? []).map((entry) => {
          const expanded = open.has(entry.id);
          const who = entry.performer ? `${entry.performer.firstName} ${entry.performer.lastName}`.trim() : ws.system;
          return (
            <li key={entry.id} className={`workshop-timeline__entry workshop-timeline__entry--${entry.actionType.toLowerCase()}`}>
              <div className="workshop-timeline__head">
                <span className="workshop-timeline__title">{entry.actionTitle}</span>
                <time className="workshop-timeline__time">{entry.performedAt ? dateTime.format(new Date(entry.performedAt)) : ''}</time>
              </div>
              <p className="workshop-timeline__text">{entry.description}</p>
              <div className="workshop-timeline__foot">
                <span className="fleet-muted">{ws.performedBy(who)}</span>
                {historyDetailItems(entry.details).length > 0 && (
                  <button type="button" className="button button--small" aria-expanded={expanded} onClick={() => toggle(entry.id)}>
                    {expanded ? ws.hideDetails : ws.showDetails}
                  </button>
                )}
              </div>
              {expanded && <HistoryDetails details={entry.details} />}
            </li>
          );
        })}
      </ol>
    </Modal>
  );
}
