import { messages } from '@dispo/domain/messages';
import type { Appointment } from '../../../api/workshop';
import { formatDate, formatDateTime, formatEuro } from '../../../components/format';
import { DetailItem } from '../DetailItem';
import '../fleet.css';
import './workshop.css';

const ws = messages.workshopScreen;
const f = ws.fields;

/** The status as fleet.md §4 names it: Ausstehend, Nicht abgeschlossen, else Abgeschlossen or Gelöscht. */
export function appointmentStatusText(a: Pick<Appointment, 'status'>): string {
  if (a.status === 'pending') return messages.workshop.status.pending;
  if (a.status === 'not_completed') return messages.workshop.status.not_completed;
  return a.status === 'cancelled' ? ws.statusCancelled : ws.statusCompleted;
}

export const appointmentTypeText = (type: string) => ws.types[type as keyof typeof ws.types] ?? type;

export const appointmentWorkshopText = (a: Pick<Appointment, 'workshop' | 'customWorkshop'>) =>
  a.customWorkshop ?? (a.workshop === null ? null : a.workshop === messages.workshop.otherWorkshop ? null : a.workshop);

const yes = (value: unknown) => value === true;

/** What the completion recorded (fleet.md §3 completion results), as German lines. */
function CompletionItems({ a }: { a: Pick<Appointment, 'completionData' | 'subjectKind' | 'completedByName' | 'completedAt'> }) {
  const data = a.completionData;
  if (!data) return null;
  const followUpDate = typeof data.followUpDate === 'string' ? data.followUpDate : null;
  const trailer = a.subjectKind === 'trailer';
  const result = trailer
    ? yes(data.wasSuccessful)
      ? ws.successful
      : ws.notSuccessful
    : yes(data.completed)
      ? ws.tookPlaceYes
      : ws.tookPlaceNo;
  const notes = trailer ? data.completionNotes : data.notes;
  return (
    <>
      <DetailItem label={f.result}>{result}</DetailItem>
      {trailer ? (
        <DetailItem label={f.actualCost}>{typeof data.actualCost === 'number' ? formatEuro(data.actualCost) : null}</DetailItem>
      ) : (
        <DetailItem label={f.invoice}>
          {typeof data.invoiceAmount === 'number' ? formatEuro(data.invoiceAmount) : yes(data.completed) ? ws.invoiceLater : null}
        </DetailItem>
      )}
      <DetailItem label={f.followUp}>{followUpDate ? formatDate(followUpDate) : ws.followUpNone}</DetailItem>
      <DetailItem label={f.completedBy}>{a.completedByName}</DetailItem>
      <DetailItem label={f.completedAt}>{a.completedAt ? formatDateTime(a.completedAt) : null}</DetailItem>
      {typeof notes === 'string' && notes !== '' && (
        <DetailItem label={ws.closingNotes} wide>
          {notes}
        </DetailItem>
      )}
    </>
  );
}

/** The fields of the appointment detail dialog; also the layout of an appointment's past state in its `Verlauf`. */
export function AppointmentDetailFields({
  appointment: a,
  subjectDetails,
}: {
  /** `durationMinutes` null: unknown (a past state; the appointment's record keeps no duration). */
  appointment: Omit<Appointment, 'durationMinutes'> & { durationMinutes: number | null };
  subjectDetails?: string | null;
}) {
  const hours = a.durationMinutes === null ? null : (a.durationMinutes / 60).toLocaleString('de-DE', { maximumFractionDigits: 1 });
  return (
    <dl className="fleet-detail__list">
      <DetailItem label={f.status}>{appointmentStatusText(a)}</DetailItem>
      <DetailItem label={f.type}>{appointmentTypeText(a.type)}</DetailItem>
      <DetailItem label={f.date}>{formatDate(a.date)}</DetailItem>
      <DetailItem label={f.time}>{a.time}</DetailItem>
      <DetailItem label={f.workshop}>{appointmentWorkshopText(a)}</DetailItem>
      <DetailItem label={f.location}>{a.location}</DetailItem>
      <DetailItem label={a.subjectKind === 'vehicle' ? f.vehicle : f.trailer}>
        {[a.subjectPlate, subjectDetails].filter(Boolean).join(' · ')}
      </DetailItem>
      {hours !== null && <DetailItem label={f.duration}>{ws.durationHours(hours)}</DetailItem>}
      {a.subjectKind === 'trailer' && (
        <>
          <DetailItem label={f.estimatedCost}>{a.estimatedCost === null ? null : formatEuro(a.estimatedCost)}</DetailItem>
          <DetailItem label={f.responsible}>{a.responsible}</DetailItem>
        </>
      )}
      <DetailItem label={f.notes} wide>
        {a.notes}
      </DetailItem>
      <CompletionItems a={a} />
    </dl>
  );
}
