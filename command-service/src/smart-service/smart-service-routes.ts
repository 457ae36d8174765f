import { randomInt, randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import {
  BOOKING_APPOINTMENT_TYPE,
  bookingReference,
  bookingSlotRefusal,
  type CandidateVehicle,
  chooseRedistribution,
  classifyConflicts,
  DEFAULT_REPAIR_MINUTES,
  type DayTour,
  redistributionPlan,
  REASSIGNMENT_MINUTES_PER_TOUR,
  type TourToMove,
  vehicleSuitability,
} from '@dispo/domain/smart-service/index';
import { ESTIMATION_KEYS } from '@dispo/events/catalog/index';
import type { LogPosition } from '@dispo/events/envelope';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { localDateText, requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dispatchCommands, type WorkshopWindowsOf } from '../dispatch/dispatch-commands';
import type { TourTravel } from '../dispatch/tour-travel';
import { appointmentCommands } from '../fleet/appointment-commands';
import type { AppointmentCandidatesOf } from '../fleet/appointment-day';

/** What the Smart Service's commands read of the read side (wired in runtime/src/services.ts). */
export interface SmartServiceReads {
  vehicle(id: string): Promise<{ id: string; licensePlate: string } | null>;
  /** The day's live tours of the vehicle, with their heaviest load. */
  dayTours(date: string, vehicleId: string): Promise<(DayTour & TourToMove)[]>;
  /** Released vehicles but this one, with their tours of the day and road km between the home plants. */
  candidates(vehicleId: string, date: string): Promise<CandidateVehicle[]>;
  workshop(id: string): Promise<{ id: string; name: string; address: string; phone: string | null; openingHours: string; mobile: boolean } | null>;
  /** The appointment as GET /api/appointments/:id shows it. */
  readAppointment(id: string): Promise<unknown>;
}

export interface SmartServiceRouteOptions {
  store: EventStore;
  registry: EventRegistry;
  travel?: TourTravel;
  workshopWindows?: WorkshopWindowsOf;
  waitForProjections(position: LogPosition): Promise<boolean>;
  reads: SmartServiceReads;
  /** The read side's pending appointments of a subject on a day (a booking confirms each from its stream). */
  appointmentCandidates?: AppointmentCandidatesOf;
}

const tags = ['Smart Service'];
const id = requestText().trim().min(1).max(100);
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, messages.workshopScreen.invalidTime);
const duration = z.number().int().min(15).max(1440).default(DEFAULT_REPAIR_MINUTES);
const optionalText = (max: number) => requestText().max(max).nullable().optional();

const redistributeBody = z.strictObject({
  conflictingVehicleId: id.optional(),
  selectedDate: localDateText().optional(),
  conflictingTourIds: z.array(id).max(50).default([]),
  appointmentTime: clock,
  estimatedDuration: duration,
});

/** fleet.md §7 book-appointment, and the Disposition's form with a `workshop` object (dispatch.md §7). */
const bookBody = z.strictObject({
  vehicleId: id.optional(),
  workshopId: id.nullable().optional(),
  workshop: z.strictObject({ id: id.optional(), name: optionalText(200), address: optionalText(300), phone: optionalText(100) }).nullable().optional(),
  workshopName: optionalText(200),
  workshopAddress: optionalText(300),
  workshopPhone: optionalText(100),
  appointmentDate: localDateText().optional(),
  appointmentTime: clock.optional(),
  estimatedDuration: duration,
  serviceType: z.enum(ESTIMATION_KEYS).default('general'),
  notes: optionalText(2000),
  isEmergency: z.boolean().default(false),
});

/** How many references are drawn before the booking gives up (a taken one is drawn anew). */
const REFERENCE_ATTEMPTS = 5;

/** The Smart Service's commands (docs/api/smart-service.md): redistribute the conflicting tours, book the workshop. */
export const smartServiceRoutes: FastifyPluginAsyncZod<SmartServiceRouteOptions> = async (app, opts) => {
  const dispatch = dispatchCommands(opts);
  const appointments = appointmentCommands(opts);
  const planners = requireRoles('dispatcher', 'fleet_manager');
  const t = messages.smartServiceScreen;

  app.post('/api/smart-service/redistribute-tours', { onRequest: planners, schema: { tags, body: redistributeBody } }, async (req) => {
    const b = req.body;
    if (!b.conflictingVehicleId || !b.selectedDate) throw new HttpError(400, messages.smartService.vehicleIdMissing);
    const vehicleId = b.conflictingVehicleId;
    const date = b.selectedDate;
    if (!(await opts.reads.vehicle(vehicleId))) throw new HttpError(404, messages.fleetCommands.vehicleNotFound);
    const tours = await opts.reads.dayTours(date, vehicleId);
    const missing = b.conflictingTourIds.find((tourId) => !tours.some((x) => x.tourId === tourId));
    if (missing) throw new HttpError(409, t.tourNotOnVehicle(missing));
    const selected = tours.filter((x) => b.conflictingTourIds.includes(x.tourId));
    const conflicts = classifyConflicts(selected, b.appointmentTime, b.estimatedDuration);
    if (!conflicts.hasConflicts) throw new HttpError(400, messages.smartService.noConflicts);
    const toMove = selected.filter((x) => conflicts.affectedTours.some((a) => a.tourId === x.tourId));
    const candidates = await opts.reads.candidates(vehicleId, date);
    const choice = chooseRedistribution(toMove, candidates, vehicleId);
    const lastEnd = conflicts.affectedTours.reduce<string | null>((end, a) => (end === null || a.endTime > end ? a.endTime : end), null);
    const plan = redistributionPlan(conflicts, choice, b.appointmentTime, lastEnd, false);
    // Every released vehicle, an unsuitable one with its reason (the UI greys it out).
    const vehicles = vehicleSuitability(toMove, candidates, vehicleId);
    const suitability = new Map(vehicles.map((v) => [v.vehicleId, v.unsuitableReason]));
    const availableVehicles = candidates
      .filter((c) => c.enabledForDispatch)
      .map((c) => ({
        vehicleId: c.vehicleId,
        licensePlate: c.licensePlate,
        payloadKg: c.payloadKg,
        homeDistanceKm: c.homeDistanceKm,
        toursToday: c.tours.length,
        unsuitableReason: suitability.get(c.vehicleId) ?? null,
      }));
    const summary = (moved: number) => ({
      successfulRedistributions: moved,
      conflictingToursCount: conflicts.conflictCount,
      estimatedReassignmentTime: moved * REASSIGNMENT_MINUTES_PER_TOUR,
    });
    if (!choice.complete) {
      // All or none: nothing moves, the dispatcher plans by hand.
      return {
        success: false,
        message: t.manualDispatchNeeded,
        redistributionPlan: plan && { ...plan, reassignments: [], unassigned: choice.unassigned, vehicles },
        availableVehicles,
        redistributionSummary: summary(0),
        recommendedActions: [t.actions.manualDispatch, t.actions.delayAppointment],
      };
    }
    const { position } = await dispatch.moveAll(
      choice.reassignments.map((r) => ({
        tourId: r.tourId,
        vehicleId: r.toVehicleId,
        date,
        startTime: r.startTime,
        expected: { vehicleId, date, startTime: r.startTime },
        redistribution: true,
      })),
      { userId: req.user.sub, commandName: 'RedistributeTours' },
    );
    await opts.waitForProjections(position);
    return {
      success: true,
      message: t.redistributed(choice.reassignments.length),
      redistributionPlan: plan && { ...plan, reassignments: choice.reassignments, unassigned: [], vehicles },
      availableVehicles,
      redistributionSummary: summary(choice.reassignments.length),
      recommendedActions: [t.actions.informDrivers, t.actions.checkLoading, t.actions.bookWorkshop],
    };
  });

  app.post('/api/smart-service/book-appointment', { onRequest: planners, schema: { tags, body: bookBody } }, async (req, reply) => {
    const b = req.body;
    const workshopId = b.workshopId ?? b.workshop?.id;
    if (!workshopId) throw new HttpError(400, messages.smartService.chooseWorkshop);
    if (!b.vehicleId) throw new HttpError(400, messages.smartService.vehicleIdMissing);
    const workshop = await opts.reads.workshop(workshopId);
    if (!workshop) throw new HttpError(404, t.workshopNotFound);
    if (!b.appointmentDate || !b.appointmentTime) throw new HttpError(400, t.bookingDateTimeRequired);
    // Not in the past, not while the workshop is closed (issue 31).
    const refusal = bookingSlotRefusal({ date: b.appointmentDate, time: b.appointmentTime, isEmergency: b.isEmergency, workshop }, new Date());
    if (refusal) throw new HttpError(400, refusal);
    const appointmentId = randomUUID();
    const input = {
      appointmentType: BOOKING_APPOINTMENT_TYPE[b.serviceType],
      date: b.appointmentDate ?? null,
      time: b.appointmentTime ?? null,
      workshop: workshop.name,
      location: workshop.address,
      notes: b.notes ?? null,
    };
    const meta = { userId: req.user.sub, commandName: 'BookSmartServiceAppointment' };
    for (let attempt = 1; ; attempt++) {
      const reference = bookingReference(b.appointmentDate ?? '0000-00-00', randomInt(10000));
      const booking = { reference, workshopId: workshop.id, durationMinutes: b.estimatedDuration, isEmergency: b.isEmergency, estimationKey: b.serviceType };
      try {
        const { position } = await appointments.planAppointment(appointmentId, { kind: 'vehicle', id: b.vehicleId }, input, meta, undefined, booking);
        await opts.waitForProjections(position);
        reply.code(201);
        return { success: true, appointment: await opts.reads.readAppointment(appointmentId), bookingReference: reference, message: t.booked(reference) };
      } catch (error) {
        // A reference drawn twice on one day: draw another.
        if (!(error instanceof HttpError && error.statusCode === 409 && attempt < REFERENCE_ATTEMPTS)) throw error;
      }
    }
  });
};
