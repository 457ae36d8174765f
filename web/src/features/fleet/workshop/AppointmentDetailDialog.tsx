import { messages } from '@dispo/domain/messages';
import { useState } from 'react';
import type { Appointment } from '../../../api/workshop';
import { formatDate } from '../../../components/format';
import { Modal } from '../../../components/Modal';
import { StatusPill } from '../../../components/StatusPill';
import { HistoryButton } from '../../audit/HistoryButton';
import { AppointmentDetailFields, appointmentStatusText, appointmentTypeText } from './AppointmentDetailFields';
import { InvoiceAmountEditor } from './InvoiceAmountEditor';
import './workshop.css';

const ws = messages.workshopScreen;

/**
 * fleet.md §2 workshop appointment detail dialog: status, date, time, type, workshop, vehicle
 * details, notes; for a completed one what the completion recorded, and its invoice amount editable
 * later (fleet.md §4). Edit and delete while pending.
 */
export function AppointmentDetailDialog({
  appointment: given,
  subjectDetails,
  canWrite,
  onEdit,
  onDelete,
  onClose,
}: {
  appointment: Appointment;
  /** The vehicle's make and model, or the trailer's type, beside its plate. */
  subjectDetails?: string | null;
  canWrite: boolean;
  onEdit(): void;
  onDelete(): void;
  onClose(): void;
}) {
  // The dialog shows the appointment as the last save answered it (the list refetches behind it).
  const [a, setAppointment] = useState(given);
  const open = a.status === 'pending';
  const invoiceEditable = canWrite && a.subjectKind === 'vehicle' && a.status === 'completed';
  const tone = a.status === 'pending' ? (a.pendingCompletion ? 'warning' : 'info') : a.status === 'completed' ? 'success' : 'neutral';
  return (
    <Modal
      title={`${ws.appointmentTitle} ${appointmentTypeText(a.type)}`}
      headerExtra={<StatusPill tone={tone}>{appointmentStatusText(a)}</StatusPill>}
      onClose={onClose}
      size="medium"
      footer={
        <>
          <HistoryButton kind="appointment" id={a.id} title={`${appointmentTypeText(a.type)} ${formatDate(a.date)}`} />
          <span className="modal__footer-spacer" />
          {canWrite && open && (
            <>
              <button type="button" className="button button--danger" onClick={onDelete}>
                {ws.delete}
              </button>
              <button type="button" className="button" onClick={onEdit}>
                {ws.edit}
              </button>
            </>
          )}
          <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
            {ws.close}
          </button>
        </>
      }
    >
      <AppointmentDetailFields appointment={a} subjectDetails={subjectDetails} />
      {invoiceEditable && <InvoiceAmountEditor key={a.completionData?.invoiceAmount as number | undefined} appointment={a} onSaved={setAppointment} />}
    </Modal>
  );
}
