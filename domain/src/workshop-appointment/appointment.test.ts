import type { EventData, WorkshopAppointmentEvent } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import {
  appointmentDecider,
  type CompleteAppointment,
  followUpPlan,
  type PlanAppointment,
  type UpdateAppointment,
} from './appointment-decider';
import { vehicleChangesOfCompletion } from './completion-vehicle-facts';
import { detectTrailerKeywords, isPendingCompletion, overlapsWorkshop, suggestsTrailer, workshopWindow } from './appointment-rules';

const w = messages.workshop;
const ws = messages.workshopScreen;
const now = '2026-11-20T08:00:00.000Z';
const today = '2026-11-20';
const appointment = givenWhenThen(appointmentDecider);
const vehicle = { kind: 'vehicle' as const, id: 'v-1' };
const trailer = { kind: 'trailer' as const, id: 't-1' };

const plan: PlanAppointment = {
  type: 'PlanAppointment',
  appointmentId: 'a-1',
  subject: vehicle,
  subjectFacts: { exists: true },
  input: { appointmentType: 'HU', date: '2026-11-23', workshop: 'MAN Truck & Bus Service Rostock', notes: '  Bremsen prüfen ' },
  today,
  userId: 'u-fleet',
  now,
};
const planned: WorkshopAppointmentEvent = {
  type: 'WorkshopAppointmentPlanned',
  data: {
    id: 'a-1',
    subject: vehicle,
    appointmentType: 'HU',
    date: '2026-11-23',
    time: '09:00',
    workshop: 'MAN Truck & Bus Service Rostock',
    customWorkshop: null,
    location: null,
    notes: 'Bremsen prüfen',
    estimatedCost: null,
    responsible: null,
    estimationKey: 'inspection',
    originalVehicleId: null,
    detectedKeywords: [],
    followUpOf: null,
    plannedBy: 'u-fleet',
    plannedAt: now,
  },
};
/** The same appointment, due today. */
const plannedToday: WorkshopAppointmentEvent = { type: 'WorkshopAppointmentPlanned', data: { ...planned.data, date: today } } as WorkshopAppointmentEvent;
const withInput = (input: PlanAppointment['input']): PlanAppointment => ({ ...plan, input: { ...plan.input, ...input } });

describe('PlanAppointment', () => {
  it('plans with the default time 09:00, trimmed notes and the duration key of the type', () => {
    appointment.given([]).when(plan).thenEmits([planned]);
  });

  it('refuses a second open appointment of the vehicle in the same time window (issue 31)', () => {
    const other = fold(appointmentDecider, [planned]);
    if (!other.exists) throw new Error('planned');
    // HU (inspection, 2 h) from 09:00: 10:30 overlaps, 11:00 does not, another day does not.
    appointment
      .given([])
      .when({ ...withInput({ time: '10:30' }), appointmentId: 'a-2', sameDayOpen: [other.entity] })
      .thenThrows(messages.smartServiceScreen.slotTaken('2026-11-23', '09:00', '11:00'), 'conflict');
    expect(appointment.given([]).when({ ...withInput({ time: '11:00' }), appointmentId: 'a-2', sameDayOpen: [other.entity] }).emitted()).toHaveLength(1);
    expect(appointment.given([]).when({ ...withInput({ date: '2026-11-24' }), appointmentId: 'a-2', sameDayOpen: [other.entity] }).emitted()).toHaveLength(1);
    // A booking keeps its own duration: 8 h from 06:00 covers 09:00.
    const booking = { reference: 'WS-261123-0001', workshopId: 'w-1', durationMinutes: 480, isEmergency: false, estimationKey: 'major-repair' as const };
    appointment
      .given([])
      .when({ ...withInput({ time: '06:00' }), appointmentId: 'a-2', sameDayOpen: [other.entity], booking })
      .thenThrows(messages.smartServiceScreen.slotTaken('2026-11-23', '09:00', '11:00'), 'conflict');
  });

  it('refuses a second plan with the same id', () => {
    appointment.given([planned]).when(plan).thenThrows(ws.appointmentExists, 'conflict');
  });

  it('refuses an unknown vehicle or trailer', () => {
    appointment.given([]).when({ ...plan, subjectFacts: { exists: false } }).thenThrows(messages.fleetCommands.vehicleNotFound, 'not_found');
    appointment
      .given([])
      .when({ ...plan, subject: trailer, subjectFacts: { exists: false } })
      .thenThrows(messages.fleetCommands.trailerNotFound, 'not_found');
  });

  it('answers every validation message of §5 for the field concerned', () => {
    const cases: [PlanAppointment['input'], string, string][] = [
      [{ appointmentType: '' }, w.typeRequired, 'appointmentType'],
      [{ date: null }, w.dateRequired, 'date'],
      [{ date: '2026-11-19' }, w.dateInPast, 'date'],
      [{ date: '2026-02-30' }, ws.invalidDate, 'date'],
      [{ time: '' }, w.timeRequired, 'time'],
      [{ time: '25:00' }, ws.invalidTime, 'time'],
      [{ workshop: ' ' }, w.workshopRequired, 'workshop'],
      [{ appointmentType: 'Schnellreparatur', workshop: null, location: '' }, w.locationRequired, 'location'],
      [{ workshop: 'Andere', customWorkshop: '' }, w.customWorkshopRequired, 'customWorkshop'],
      [{ appointmentType: 'Silo-Schweißen' }, ws.typeNotForVehicle, 'appointmentType'],
    ];
    for (const [input, message, field] of cases) {
      const error = appointment.given([]).when(withInput(input)).thenThrows(message, 'validation');
      expect(error.details).toEqual({ fields: [field] });
    }
  });

  it('takes today itself, Schnellreparatur without workshop at a location, and Andere with its name', () => {
    expect(appointment.given([]).when(withInput({ date: today })).emitted()[0]?.data).toMatchObject({ date: today });
    expect(
      appointment.given([]).when(withInput({ appointmentType: 'Schnellreparatur', workshop: null, location: '18055 Rostock' })).emitted()[0]?.data,
    ).toMatchObject({ workshop: null, location: '18055 Rostock', estimationKey: 'emergency' });
    expect(appointment.given([]).when(withInput({ workshop: 'Andere', customWorkshop: ' Schmidt KFZ ' })).emitted()[0]?.data).toMatchObject({
      workshop: 'Andere',
      customWorkshop: 'Schmidt KFZ',
    });
  });

  it('keeps estimated cost and responsible for trailers only, with the trailer types', () => {
    const data = appointment
      .given([])
      .when({ ...plan, subject: trailer, input: { ...plan.input, appointmentType: 'Silo-Schweißen', estimatedCost: 450.5, responsible: 'Herr Kühn' } })
      .emitted()[0]?.data;
    expect(data).toMatchObject({ appointmentType: 'Silo-Schweißen', estimatedCost: 450.5, responsible: 'Herr Kühn', estimationKey: 'major-repair' });
    appointment
      .given([])
      .when({ ...plan, subject: trailer, input: { ...plan.input, appointmentType: 'Service' } })
      .thenThrows(ws.typeNotForTrailer, 'validation');
  });

  it('moves to the coupled trailer keeping originalVehicleId and detectedKeywords (§3)', () => {
    const moved = appointment
      .given([])
      .when({ ...plan, subject: trailer, subjectFacts: { exists: true, tractorId: 'v-1' }, originalVehicleId: 'v-1', detectedKeywords: ['auflieger'] })
      .emitted()[0]?.data;
    expect(moved).toMatchObject({ subject: trailer, originalVehicleId: 'v-1', detectedKeywords: ['auflieger'] });
    appointment
      .given([])
      .when({ ...plan, subject: trailer, subjectFacts: { exists: true, tractorId: 'v-2' }, originalVehicleId: 'v-1' })
      .thenThrows(ws.trailerNotCoupled, 'validation');
  });
});

describe('UpdateAppointment', () => {
  const update = (changes: UpdateAppointment['changes']): UpdateAppointment => ({
    type: 'UpdateAppointment',
    appointmentId: 'a-1',
    changes,
    today: '2026-11-24',
    userId: 'u-fleet',
    now,
  });

  it('emits only the changed fields with their previous values', () => {
    appointment
      .given([planned])
      .when({ ...update({ time: '07:30', appointmentType: 'Reparatur', date: '2026-11-25' }) })
      .thenEmits([
        {
          type: 'WorkshopAppointmentUpdated',
          data: {
            id: 'a-1',
            subject: vehicle,
            changes: { appointmentType: 'Reparatur', date: '2026-11-25', time: '07:30', estimationKey: 'major-repair' },
            previous: { appointmentType: 'HU', date: '2026-11-23', time: '09:00', estimationKey: 'inspection' },
            changedBy: 'u-fleet',
            changedAt: now,
          },
        },
      ]);
  });

  it('emits nothing when nothing changes, and lets a due appointment keep its past date', () => {
    appointment.given([planned]).when(update({ notes: 'Bremsen prüfen' })).thenEmits([]);
    expect(appointment.given([planned]).when(update({ notes: 'Reifen' })).emitted()).toHaveLength(1);
  });

  it('refuses a new date in the past and a Schnellreparatur without location', () => {
    appointment.given([planned]).when(update({ date: '2026-11-23' })).thenEmits([]);
    appointment.given([planned]).when(update({ date: '2026-11-22' })).thenThrows(w.dateInPast, 'validation');
    appointment.given([planned]).when(update({ appointmentType: 'Schnellreparatur', workshop: null })).thenThrows(w.locationRequired);
  });

  it('refuses an unknown, a completed or a deleted appointment', () => {
    appointment.given([]).when(update({ time: '10:00' })).thenThrows(ws.appointmentNotFound, 'not_found');
    const cancelled: WorkshopAppointmentEvent = {
      type: 'WorkshopAppointmentCancelled',
      data: { id: 'a-1', subject: vehicle, cancelledBy: null, cancelledAt: now },
    };
    appointment.given([planned, cancelled]).when(update({ time: '10:00' })).thenThrows(ws.appointmentClosed, 'conflict');
    appointment
      .given([planned, cancelled])
      .when({ type: 'CancelAppointment', appointmentId: 'a-1', userId: null, now })
      .thenThrows(ws.appointmentClosed, 'conflict');
  });
});

/** The result of an emitted WorkshopAppointmentCompleted's data. */
const completionOf = (data: unknown) => (data as EventData<'WorkshopAppointmentCompleted'>).result;

describe('CompleteAppointment', () => {
  const complete = (result: CompleteAppointment['result'], day = today): CompleteAppointment => ({
    type: 'CompleteAppointment',
    appointmentId: 'a-1',
    result,
    followUpId: 'a-2',
    today: day,
    userId: 'u-fleet',
    now,
  });

  it('completes with invoice and follow-up (4 steps), naming the follow-up appointment', () => {
    appointment
      .given([plannedToday])
      .when(complete({ kind: 'vehicle', completed: true, hasInvoice: true, invoiceAmount: 1234.567, followUpNeeded: true, followUpDate: '2026-12-01', notes: 'ok' }))
      .thenEmits([
        {
          type: 'WorkshopAppointmentCompleted',
          data: {
            id: 'a-1',
            subject: vehicle,
            result: {
              kind: 'vehicle',
              completed: true,
              hasInvoice: true,
              invoiceAmount: 1234.57,
              followUpNeeded: true,
              followUpDate: '2026-12-01',
              notes: 'ok',
              odometerKm: null,
              lastServiceDate: null,
              nextServiceDue: null,
              inspectionUntil: null,
            },
            followUpAppointmentId: 'a-2',
            completedBy: 'u-fleet',
            completedAt: now,
          },
        },
      ]);
  });

  it('takes no invoice yet (step 3 skipped) and "did not take place" (2 steps) without amount or follow-up', () => {
    const noInvoice = appointment
      .given([plannedToday])
      .when(complete({ kind: 'vehicle', completed: true, hasInvoice: false, invoiceAmount: 99, followUpNeeded: false }))
      .emitted()[0]?.data;
    expect(noInvoice).toMatchObject({ result: { hasInvoice: false, invoiceAmount: null, followUpNeeded: false }, followUpAppointmentId: null });
    const notTaken = appointment.given([plannedToday]).when(complete({ kind: 'vehicle', completed: false, notes: 'Werkstatt krank' })).emitted()[0]?.data;
    expect(notTaken).toMatchObject({ result: { completed: false, hasInvoice: false, notes: 'Werkstatt krank' } });
    const state = fold(appointmentDecider, [plannedToday, { type: 'WorkshopAppointmentCompleted', data: notTaken! } as WorkshopAppointmentEvent]);
    expect(state.exists && state.entity.status).toBe('not_completed');
  });

  it('refuses what the wizard would not let through', () => {
    const cases: [CompleteAppointment['result'], string][] = [
      [{ kind: 'vehicle', completed: null }, ws.tookPlaceRequired],
      [{ kind: 'vehicle', completed: true, hasInvoice: true, invoiceAmount: null, followUpNeeded: false }, ws.invoiceAmountRequired],
      [{ kind: 'vehicle', completed: true, hasInvoice: true, invoiceAmount: -1, followUpNeeded: false }, ws.costNotNegative],
      [{ kind: 'vehicle', completed: true, hasInvoice: false, followUpNeeded: null }, ws.followUpAnswerRequired],
      [{ kind: 'vehicle', completed: true, hasInvoice: false, followUpNeeded: true, followUpDate: null }, ws.followUpDateRequired],
      [{ kind: 'vehicle', completed: true, hasInvoice: false, followUpNeeded: true, followUpDate: '2026-11-01' }, w.dateInPast],
    ];
    for (const [result, message] of cases) appointment.given([plannedToday]).when(complete(result)).thenThrows(message, 'validation');
  });

  it('refuses an appointment not yet due, a completed one and a result of the wrong kind', () => {
    const vehicleDone = { kind: 'vehicle' as const, completed: true, hasInvoice: false, followUpNeeded: false };
    appointment.given([planned]).when(complete(vehicleDone)).thenThrows(ws.notYetDue, 'validation');
    const done = appointment.given([plannedToday]).when(complete(vehicleDone)).emitted();
    appointment.given([plannedToday, ...done]).when(complete(vehicleDone)).thenThrows(ws.appointmentClosed, 'conflict');
    appointment
      .given([plannedToday])
      .when(complete({ kind: 'trailer', wasSuccessful: true, actualCost: 1, followUpRequired: false }))
      .thenThrows(ws.wrongSubject, 'validation');
  });

  it('records what the wizard collected about the vehicle: odometer, last and next service, new HU (issue 31)', () => {
    const hu = appointment
      .given([plannedToday])
      .when(complete({ kind: 'vehicle', completed: true, hasInvoice: false, followUpNeeded: false, odometerKm: 412_345.4, inspectionUntil: '2027-11-20' }))
      .emitted()[0]?.data;
    // A HU is no service: the last service stays as it was.
    expect(hu).toMatchObject({ result: { odometerKm: 412_345, lastServiceDate: null, nextServiceDue: null, inspectionUntil: '2027-11-20' } });
    const service = { type: 'WorkshopAppointmentPlanned', data: { ...planned.data, date: today, appointmentType: 'Service' } } as WorkshopAppointmentEvent;
    const done = appointment
      .given([service])
      .when(complete({ kind: 'vehicle', completed: true, hasInvoice: false, followUpNeeded: false, nextServiceDue: '2027-05-20', inspectionUntil: '2027-11-20' }))
      .emitted()[0]?.data;
    expect(done).toMatchObject({ result: { lastServiceDate: today, nextServiceDue: '2027-05-20', inspectionUntil: null, odometerKm: null } });
    expect(vehicleChangesOfCompletion(completionOf(done))).toEqual({ lastServiceDate: today, nextServiceDue: '2027-05-20' });
    const notTaken = appointment.given([service]).when(complete({ kind: 'vehicle', completed: false })).emitted()[0]?.data;
    expect(vehicleChangesOfCompletion(completionOf(notTaken))).toEqual({});
  });

  it('refuses vehicle facts that cannot be', () => {
    const base = { kind: 'vehicle' as const, completed: true, hasInvoice: false, followUpNeeded: false };
    appointment.given([plannedToday]).when(complete({ ...base, odometerKm: -5 })).thenThrows(ws.odometerInvalid, 'validation');
    appointment.given([plannedToday]).when(complete({ ...base, inspectionUntil: today })).thenThrows(ws.inspectionAfterAppointment, 'validation');
    appointment.given([plannedToday]).when(complete({ ...base, nextServiceDue: '2026-02-30' })).thenThrows(ws.invalidDate, 'validation');
  });

  it('takes the invoice amount later (its own event) and corrects it; only after a completion that took place', () => {
    const set = (invoiceAmount: number | null) => ({ type: 'SetAppointmentInvoiceAmount' as const, appointmentId: 'a-1', invoiceAmount, userId: 'u-fleet', now });
    const done = appointment.given([plannedToday]).when(complete({ kind: 'vehicle', completed: true, hasInvoice: false, followUpNeeded: false })).emitted();
    appointment
      .given([plannedToday, ...done])
      .when(set(845.456))
      .thenEmits([
        {
          type: 'AppointmentInvoiceAmountSet',
          data: { id: 'a-1', subject: vehicle, invoiceAmount: 845.46, previousInvoiceAmount: null, setBy: 'u-fleet', setAt: now },
        },
      ]);
    const first = appointment.given([plannedToday, ...done]).when(set(845.46)).emitted();
    const state = fold(appointmentDecider, [plannedToday, ...done, ...first]);
    expect(state.exists && state.entity.result).toMatchObject({ hasInvoice: true, invoiceAmount: 845.46 });
    appointment.given([plannedToday, ...done, ...first]).when(set(845.46)).thenEmits([]);
    expect(appointment.given([plannedToday, ...done, ...first]).when(set(900)).emitted()[0]?.data).toMatchObject({ invoiceAmount: 900, previousInvoiceAmount: 845.46 });
    appointment.given([plannedToday, ...done]).when(set(null)).thenThrows(ws.invoiceAmountRequired, 'validation');
    appointment.given([plannedToday, ...done]).when(set(-1)).thenThrows(ws.costNotNegative, 'validation');
    appointment.given([plannedToday]).when(set(10)).thenThrows(ws.invoiceOnlyAfterCompletion, 'conflict');
    const notTaken = appointment.given([plannedToday]).when(complete({ kind: 'vehicle', completed: false })).emitted();
    appointment.given([plannedToday, ...notTaken]).when(set(10)).thenThrows(ws.invoiceOnlyAfterCompletion, 'conflict');
  });

  it('completes a trailer appointment with the 4 steps of §4 (cost 0 allowed, two decimals)', () => {
    const trailerPlanned = { type: 'WorkshopAppointmentPlanned', data: { ...plannedToday.data, subject: trailer } } as WorkshopAppointmentEvent;
    const data = appointment
      .given([trailerPlanned])
      .when(complete({ kind: 'trailer', wasSuccessful: true, actualCost: 380.456, completionNotes: 'Naht geschweißt', followUpRequired: true, followUpDate: '2026-12-10', followUpNotes: 'Nachkontrolle' }))
      .emitted()[0]?.data;
    expect(data).toMatchObject({ result: { actualCost: 380.46, followUpDate: '2026-12-10', followUpNotes: 'Nachkontrolle' }, followUpAppointmentId: 'a-2' });
    appointment
      .given([trailerPlanned])
      .when(complete({ kind: 'trailer', wasSuccessful: true, actualCost: null, followUpRequired: false }))
      .thenThrows(ws.actualCostRequired);
    appointment
      .given([trailerPlanned])
      .when(complete({ kind: 'trailer', wasSuccessful: null, actualCost: 0, followUpRequired: false }))
      .thenThrows(ws.successRequired);
    appointment
      .given([trailerPlanned])
      .when(complete({ kind: 'trailer', wasSuccessful: true, actualCost: 0, followUpRequired: null }))
      .thenThrows(ws.followUpAnswerRequired);
  });

  it('derives the follow-up as a new pending appointment of the same subject', () => {
    const command = complete({ kind: 'vehicle', completed: true, hasInvoice: false, followUpNeeded: true, followUpDate: '2026-12-01', notes: 'Teil bestellt' });
    const [completed] = appointment.given([plannedToday]).when(command).emitted();
    const state = fold(appointmentDecider, [plannedToday]);
    if (!state.exists || completed?.type !== 'WorkshopAppointmentCompleted') throw new Error('expected a completion');
    const plan2 = followUpPlan(state.entity, completed.data.result, command);
    expect(plan2).toMatchObject({ appointmentId: 'a-2', subject: vehicle, followUpOf: 'a-1', input: { date: '2026-12-01', notes: 'Teil bestellt', appointmentType: 'HU' } });
    const [followUp] = appointment.given([]).when(plan2!).emitted();
    expect(followUp?.data).toMatchObject({ followUpOf: 'a-1', date: '2026-12-01' });
  });
});

describe('appointment rules', () => {
  it('pending completion: today or earlier and not completion-tracked (§4)', () => {
    expect(isPendingCompletion({ date: today, status: 'pending' }, today)).toBe(true);
    expect(isPendingCompletion({ date: '2026-11-19', status: 'pending' }, today)).toBe(true);
    expect(isPendingCompletion({ date: '2026-11-21', status: 'pending' }, today)).toBe(false);
    expect(isPendingCompletion({ date: today, status: 'completed' }, today)).toBe(false);
  });

  it('durations of §9: a HU from 09:00 keeps the vehicle until 11:00, a tour then is a conflict', () => {
    expect(workshopWindow({ time: '09:00', estimationKey: 'inspection' })).toEqual({ from: 540, to: 660 });
    expect(workshopWindow({ time: '20:00', estimationKey: 'major-repair' })).toEqual({ from: 1200, to: 1440 });
    expect(overlapsWorkshop({ time: '09:00', estimationKey: 'inspection' }, { start: 600, end: 720 })).toBe(true);
    expect(overlapsWorkshop({ time: '09:00', estimationKey: 'inspection' }, { start: 660, end: 720 })).toBe(false);
    expect(overlapsWorkshop({ time: '09:00', estimationKey: 'tire-change' }, { start: 420, end: 541 })).toBe(true);
  });

  it('trailer suggestion: keyword, coupled trailer and notes longer than 5 characters (§4, §9)', () => {
    expect(detectTrailerKeywords('Sattel-Auflieger Bremse, Anhänger Licht')).toEqual(['auflieger', 'sattel', 'sattel-auflieger', 'anhänger']);
    expect(suggestsTrailer('Auflieger Reifen', true)).toBe(true);
    expect(suggestsTrailer('Auflieger Reifen', false)).toBe(false);
    expect(suggestsTrailer(' Motor Ölwechsel ', true)).toBe(false);
    expect(suggestsTrailer('Trailer', true)).toBe(true);
    expect(suggestsTrailer(' sattel ', true)).toBe(true);
    expect(suggestsTrailer('Sattel', true)).toBe(true);
    expect(suggestsTrailer(' trail ', true)).toBe(false);
  });
});
