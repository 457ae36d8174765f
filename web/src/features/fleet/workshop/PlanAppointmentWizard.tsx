import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { messages } from '@dispo/domain/messages';
import {
  detectTrailerKeywords,
  OTHER_WORKSHOP,
  suggestsTrailer,
  TRAILER_APPOINTMENT_TYPES,
  VEHICLE_WIZARD_TYPES,
} from '@dispo/domain/workshop-appointment/appointment-rules';
import { type AppointmentBody, usePlanAppointment, useWorkshops } from '../../../api/workshop';
import { todayInBerlin } from '../../../components/format';
import { Modal } from '../../../components/Modal';
import { FormError, InputField, TextAreaField } from '../FormField';
import { dateFilled, type PlanField, type PlanForm, planAppointmentMachine, type TrailerTarget, typeFilled } from './planAppointmentMachine';
import { TrailerSuggestion } from './TrailerSuggestion';
import { parseAmount } from './amount';
import './workshop.css';

/** What the wizard plans for: a vehicle (with its coupled trailers) or a trailer. */
export type PlanSubject =
  | { kind: 'vehicle'; id: string; plate: string; trailers: readonly { id: string; kennzeichen: string }[] }
  | { kind: 'trailer'; id: string; plate: string; tractorId: string | null };

const STEPS = ['type', 'schedule', 'workshop'] as const;

function bodyOf(form: PlanForm, subject: PlanSubject, trailer: TrailerTarget | null): AppointmentBody {
  const body: AppointmentBody = {
    type: form.type,
    date: form.date,
    time: form.time,
    notes: form.notes,
    workshop: form.workshop,
    customWorkshop: form.workshop === OTHER_WORKSHOP ? form.customWorkshop : null,
  };
  if (subject.kind === 'trailer') return { ...body, cost: parseAmount(form.cost), responsible: form.responsible };
  return trailer ? { ...body, aufliegerId: trailer.id, detectedKeywords: trailer.keywords } : body;
}

/**
 * 'Werkstatttermin planen' (fleet.md §2, §4): 3 steps, Next disabled until the step is filled, date
 * from today, time 09:00, the catalogue's workshops nearest first plus 'Andere', and for a vehicle
 * with a coupled trailer the trailer suggestion.
 */
export function PlanAppointmentWizard({ subject, onClose, onPlanned }: { subject: PlanSubject; onClose(): void; onPlanned(message: string): void }) {
  const w = messages.workshop;
  const ws = messages.workshopScreen;
  const plan = usePlanAppointment();
  const machine = useMemo(
    () =>
      planAppointmentMachine.provide({
        actors: {
          submitPlan: fromPromise(({ input }: { input: { form: PlanForm; trailer: TrailerTarget | null } }) =>
            plan.mutateAsync({ kind: subject.kind, id: subject.id, body: bodyOf(input.form, subject, input.trailer) }) as Promise<unknown>,
          ),
        },
      }),
    // The mutation object changes on every render; its mutateAsync is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [subject.kind, subject.id],
  );
  const [state, send] = useMachine(machine, { input: { today: todayInBerlin() } });
  const { form, errors, submitError, trailer, suggestionAnswered, today } = state.context;
  const workshops = useWorkshops(subject.kind === 'vehicle' ? subject.id : subject.tractorId);
  const step = STEPS.findIndex((s) => state.matches(s));
  const submitting = state.matches('submitting');
  // While sending, the workshop step stays on screen.
  const shownStep = step === -1 ? 2 : step;

  useEffect(() => {
    send({ type: 'OPEN', today: todayInBerlin() });
  }, [send]);

  const done = state.matches('done');
  useEffect(() => {
    if (done) onPlanned(w.planned(trailer?.plate ?? subject.plate));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);

  const set = (field: PlanField) => (value: string) => send({ type: 'SET_FIELD', field, value });
  const coupled = subject.kind === 'vehicle' ? subject.trailers[0] : undefined;
  const showSuggestion = coupled !== undefined && !suggestionAnswered && trailer === null && state.matches('schedule') && suggestsTrailer(form.notes, true);
  const types = subject.kind === 'vehicle' ? VEHICLE_WIZARD_TYPES : TRAILER_APPOINTMENT_TYPES;
  const title = subject.kind === 'vehicle' ? `${w.planTitle} – ${subject.plate}` : ws.planTrailerTitle(subject.plate);
  const canNext = step === 0 ? typeFilled(form) : step === 1 ? dateFilled(form, today) : false;
  const canSubmit = form.workshop !== '' && (form.workshop !== OTHER_WORKSHOP || form.customWorkshop.trim() !== '');

  const footer = (
    <>
      <button type="button" className="button" onClick={onClose}>
        {messages.fleet.cancel}
      </button>
      {step > 0 && (
        <button type="button" className="button" onClick={() => send({ type: 'BACK' })} disabled={submitting}>
          {ws.back}
        </button>
      )}
      {step < 2 && step >= 0 ? (
        <button type="button" className="button button--primary" disabled={!canNext} onClick={() => send({ type: 'NEXT' })}>
          {ws.next}
        </button>
      ) : (
        <button type="button" className="button button--primary" disabled={!canSubmit || submitting} onClick={() => send({ type: 'SUBMIT' })}>
          {w.createAppointment}
        </button>
      )}
    </>
  );

  return (
    <Modal title={title} onClose={onClose} footer={footer} size="medium" closeOnBackdrop={false} className="workshop-wizard">
      <p className="workshop-wizard__step">
        {ws.stepOf(shownStep + 1, 3)} · {[ws.stepType, ws.stepDate, ws.stepWorkshop][shownStep]}
      </p>
      {submitError && <FormError text={`${w.planFailed}: ${submitError}`} />}
      {trailer && (
        <div className="workshop-moved" role="status">
          <span>{w.appointmentForTrailer(trailer.plate)}</span>
          <button type="button" className="button button--small" onClick={() => send({ type: 'UNDO_TRAILER' })}>
            {w.undo}
          </button>
        </div>
      )}

      {state.matches('type') && (
        <fieldset className="workshop-choices">
          <legend className="visually-hidden">{ws.stepType}</legend>
          {types.map((type) => (
            <label key={type} className={`workshop-choice${form.type === type ? ' workshop-choice--selected' : ''}`}>
              <input type="radio" name="appointment-type" value={type} checked={form.type === type} onChange={() => set('type')(type)} />
              {ws.types[type]}
            </label>
          ))}
          {errors.type && <span className="field__error">{errors.type}</span>}
        </fieldset>
      )}

      {state.matches('schedule') && (
        <div className="fleet-form__grid fleet-form__grid--two">
          <InputField id="plan-date" label={ws.date} type="date" required min={today} value={form.date} onChange={set('date')} error={errors.date ?? null} />
          <InputField id="plan-time" label={ws.time} type="time" required value={form.time} onChange={set('time')} error={errors.time ?? null} />
          <TextAreaField id="plan-notes" label={ws.notes} full rows={3} maxLength={4000} value={form.notes} onChange={set('notes')} />
          {showSuggestion && coupled && (
            <div className="fleet-form__field--full">
              <TrailerSuggestion
                plate={coupled.kennzeichen}
                onYes={() => send({ type: 'ACCEPT_TRAILER', trailer: { id: coupled.id, plate: coupled.kennzeichen, keywords: detectTrailerKeywords(form.notes) } })}
                onNo={() => send({ type: 'DECLINE_TRAILER' })}
              />
            </div>
          )}
        </div>
      )}

      {(state.matches('workshop') || submitting) && (
        <>
          <fieldset className="workshop-choices workshop-choices--list">
            <legend className="visually-hidden">{ws.stepWorkshop}</legend>
            {(workshops.data ?? []).map((shop) => (
              <label key={shop.id} className={`workshop-choice workshop-choice--wide${form.workshop === shop.name ? ' workshop-choice--selected' : ''}`}>
                <input type="radio" name="workshop" value={shop.name} checked={form.workshop === shop.name} onChange={() => set('workshop')(shop.name)} />
                <span className="workshop-choice__name">{shop.name}</span>
                <span className="workshop-choice__meta">
                  {shop.address}
                  {shop.distance !== null && ` · ${ws.distanceKm(shop.distance.toLocaleString('de-DE', { maximumFractionDigits: 1 }))}`}
                </span>
              </label>
            ))}
            <label className={`workshop-choice workshop-choice--wide${form.workshop === OTHER_WORKSHOP ? ' workshop-choice--selected' : ''}`}>
              <input type="radio" name="workshop" value={OTHER_WORKSHOP} checked={form.workshop === OTHER_WORKSHOP} onChange={() => set('workshop')(OTHER_WORKSHOP)} />
              <span className="workshop-choice__name">{w.otherWorkshop}</span>
            </label>
            {errors.workshop && <span className="field__error">{errors.workshop}</span>}
          </fieldset>
          <div className="fleet-form__grid fleet-form__grid--two">
            {form.workshop === OTHER_WORKSHOP && (
              <InputField id="plan-custom-workshop" label={ws.customWorkshop} required wide maxLength={200} value={form.customWorkshop} onChange={set('customWorkshop')} error={errors.customWorkshop ?? (form.customWorkshop.trim() === '' ? w.customWorkshopRequired : null)} />
            )}
            {subject.kind === 'trailer' && (
              <>
                <InputField id="plan-cost" label={ws.estimatedCost} type="number" step="0.01" min="0" value={form.cost} onChange={set('cost')} error={errors.cost ?? null} />
                <InputField id="plan-responsible" label={ws.responsible} maxLength={200} value={form.responsible} onChange={set('responsible')} />
              </>
            )}
          </div>
        </>
      )}
    </Modal>
  );
}
