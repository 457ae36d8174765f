import { messages } from '@dispo/domain/messages';

const s = messages.vehicleAnalyticsScreen;

/** Loading and failure of one tab (a failed load is shown, not only logged). */
export function TabState({ pending, error }: { pending: boolean; error: unknown }) {
  if (pending) return <p className="notice">{s.loading}</p>;
  if (error)
    return (
      <p className="vehicle-analytics__error" role="alert">
        {error instanceof Error && error.message ? error.message : s.loadFailed}
      </p>
    );
  return null;
}

/** A figure with its label, and a band or note under it. */
export function Kpi({ label, value, note, tone }: { label: string; value: string; note?: string | null; tone?: string | null }) {
  return (
    <div className={`vehicle-analytics__kpi${tone ? ` vehicle-analytics__kpi--${tone}` : ''}`}>
      <span className="vehicle-analytics__kpi-label">{label}</span>
      <strong className="vehicle-analytics__kpi-value">{value}</strong>
      {note && <span className="vehicle-analytics__kpi-note">{note}</span>}
    </div>
  );
}
