import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { messages } from '@dispo/domain/messages';
import { addDays } from '@dispo/domain/shared/berlin-date';
import { INSPECTION_TYPE, SERVICE_TYPES } from '@dispo/domain/workshop-appointment/completion-vehicle-facts';
import type { AppointmentType } from '@dispo/events/catalog/index';
import { type Appointment, type SubjectKind, useCompleteAppointment, usePendingAppointments } from '../../../api/workshop';
import { formatDate, todayInBerlin } from '../../../components/format';
import { Modal } from '../../../components/Modal';
import { FormError, InputField, TextAreaField } from '../FormField';
import {
  finishable,
  TRAILER_COMPLETION_STEPS,
  type TrailerCompletionForm,
  trailerCompletionBody,
  trailerCompletionMachine,
  trailerFinishable,
  type VehicleCompletionForm,
  vehicleCompletionBody,
  vehicleCompletionMachine,
  vehicleCompletionStep,
  type YesNo,
} from './completeAppointmentMachine';
import { parseAmount } from './amount';
import './workshop.css';

const w = messages.workshop;
const ws = messages.workshopScreen;

export const appointmentLabel = (a: Appointment) =>
  `${ws.types[a.type as keyof typeof ws.types] ?? a.type} · ${formatDate(a.date)} ${a.time} · ${a.customWorkshop ?? a.workshop ?? a.location ?? ''}`;

function YesNoField({ name, legend, value, onChange }: { name: string; legend: string; value: YesNo; onChange(value: YesNo): void }) {
  return (
    <fieldset className="workshop-yesno">
      <legend>{legend}</legend>
      {(['yes', 'no'] as const).map((answer) => (
        <label key={answer} className={`workshop-choice${value === answer ? ' workshop-choice--selected' : ''}`}>
          <input type="radio" name={name} value={answer} checked={value === answer} onChange={() => onChange(answer)} />
          {answer === 'yes' ? w.yes : w.no}
        </label>
      ))}
    </fieldset>
  );
}

interface WizardProps {
  kind: SubjectKind;
  id: string;
  plate: string;
  onClose(): void;
  onCompleted(message: string): void;
}

/**
 * 'Werkstatttermin abschließen' (fleet.md §2, §4): the pending appointments of the vehicle or trailer
 * (today or earlier, not completion-tracked); none: 'Keine ausstehenden Werkstatttermine …'.
 */
export function CompleteAppointmentWizard(props: WizardProps) {
  const pending = usePendingAppointments(props.kind, props.id);
  const title = props.kind === 'vehicle' ? `${w.completeTitle} – ${props.plate}` : ws.completeTrailerTitle(props.plate);
  const closeOnly = (
    <button type="button" className="button" onClick={props.onClose}>
      {ws.close}
    </button>
  );
  if (pending.isPending) return <Modal title={title} onClose={props.onClose} footer={closeOnly}>{messages.fleetScreen.loading}</Modal>;
  if (pending.isError) {
    return (
      <Modal title={title} onClose={props.onClose} footer={closeOnly}>
        <FormError text={w.loadPendingFailed} />
      </Modal>
    );
  }
  if (pending.data.length === 0) {
    return (
      <Modal title={title} onClose={props.onClose} footer={closeOnly}>
        <p className="workshop-empty">{props.kind === 'vehicle' ? w.noPendingVehicle : w.noPendingTrailer}</p>
      </Modal>
    );
  }
  return props.kind === 'vehicle' ? <VehicleCompletion {...props} title={title} appointments={pending.data} /> : <TrailerCompletion {...props} title={title} appointments={pending.data} />;
}

function VehicleCompletion({ title, appointments, onClose, onCompleted }: WizardProps & { title: string; appointments: Appointment[] }) {
  const complete = useCompleteAppointment();
  const machine = useMemo(
    () =>
      vehicleCompletionMachine.provide({
        actors: { submitCompletion: fromPromise(({ input }: { input: VehicleCompletionForm }) => complete.mutateAsync({ id: input.appointmentId, body: vehicleCompletionBody(input) }) as Promise<unknown>) },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [state, send] = useMachine(machine, { input: { appointmentId: appointments[0]!.id } });
  const { form, submitError } = state.context;
  const value = String(state.value);
  const { step, total } = vehicleCompletionStep(value);
  const set = (field: keyof VehicleCompletionForm) => (v: string) => send({ type: 'SET', field, value: v });
  const submitting = state.matches('submitting');
  const done = state.matches('done');
  useEffect(() => {
    if (done) onCompleted(w.completed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);

  const canNext =
    (value === 'tookPlace' && form.tookPlace !== '') || (value === 'invoice' && form.hasInvoice !== '') || (value === 'amount' && parseAmount(form.invoiceAmount) !== null);
  const finalStep = value === 'notTakenPlace' || value === 'followUp' || submitting;
  const footer = (
    <>
      <button type="button" className="button" onClick={onClose}>
        {messages.fleet.cancel}
      </button>
      {value !== 'tookPlace' && (
        <button type="button" className="button" disabled={submitting} onClick={() => send({ type: 'BACK' })}>
          {ws.back}
        </button>
      )}
      {finalStep ? (
        <button type="button" className="button button--primary" disabled={submitting || !finishable(form)} onClick={() => send({ type: 'SUBMIT' })}>
          {ws.finish}
        </button>
      ) : (
        <button type="button" className="button button--primary" disabled={!canNext} onClick={() => send({ type: 'NEXT' })}>
          {ws.next}
        </button>
      )}
    </>
  );
  return (
    <Modal title={title} onClose={onClose} footer={footer} closeOnBackdrop={false} className="workshop-wizard">
      <p className="workshop-wizard__step">{ws.stepOf(step, total)}</p>
      {submitError && <FormError text={`${w.completeFailed}: ${submitError}`} />}
      {value === 'tookPlace' && (
        <>
          {appointments.length > 1 ? (
            <label className="field fleet-form__field">
              <span className="field__label">{ws.pickAppointment}</span>
              <select className="field__input" value={form.appointmentId} onChange={(e) => set('appointmentId')(e.target.value)}>
                {appointments.map((a) => (
                  <option key={a.id} value={a.id}>
                    {appointmentLabel(a)}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <p className="workshop-wizard__appointment">{appointmentLabel(appointments[0]!)}</p>
          )}
          <YesNoField name="took-place" legend={ws.tookPlace} value={form.tookPlace} onChange={set('tookPlace')} />
        </>
      )}
      {value === 'notTakenPlace' && <TextAreaField id="complete-why" label={ws.whyNotTakenPlace} rows={3} maxLength={4000} value={form.notes} onChange={set('notes')} />}
      {value === 'invoice' && <YesNoField name="has-invoice" legend={ws.hasInvoice} value={form.hasInvoice} onChange={set('hasInvoice')} />}
      {value === 'amount' && (
        <InputField id="complete-amount" label={ws.invoiceAmount} type="number" step="0.01" min="0" required value={form.invoiceAmount} onChange={set('invoiceAmount')} />
      )}
      {(value === 'followUp' || (submitting && form.tookPlace === 'yes')) && (
        <>
          <YesNoField name="follow-up" legend={ws.followUpNeeded} value={form.followUp} onChange={set('followUp')} />
          {form.followUp === 'yes' && (
            <InputField id="complete-follow-up-date" label={ws.followUpDate} type="date" required min={todayInBerlin()} value={form.followUpDate} onChange={set('followUpDate')} />
          )}
          <TextAreaField id="complete-notes" label={ws.closingNotes} rows={3} maxLength={4000} value={form.notes} onChange={set('notes')} />
          <VehicleFactsFields appointment={appointments.find((a) => a.id === form.appointmentId)} form={form} set={set} />
        </>
      )}
    </Modal>
  );
}

/**
 * Issue 31: what the vehicle's data takes from the completion: the odometer, the next service due (a
 * service type) and the new HU date (an HU); each optional.
 */
function VehicleFactsFields({ appointment, form, set }: { appointment?: Appointment; form: VehicleCompletionForm; set(field: keyof VehicleCompletionForm): (v: string) => void }) {
  const after = appointment ? addDays(appointment.date, 1) : undefined;
  return (
    <fieldset className="workshop-wizard__vehicle-facts">
      <p className="fleet-muted">{ws.vehicleFactsHint}</p>
      <InputField id="complete-odometer" label={ws.odometerKm} type="number" step="1" min="0" value={form.odometerKm} onChange={set('odometerKm')} />
      {appointment && SERVICE_TYPES.includes(appointment.type as AppointmentType) && (
        <InputField id="complete-next-service" label={ws.nextServiceDue} type="date" min={after} value={form.nextServiceDue} onChange={set('nextServiceDue')} />
      )}
      {appointment?.type === INSPECTION_TYPE && (
        <InputField id="complete-next-hu" label={ws.inspectionUntil} type="date" min={after} value={form.inspectionUntil} onChange={set('inspectionUntil')} />
      )}
    </fieldset>
  );
}

function TrailerCompletion({ title, appointments, onClose, onCompleted }: WizardProps & { title: string; appointments: Appointment[] }) {
  const complete = useCompleteAppointment();
  const machine = useMemo(
    () =>
      trailerCompletionMachine.provide({
        actors: { submitCompletion: fromPromise(({ input }: { input: TrailerCompletionForm }) => complete.mutateAsync({ id: input.appointmentId, body: trailerCompletionBody(input) }) as Promise<unknown>) },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [state, send] = useMachine(machine);
  const { form, submitError } = state.context;
  const value = String(state.value);
  const stepIndex = Math.max(0, TRAILER_COMPLETION_STEPS.indexOf(value as (typeof TRAILER_COMPLETION_STEPS)[number]));
  const submitting = state.matches('submitting');
  const set = (field: keyof TrailerCompletionForm) => (v: string) => send({ type: 'SET', field, value: v });
  const done = state.matches('done');
  useEffect(() => {
    if (done) onCompleted(w.completed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);
  const canNext = (value === 'pick' && form.appointmentId !== '') || (value === 'success' && form.wasSuccessful !== '') || (value === 'cost' && form.actualCost.trim() !== '');
  const finalStep = value === 'followUp' || submitting;
  const footer = (
    <>
      <button type="button" className="button" onClick={onClose}>
        {messages.fleet.cancel}
      </button>
      {value !== 'pick' && (
        <button type="button" className="button" disabled={submitting} onClick={() => send({ type: 'BACK' })}>
          {ws.back}
        </button>
      )}
      {finalStep ? (
        <button type="button" className="button button--primary" disabled={submitting || !trailerFinishable(form)} onClick={() => send({ type: 'SUBMIT' })}>
          {ws.finish}
        </button>
      ) : (
        <button type="button" className="button button--primary" disabled={!canNext} onClick={() => send({ type: 'NEXT' })}>
          {ws.next}
        </button>
      )}
    </>
  );
  return (
    <Modal title={title} onClose={onClose} footer={footer} closeOnBackdrop={false} className="workshop-wizard">
      <p className="workshop-wizard__step">{ws.stepOf(submitting ? 4 : stepIndex + 1, 4)}</p>
      {submitError && <FormError text={`${w.completeTrailerFailed}: ${submitError}`} />}
      {value === 'pick' && (
        <fieldset className="workshop-choices workshop-choices--list">
          <legend>{ws.pickAppointment}</legend>
          {appointments.map((a) => (
            <label key={a.id} className={`workshop-choice workshop-choice--wide${form.appointmentId === a.id ? ' workshop-choice--selected' : ''}`}>
              <input type="radio" name="trailer-appointment" value={a.id} checked={form.appointmentId === a.id} onChange={() => set('appointmentId')(a.id)} />
              {appointmentLabel(a)}
            </label>
          ))}
          {form.appointmentId === '' && <span className="field__hint">{w.chooseAppointment}</span>}
        </fieldset>
      )}
      {value === 'success' && <YesNoField name="was-successful" legend={ws.wasSuccessful} value={form.wasSuccessful} onChange={set('wasSuccessful')} />}
      {value === 'cost' && (
        <div className="fleet-form__grid">
          <InputField id="trailer-actual-cost" label={ws.actualCost} type="number" step="0.01" min="0" required value={form.actualCost} onChange={set('actualCost')} />
          <TextAreaField id="trailer-remarks" label={ws.completionNotes} full rows={3} maxLength={4000} value={form.completionNotes} onChange={set('completionNotes')} />
        </div>
      )}
      {(value === 'followUp' || submitting) && (
        <>
          <YesNoField name="trailer-follow-up" legend={ws.followUpNeeded} value={form.followUp} onChange={set('followUp')} />
          {form.followUp === 'yes' && (
            <div className="fleet-form__grid">
              <InputField id="trailer-follow-up-date" label={ws.followUpDate} type="date" required min={todayInBerlin()} value={form.followUpDate} onChange={set('followUpDate')} />
              <TextAreaField id="trailer-follow-up-notes" label={ws.followUpNotes} full rows={2} maxLength={4000} value={form.followUpNotes} onChange={set('followUpNotes')} />
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
