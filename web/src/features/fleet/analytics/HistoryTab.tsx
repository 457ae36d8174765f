import { type FormEvent, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { type AnalyticsRange, useAddHistoryEntry, useAnalyticsHistory } from '../../../api/vehicleAnalytics';
import { formatDateTime, formatEuro, formatNumber } from '../../../components/format';
import { FormError } from '../FormField';
import { useFleetPermissions } from '../useFleetPermissions';
import { TabState } from './TabState';

const a = messages.vehicleAnalytics;
const s = messages.vehicleAnalyticsScreen;
/** Manual entries a fleet manager adds: the general kinds of fleet.md §4. */
const MANUAL_TYPES = ['UPDATED', 'MAINTENANCE_COMPLETED', 'STATUS_CHANGED', 'ASSIGNMENT_CHANGED'] as const;

/** Aktivitätshistorie: the vehicle's history in the range, newest first; fleet managers add entries. */
export function HistoryTab({ vehicleId, range }: { vehicleId: string; range: AnalyticsRange }) {
  const history = useAnalyticsHistory(vehicleId, range);
  const { canWrite } = useFleetPermissions();
  const titles = messages.vehicleHistory.titles as Record<string, string>;
  return (
    <div className="vehicle-analytics__panel">
      {canWrite && <AddEntryForm vehicleId={vehicleId} />}
      <TabState pending={history.isPending} error={history.error} />
      {history.data && history.data.length === 0 && <p className="vehicle-analytics__empty">{a.noActivities}</p>}
      <ol className="vehicle-analytics__timeline">
        {(history.data ?? []).map((entry) => {
          const who = entry.performer ? `${entry.performer.firstName} ${entry.performer.lastName}`.trim() : s.system;
          const amounts = [
            entry.revenueAmount !== null ? `${s.revenue}: ${formatEuro(entry.revenueAmount)}` : null,
            entry.costAmount !== null ? `${s.maintenanceCosts}: ${formatEuro(entry.costAmount)}` : null,
            entry.odometerReading !== null ? `${formatNumber(entry.odometerReading)} km` : null,
          ].filter(Boolean);
          return (
            <li key={entry.id} className={`vehicle-analytics__entry vehicle-analytics__entry--${entry.priority}`}>
              <div className="vehicle-analytics__entry-head">
                <span className="vehicle-analytics__entry-title">{entry.actionTitle || titles[entry.actionType] || entry.actionType}</span>
                <time>{formatDateTime(entry.performedAt)}</time>
              </div>
              <p>{entry.description}</p>
              <div className="vehicle-analytics__entry-foot">
                <span className="fleet-muted">
                  {s.performedBy}: {who}
                </span>
                {amounts.length > 0 && <span>{amounts.join(' · ')}</span>}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function AddEntryForm({ vehicleId }: { vehicleId: string }) {
  const add = useAddHistoryEntry(vehicleId);
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<string>(MANUAL_TYPES[0]);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titles = messages.vehicleHistory.titles as Record<string, string>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return setError(s.entryTitleRequired);
    if (description.trim() === '') return setError(s.entryDescriptionRequired);
    setError(null);
    add.mutate(
      { action_type: type, action_title: title.trim(), description: description.trim() },
      {
        onSuccess: () => {
          setTitle('');
          setDescription('');
          setOpen(false);
        },
        onError: (e) => setError(e instanceof Error ? e.message : s.entryFailed),
      },
    );
  };
  if (!open)
    return (
      <button type="button" className="button button--small vehicle-analytics__add" onClick={() => setOpen(true)}>
        {s.addEntry}
      </button>
    );
  return (
    <form className="vehicle-analytics__form" onSubmit={submit}>
      <label className="field">
        <span className="field__label">{s.entryType}</span>
        <select className="field__input" value={type} onChange={(e) => setType(e.target.value)}>
          {MANUAL_TYPES.map((t) => (
            <option key={t} value={t}>
              {titles[t] ?? t}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{s.entryTitle}</span>
        <input className="field__input" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label className="field vehicle-analytics__form-wide">
        <span className="field__label">{s.entryDescription}</span>
        <textarea className="field__input" value={description} maxLength={2000} rows={2} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <FormError text={error} />
      <div className="vehicle-analytics__form-buttons">
        <button type="button" className="button button--small" onClick={() => setOpen(false)}>
          {messages.vehicleAnalyticsScreen.close}
        </button>
        <button type="submit" className="button button--small button--primary" disabled={add.isPending}>
          {s.entrySave}
        </button>
      </div>
    </form>
  );
}
