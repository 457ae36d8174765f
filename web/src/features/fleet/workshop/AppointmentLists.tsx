import { useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { type Appointment, type SubjectKind, useAppointments, useDeleteAppointment } from '../../../api/workshop';
import { FlashMessages } from '../../../components/FlashMessages';
import { formatDate, formatEuro } from '../../../components/format';
import { useFlash } from '../../../components/useFlash';
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
import { AppointmentDetailDialog } from './AppointmentDetailDialog';
import { appointmentStatusText, appointmentTypeText, appointmentWorkshopText } from './AppointmentDetailFields';
import { EditAppointmentDialog } from './EditAppointmentDialog';

const ws = messages.workshopScreen;

/** Orange within 7 days, red when past and not completed (fleet.md §4 detail colours), else green. */
function tone(a: Appointment, today: string): string {
  if (a.status === 'pending' && a.date < today) return 'overdue';
  if (a.status === 'pending' && Date.parse(a.date) - Date.parse(today) <= 7 * 86_400_000) return 'urgent';
  return 'ok';
}

function AppointmentRow({ a, today, canWrite, onOpen, onEdit }: { a: Appointment; today: string; canWrite: boolean; onOpen(): void; onEdit(): void }) {
  const invoice = a.completionData?.invoiceAmount ?? a.completionData?.actualCost;
  return (
    <li className={`workshop-appointment workshop-appointment--${tone(a, today)}`} data-appointment-id={a.id}>
      <button type="button" className="workshop-appointment__open" onClick={onOpen} aria-label={`${ws.detailsAction}: ${appointmentTypeText(a.type)} ${formatDate(a.date)}`}>
        <span className="workshop-appointment__when">
          {formatDate(a.date)} {a.time}
        </span>
        <span className="workshop-appointment__what">
          <strong>{appointmentTypeText(a.type)}</strong> · {appointmentWorkshopText(a) ?? a.location ?? ''}
          {a.notes && <span className="fleet-muted"> · {a.notes}</span>}
        </span>
        <span className="workshop-appointment__status">
          {appointmentStatusText(a)}
          {typeof invoice === 'number' && ` · ${ws.invoice(formatEuro(invoice))}`}
        </span>
      </button>
      {canWrite && a.status === 'pending' && (
        <span className="workshop-appointment__actions">
          <button type="button" className="button button--small" onClick={onEdit} aria-label={`${ws.edit}: ${appointmentTypeText(a.type)} ${formatDate(a.date)}`}>
            {ws.edit}
          </button>
        </span>
      )}
    </li>
  );
}

type Open = { kind: 'detail' | 'edit' | 'delete'; appointment: Appointment } | null;

/**
 * §2: a vehicle's or trailer's appointments split into upcoming and past (at most `limit` each).
 * A row opens the appointment detail dialog; pending ones can be edited ('Wartungstermin
 * bearbeiten') and deleted by those who plan.
 */
export function AppointmentLists({
  kind,
  id,
  today,
  limit,
  canWrite = false,
  subjectDetails = null,
}: {
  kind: SubjectKind;
  id: string;
  today: string;
  limit?: number;
  canWrite?: boolean;
  subjectDetails?: string | null;
}) {
  const query = useAppointments(kind, id);
  const remove = useDeleteAppointment();
  const flash = useFlash();
  const [open, setOpen] = useState<Open>(null);
  if (query.isPending) return <p className="notice">{messages.fleetScreen.loading}</p>;
  if (query.isError) return <p className="field__error">{query.error.message}</p>;
  const upcoming = limit ? query.data.upcoming.slice(0, limit) : query.data.upcoming;
  const past = limit ? query.data.past.slice(0, limit) : query.data.past;
  const close = () => setOpen(null);
  const row = (a: Appointment) => (
    <AppointmentRow
      key={a.id}
      a={a}
      today={today}
      canWrite={canWrite}
      onOpen={() => setOpen({ kind: 'detail', appointment: a })}
      onEdit={() => setOpen({ kind: 'edit', appointment: a })}
    />
  );
  return (
    <>
      <FlashMessages flashes={flash.flashes} onDismiss={flash.dismiss} errorTitle={messages.fleet.error} />
      <div className="workshop-lists">
        <div>
          <h4 className="workshop-lists__title">{ws.upcoming}</h4>
          {upcoming.length === 0 ? <p className="fleet-muted">{ws.noUpcoming}</p> : <ul className="workshop-appointments">{upcoming.map(row)}</ul>}
        </div>
        <div>
          <h4 className="workshop-lists__title">{ws.past}</h4>
          {past.length === 0 ? <p className="fleet-muted">{ws.noPast}</p> : <ul className="workshop-appointments">{past.map(row)}</ul>}
        </div>
      </div>
      {open?.kind === 'detail' && (
        <AppointmentDetailDialog
          appointment={open.appointment}
          subjectDetails={subjectDetails}
          canWrite={canWrite}
          onEdit={() => setOpen({ kind: 'edit', appointment: open.appointment })}
          onDelete={() => setOpen({ kind: 'delete', appointment: open.appointment })}
          onClose={close}
        />
      )}
      {open?.kind === 'edit' && (
        <EditAppointmentDialog
          appointment={open.appointment}
          onClose={close}
          onSaved={(message) => {
            close();
            flash.success(message);
          }}
        />
      )}
      {open?.kind === 'delete' && (
        <ConfirmDeleteDialog
          title={ws.delete}
          question={ws.confirmDelete(appointmentTypeText(open.appointment.type), formatDate(open.appointment.date))}
          busy={remove.isPending}
          onClose={close}
          onConfirm={() => {
            remove.mutate(open.appointment.id, {
              onSuccess: () => {
                close();
                flash.success(ws.cancelled);
              },
              onError: (error) => {
                close();
                flash.error(error.message);
              },
            });
          }}
        />
      )}
    </>
  );
}
