import type { VehicleStatus } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { redistributionRefusal, type WorkshopWindow } from '../tour/tour-decider';
import { type AffectedTour, type ConflictAnalysis, tourSpan } from './conflicts';
import { clockMinutes } from './opening-hours';

/** A tour to hand over: its span and the heaviest load among its orders. */
export interface TourToMove {
  tourId: string;
  tourNumber: string;
  startTime: string;
  endTime: string | null;
  /** Heaviest order of the tour, kg; null when unknown. */
  heaviestLoadKg: number | null;
  /** A running tour (in_progress) stays on its vehicle. */
  status?: string;
}

/** A vehicle that might take tours over, with the day's tours it already has. */
export interface CandidateVehicle {
  vehicleId: string;
  licensePlate: string;
  enabledForDispatch: boolean;
  payloadKg: number | null;
  /** Road km from its home plant to the conflicting vehicle's (null: unknown, tried last). */
  homeDistanceKm: number | null;
  tours: readonly { startTime: string; endTime: string | null }[];
  /** The fleet's status: in the workshop (Wartung, Reparatur, Defekt) it takes no tours. */
  status?: VehicleStatus | null;
  /** Its workshop windows of the day (minutes): it takes no tour overlapping one. */
  workshopWindows?: readonly WorkshopWindow[];
}

/** A candidate as the plan shows it: greyed out with the reason when it may take none of the tours. */
export interface VehicleSuitability {
  vehicleId: string;
  licensePlate: string;
  unsuitableReason: string | null;
}

export interface Reassignment {
  tourId: string;
  tourNumber: string;
  startTime: string;
  toVehicleId: string;
  toLicensePlate: string;
}

export type Unassigned = { tourId: string; tourNumber: string; reason: 'no_vehicle_free' | 'payload' | 'running'; message: string };

export interface RedistributionChoice {
  /** All tours found a vehicle: move them all. Otherwise nothing moves. */
  complete: boolean;
  reassignments: Reassignment[];
  unassigned: Unassigned[];
}

const overlaps = (a: { from: number; to: number }, b: { from: number; to: number }) => a.from < b.to && b.from < a.to;

/**
 * Each tour (earliest first) goes to a dispatch-released vehicle with room: no overlap with its tours
 * nor with tours this plan already gave it, and a payload that carries the heaviest order; nearest
 * home plant first, then the plate. All or none: `complete` only when every tour found one.
 */
export function chooseRedistribution(tours: readonly TourToMove[], candidates: readonly CandidateVehicle[], conflictingVehicleId: string): RedistributionChoice {
  const released = candidates
    .filter((c) => c.enabledForDispatch && c.vehicleId !== conflictingVehicleId)
    .sort((a, b) => (a.homeDistanceKm ?? Infinity) - (b.homeDistanceKm ?? Infinity) || a.licensePlate.localeCompare(b.licensePlate));
  const taken = new Map(released.map((c) => [c.vehicleId, c.tours.map(tourSpan)]));
  const reassignments: Reassignment[] = [];
  const unassigned: Unassigned[] = [];
  for (const tour of [...tours].sort((a, b) => clockMinutes(a.startTime) - clockMinutes(b.startTime))) {
    if (tour.status === 'in_progress') {
      unassigned.push({ tourId: tour.tourId, tourNumber: tour.tourNumber, reason: 'running', message: messages.smartServiceScreen.runningTourStays });
      continue;
    }
    const span = tourSpan(tour);
    const free = released.filter((c) => !taken.get(c.vehicleId)!.some((s) => overlaps(s, span)) && refusalFor(c, span) === null);
    const fitting = free.filter((c) => tour.heaviestLoadKg === null || c.payloadKg === null || c.payloadKg >= tour.heaviestLoadKg);
    const chosen = fitting[0];
    if (!chosen) {
      unassigned.push(
        free.length === 0
          ? { tourId: tour.tourId, tourNumber: tour.tourNumber, reason: 'no_vehicle_free', message: messages.smartServiceScreen.noVehicleFree }
          : { tourId: tour.tourId, tourNumber: tour.tourNumber, reason: 'payload', message: messages.smartServiceScreen.payloadTooSmall(tour.heaviestLoadKg ?? 0) },
      );
      continue;
    }
    taken.get(chosen.vehicleId)!.push(span);
    reassignments.push({ tourId: tour.tourId, tourNumber: tour.tourNumber, startTime: tour.startTime, toVehicleId: chosen.vehicleId, toLicensePlate: chosen.licensePlate });
  }
  return { complete: unassigned.length === 0, reassignments, unassigned };
}

function refusalFor(c: CandidateVehicle, span: { from: number; to: number }): string | null {
  return redistributionRefusal(
    { id: c.vehicleId, enabledForDispatch: c.enabledForDispatch, licensePlate: c.licensePlate, status: c.status ?? undefined, workshopWindows: c.workshopWindows },
    span.from,
    span.to,
  );
}

/**
 * Released vehicles but the conflicting one, each with why it takes none of the tours to move (in the
 * workshop, or a workshop window over one of them), by the rule the tour move refuses with.
 */
export function vehicleSuitability(tours: readonly TourToMove[], candidates: readonly CandidateVehicle[], conflictingVehicleId: string): VehicleSuitability[] {
  const spans = tours.filter((t) => t.status !== 'in_progress').map(tourSpan);
  return candidates
    .filter((c) => c.enabledForDispatch && c.vehicleId !== conflictingVehicleId)
    .map((c) => ({
      vehicleId: c.vehicleId,
      licensePlate: c.licensePlate,
      unsuitableReason: spans.map((span) => refusalFor(c, span)).find((r) => r !== null) ?? (c.status ? refusalFor(c, { from: 0, to: 0 }) : null),
    }))
    .sort((a, b) => a.licensePlate.localeCompare(b.licensePlate));
}

/** Minutes a dispatcher needs to hand over and check one tour (the plan's estimated reassignment time). */
export const REASSIGNMENT_MINUTES_PER_TOUR = 10;

export type RedistributionStrategy = 'redistribute_to_available_vehicles' | 'delay_appointment';

export interface RedistributionPlan {
  strategy: RedistributionStrategy;
  description: string;
  estimatedReassignmentTime: number;
  affectedTours: AffectedTour[];
  suggestedAppointmentTime: string;
  delayMinutes: number;
  pros: string[];
  cons: string[];
}

/**
 * dispatch.md §3 redistributionPlan: move the tours when free vehicles take all of them, else delay
 * the appointment until after the last tour. Null without conflicts.
 */
export function redistributionPlan(
  conflicts: ConflictAnalysis,
  choice: RedistributionChoice,
  appointmentTime: string,
  lastTourEnd: string | null,
  isEmergency: boolean,
): RedistributionPlan | null {
  if (!conflicts.hasConflicts) return null;
  const t = messages.smartServiceScreen;
  if (choice.complete) {
    return {
      strategy: 'redistribute_to_available_vehicles',
      description: t.planDescriptions.redistribute(choice.reassignments.length),
      estimatedReassignmentTime: choice.reassignments.length * REASSIGNMENT_MINUTES_PER_TOUR,
      affectedTours: conflicts.affectedTours,
      suggestedAppointmentTime: appointmentTime,
      delayMinutes: 0,
      pros: [t.pros.noDelay, t.pros.ordersKept],
      cons: [t.cons.otherVehicles, t.cons.emptyRuns],
    };
  }
  const after = lastTourEnd ?? appointmentTime;
  const delayMinutes = Math.max(0, clockMinutes(after) - clockMinutes(appointmentTime));
  return {
    strategy: 'delay_appointment',
    description: t.planDescriptions.delay(after),
    estimatedReassignmentTime: 0,
    affectedTours: conflicts.affectedTours,
    suggestedAppointmentTime: after,
    delayMinutes,
    pros: [t.pros.noReassignment, t.pros.driverKept],
    cons: [t.cons.delayed(delayMinutes), ...(isEmergency ? [t.cons.emergencyRisk] : [])],
  };
}
