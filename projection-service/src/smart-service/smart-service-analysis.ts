import { messages } from '@dispo/domain/messages';
import {
  type CandidateVehicle,
  chooseRedistribution,
  classifyConflicts,
  clockMinutes,
  clockText,
  DEFAULT_REPAIR_MINUTES,
  estimatedMinutes,
  lastTourEnd,
  type OpenWindow,
  openWindowsOn,
  parseOpeningHours,
  type RankedWorkshop,
  rankWorkshops,
  redistributionPlan,
  suggestAppointment,
  servicesMake,
  tourSpan,
  vehicleSuitability,
} from '@dispo/domain/smart-service/index';
import type { VehicleStatus } from '@dispo/events/catalog/index';
import { workshopWindowsOf } from '../dispatch/workshop-conflicts';
import { addDays } from '@dispo/domain/shared/berlin-date';
import type { DistancePort, GeoPoint } from '@dispo/domain/travel/index';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { listWorkshops } from '../fleet/workshop-register';
import { releasedVehicles, type SmartTour, type SmartVehicle, smartVehicle, toursOfDay } from './smart-service-data';

const t = messages.smartServiceScreen;
/** dispatch.md §9: the planning day starts at 06:00. */
const DAY_START_MINUTES = 360;
const germanDay = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

export interface SmartServiceContext {
  sql: SqlExecutor;
  distance: DistancePort;
  /** Berlin date and time now (`YYYY-MM-DD`, `HH:MM`). */
  now(): { date: string; time: string };
}

/** Where the vehicle is for the search: its current tour's place, else its home plant. */
export interface VehiclePosition extends GeoPoint {
  source: 'tour' | 'home_plant';
  tourNumber: string | null;
}

export function vehiclePosition(vehicle: SmartVehicle, tours: readonly SmartTour[], time: string): VehiclePosition | null {
  const minute = clockMinutes(time);
  const current =
    tours.find((x) => x.status === 'in_progress' && x.lastPlace) ??
    tours.find((x) => {
      const span = tourSpan(x);
      return x.lastPlace && minute >= span.from && minute < span.to;
    });
  if (current?.lastPlace) return { ...current.lastPlace, source: 'tour', tourNumber: current.tourNumber };
  return vehicle.home ? { ...vehicle.home, source: 'home_plant', tourNumber: null } : null;
}

export interface SearchInput {
  vehicle: SmartVehicle;
  date: string;
  time: string;
  radiusKm: number;
  service?: string | null;
  onlyOpen?: boolean;
  emergency?: boolean;
}

/** Workshops around the vehicle's position within the radius, road km by the distance port. */
export async function searchWorkshops(ctx: SmartServiceContext, input: SearchInput, tours?: readonly SmartTour[]) {
  const dayTours = tours ?? (await toursOfDay(ctx.sql, input.date, [input.vehicle.id]));
  const position = vehiclePosition(input.vehicle, dayTours, input.time);
  const registered = await listWorkshops(ctx.sql);
  const measured = position
    ? await Promise.all(registered.map(async (w) => ({ ...w, distance: (await ctx.distance.leg(position, w)).km })))
    : [];
  const workshops = rankWorkshops(measured, {
    vehicleBrand: input.vehicle.brand,
    radiusKm: input.radiusKm,
    date: input.date,
    time: input.time,
    service: input.service,
    onlyOpen: input.onlyOpen,
    emergency: input.emergency,
  });
  return { workshops, position };
}

/** Candidates for the day's tours: released vehicles with their tours and the road km between home plants. */
export async function redistributionCandidates(ctx: SmartServiceContext, vehicle: SmartVehicle, date: string): Promise<CandidateVehicle[]> {
  const [vehicles, tours] = await Promise.all([releasedVehicles(ctx.sql), toursOfDay(ctx.sql, date)]);
  return Promise.all(
    vehicles
      .filter((v) => v.id !== vehicle.id)
      .map(async (v) => ({
        vehicleId: v.id,
        licensePlate: v.licensePlate,
        enabledForDispatch: v.enabledForDispatch,
        payloadKg: v.payloadKg,
        homeDistanceKm: v.home && vehicle.home ? Math.round((await ctx.distance.leg(vehicle.home, v.home)).km * 10) / 10 : null,
        tours: tours.filter((x) => x.vehicleId === v.id),
        // In the workshop, or with a workshop window over a tour, it takes none (docs/invariants.md).
        status: v.status as VehicleStatus,
        workshopWindows: await workshopWindowsOf(ctx.sql, v.id, date),
      })),
  );
}

export interface AnalyzeInput {
  vehicleId: string;
  selectedDate: string;
  radiusKm: number;
  isEmergency: boolean;
  /** The wanted start of the repair; default the next full half hour now (emergency) or 09:00. */
  appointmentTime?: string | null;
  serviceType?: string | null;
  service?: string | null;
}

/**
 * The union of the workshops' opening windows on a day (where a planned repair may start); the mobile
 * breakdown service, open round the clock, is for emergencies and does not count.
 */
function openingOf(workshops: readonly RankedWorkshop[], date: string): OpenWindow[] {
  const windows = workshops.filter((w) => !w.mobile).flatMap((w) => openWindowsOn(parseOpeningHours(w.openingHours) ?? [], date));
  return windows.length > 0 ? windows.sort((a, b) => a.from - b.from) : [{ from: 360, to: 1200 }];
}

/** POST /api/smart-service/analyze-vehicle (docs/api/smart-service.md). Null when the vehicle does not exist. */
export async function analyzeVehicle(ctx: SmartServiceContext, input: AnalyzeInput) {
  const vehicle = await smartVehicle(ctx.sql, input.vehicleId);
  if (!vehicle) return null;
  const now = ctx.now();
  const tours = await toursOfDay(ctx.sql, input.selectedDate, [vehicle.id]);
  const duration = input.isEmergency ? estimatedMinutes('emergency') : input.serviceType ? estimatedMinutes(input.serviceType) : DEFAULT_REPAIR_MINUTES;
  const today = input.selectedDate === now.date;
  const nowMinutes = today ? clockMinutes(now.time) : 0;
  // Emergency: the repair starts now (on another day: at the start of the day).
  const wanted = input.isEmergency ? (today ? now.time : '06:00') : (input.appointmentTime ?? '09:00');
  const searched = await searchWorkshops(
    ctx,
    { vehicle, date: input.selectedDate, time: wanted, radiusKm: input.radiusKm, service: input.service, emergency: input.isEmergency },
    tours,
  );
  const workshops = searched.workshops;

  const conflicts = classifyConflicts(tours, wanted, duration);
  const end = lastTourEnd(tours);
  const candidates = conflicts.hasConflicts ? await redistributionCandidates(ctx, vehicle, input.selectedDate) : [];
  const toMove = tours.filter((x) => conflicts.affectedTours.some((a) => a.tourId === x.tourId));
  const choice = chooseRedistribution(toMove, candidates, vehicle.id);
  const plan = redistributionPlan(conflicts, choice, wanted, end, input.isEmergency);
  const vehicles = vehicleSuitability(toMove, candidates, vehicle.id);

  let suggestedAppointmentTime: string | null;
  let suggestedDate = input.selectedDate;
  let reasoning: string;
  const top = workshops.find((w) => w.isOpen) ?? null;
  if (input.isEmergency) {
    suggestedAppointmentTime = wanted;
    reasoning = top ? t.reasoning.emergency(top.name) : t.reasoning.noWorkshop;
  } else {
    // Not before the Disposition's day starts (dispatch.md §9: 06:00), nor before now.
    const suggestion = suggestAppointment(tours, duration, openingOf(workshops, input.selectedDate), Math.max(DAY_START_MINUTES, today ? Math.ceil(nowMinutes / 30) * 30 : 0));
    suggestedAppointmentTime = suggestion.time;
    if (suggestion.reason === 'afterLastTour') reasoning = t.reasoning.afterLastTour(end ?? suggestion.time ?? '');
    else if (suggestion.reason === 'freeDay') reasoning = t.reasoning.freeDay;
    else if (suggestion.reason === 'freeWindow') reasoning = t.reasoning.freeWindow(suggestion.time!, clockText(suggestion.gap!.to));
    else {
      const next = addDays(input.selectedDate, 1);
      const opening = openingOf(workshops, next)[0]!;
      suggestedAppointmentTime = clockText(Math.max(DAY_START_MINUTES, opening.from));
      suggestedDate = next;
      reasoning = t.reasoning.nextDay(germanDay(next), suggestedAppointmentTime);
    }
    if (workshops.length === 0) reasoning = `${reasoning} ${t.reasoning.noWorkshop}`;
  }

  return {
    vehicle: {
      id: vehicle.id,
      licensePlate: vehicle.licensePlate,
      license_plate: vehicle.licensePlate,
      brand: vehicle.brand,
      makeModel: vehicle.makeModel,
      vehicleType: vehicle.vehicleType,
      payloadKg: vehicle.payloadKg,
      status: vehicle.status,
      homePlantName: vehicle.homePlantName,
      position: searched.position,
    },
    schedule: {
      date: input.selectedDate,
      toursToday: tours.length,
      lastTourEnd: end,
      tours: tours.map((x) => ({
        tourId: x.tourId,
        tourNumber: x.tourNumber,
        startTime: x.startTime,
        endTime: clockText(tourSpan(x).to),
        status: x.status,
        orderCount: x.orderCount,
      })),
    },
    appointmentTime: wanted,
    estimatedDuration: duration,
    // Preselected: an open workshop that services the make, or none (issue 31: no Volvo service for a MAN).
    recommendation: { suggestedAppointmentTime, suggestedDate, reasoning, workshopId: workshops.find((w) => w.isOpen && servicesMake(w.brandMatch))?.id ?? null },
    workshops: { count: workshops.length, recommendations: workshops },
    conflicts,
    redistributionPlan: plan && {
      ...plan,
      reassignments: choice.reassignments,
      unassigned: choice.unassigned,
      vehicles,
    },
    emergency: input.isEmergency,
  };
}
