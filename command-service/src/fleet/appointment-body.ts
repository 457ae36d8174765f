import type { AppointmentInput, AppointmentState, CompletionInput } from '@dispo/domain/workshop-appointment/index';
import { requestText } from '@dispo/platform/http/text-schemas';
import { z } from 'zod';
import { optionalDateText, optionalFlag, optionalId, optionalNumber, optionalText } from './fleet-body';

/**
 * The appointment body of the planning wizard, the trailer wizard and the edit dialog (fleet.md §3
 * maintenance schedules): type, date, time, workshop, customWorkshop, location, notes; for trailers
 * also cost (estimatedCost) and responsible. Types only: the decider answers the §5 messages.
 */
export const appointmentBodySchema = z.strictObject({
  type: optionalText(40),
  date: optionalDateText,
  time: optionalText(5),
  workshop: optionalText(200),
  customWorkshop: optionalText(200),
  location: optionalText(200),
  notes: optionalText(4000),
  cost: optionalNumber,
  responsible: optionalText(200),
  /** The trailer suggestion accepted: plan for this trailer, coupled to the vehicle of the path. */
  aufliegerId: optionalId,
  detectedKeywords: z.array(requestText().trim().min(1).max(40)).max(20).optional(),
  /** fleet.md §4: the invoice amount of a completed appointment, edited later (its own event). */
  invoiceAmount: optionalNumber,
});
export type AppointmentBody = z.infer<typeof appointmentBodySchema>;

export function appointmentInputFromBody(b: AppointmentBody): AppointmentInput {
  return {
    appointmentType: b.type,
    date: b.date,
    time: b.time,
    workshop: b.workshop,
    customWorkshop: b.customWorkshop,
    location: b.location,
    notes: b.notes,
    estimatedCost: b.cost,
    responsible: b.responsible,
  };
}

/**
 * The completion body: the vehicle result of §3 (completed, hasInvoice, invoiceAmount, followUpNeeded,
 * notes, plus the follow-up's date) or the trailer payload (wasSuccessful, actualCost, completionNotes,
 * followUpRequired, followUpDate, followUpNotes). Which one applies is the appointment's subject.
 * The completer is the user of the token, never a field.
 */
export const completionBodySchema = z.strictObject({
  completed: optionalFlag,
  hasInvoice: optionalFlag,
  invoiceAmount: optionalNumber,
  followUpNeeded: optionalFlag,
  notes: optionalText(4000),
  wasSuccessful: optionalFlag,
  actualCost: optionalNumber,
  completionNotes: optionalText(4000),
  followUpRequired: optionalFlag,
  followUpDate: optionalDateText,
  followUpNotes: optionalText(4000),
  /** Issue 31: what the wizard collects for the vehicle (odometer, next service, new HU date). */
  odometerKm: optionalNumber,
  nextServiceDue: optionalDateText,
  inspectionUntil: optionalDateText,
});
export type CompletionBody = z.infer<typeof completionBodySchema>;

export function completionInputFromBody(b: CompletionBody, state: AppointmentState): CompletionInput {
  if (state.exists && state.entity.subject.kind === 'trailer') {
    return {
      kind: 'trailer',
      wasSuccessful: b.wasSuccessful ?? null,
      actualCost: b.actualCost ?? null,
      completionNotes: b.completionNotes,
      followUpRequired: b.followUpRequired ?? null,
      followUpDate: b.followUpDate,
      followUpNotes: b.followUpNotes,
    };
  }
  return {
    kind: 'vehicle',
    completed: b.completed ?? null,
    hasInvoice: b.hasInvoice,
    invoiceAmount: b.invoiceAmount,
    followUpNeeded: b.followUpNeeded,
    followUpDate: b.followUpDate,
    notes: b.notes,
    odometerKm: b.odometerKm,
    nextServiceDue: b.nextServiceDue,
    inspectionUntil: b.inspectionUntil,
  };
}
