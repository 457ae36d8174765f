import { messages } from '@dispo/domain/messages';
import { type Appointment, type SubjectKind, useAppointments } from '../../../api/workshop';
import { formatDate } from '../../../components/format';

const ws = messages.workshopScreen;

function statusText(a: Appointment): string {
  if (a.status === 'pending') return messages.workshop.status.pending;
  if (a.status === 'not_completed') return messages.workshop.status.not_completed;
  return ws.statusCompleted;
}

/** Orange within 7 days, red when past and not completed (fleet.md §4 detail colours), else green. */
function tone(a: Appointment, today: string): string {
  if (a.status === 'pending' && a.date < today) return 'overdue';
  if (a.status === 'pending' && Date.parse(a.date) - Date.parse(today) <= 7 * 86_400_000) return 'urgent';
  return 'ok';
}

function AppointmentRow({ a, today }: { a: Appointment; today: string }) {
  const invoice = a.completionData?.invoiceAmount ?? a.completionData?.actualCost;
  return (
    <li className={`workshop-appointment workshop-appointment--${tone(a, today)}`}>
      <span className="workshop-appointment__when">
        {formatDate(a.date)} {a.time}
      </span>
      <span className="workshop-appointment__what">
        <strong>{ws.types[a.type as keyof typeof ws.types] ?? a.type}</strong> · {a.customWorkshop ?? a.workshop ?? a.location ?? ''}
        {a.notes && <span className="fleet-muted"> · {a.notes}</span>}
      </span>
      <span className="workshop-appointment__status">
        {statusText(a)}
        {typeof invoice === 'number' && ` · ${ws.invoice(invoice.toLocaleString('de-DE', { style: 'currency', currency: 'EUR' }))}`}
      </span>
    </li>
  );
}

/** §2: a vehicle's or trailer's appointments split into upcoming and past (at most `limit` each). */
export function AppointmentLists({ kind, id, today, limit }: { kind: SubjectKind; id: string; today: string; limit?: number }) {
  const query = useAppointments(kind, id);
  if (query.isPending) return <p className="notice">{messages.fleetScreen.loading}</p>;
  if (query.isError) return <p className="field__error">{query.error.message}</p>;
  const upcoming = limit ? query.data.upcoming.slice(0, limit) : query.data.upcoming;
  const past = limit ? query.data.past.slice(0, limit) : query.data.past;
  return (
    <div className="workshop-lists">
      <div>
        <h4 className="workshop-lists__title">{ws.upcoming}</h4>
        {upcoming.length === 0 ? (
          <p className="fleet-muted">{ws.noUpcoming}</p>
        ) : (
          <ul className="workshop-appointments">{upcoming.map((a) => <AppointmentRow key={a.id} a={a} today={today} />)}</ul>
        )}
      </div>
      <div>
        <h4 className="workshop-lists__title">{ws.past}</h4>
        {past.length === 0 ? (
          <p className="fleet-muted">{ws.noPast}</p>
        ) : (
          <ul className="workshop-appointments">{past.map((a) => <AppointmentRow key={a.id} a={a} today={today} />)}</ul>
        )}
      </div>
    </div>
  );
}
