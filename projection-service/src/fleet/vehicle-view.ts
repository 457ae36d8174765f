import { berlinDate } from '@dispo/domain/shared/berlin-date';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { minutesOfClock } from '@dispo/domain/workshop-appointment/appointment-rules';
import { clockMinutesSql, listedAppointmentsSql } from './appointment-view';
import { userView } from './user-view';
import { iso, json, num, str } from './view-values';
import { viewsById } from './views-by-id';

/**
 * Vehicle rows with their driver, trailers and the day's planned or running tours joined; `$1`
 * narrows to one vehicle, `$2` is the business day of the current tours, `$3` the minute of that day
 * (an appointment running now shows the vehicle in maintenance).
 */
const VEHICLE_SELECT = `
  SELECT v.*,
    u.id AS driver_id, u.first_name AS driver_first_name, u.last_name AS driver_last_name, u.email AS driver_email, u.roles AS driver_roles,
    coalesce((SELECT json_agg(json_build_object('id', t.id, 'kennzeichen', t.license_plate) ORDER BY t.license_plate)
              FROM read.trailers t WHERE t.tractor_id = v.id), '[]'::json) AS auflieger,
    coalesce((SELECT json_agg(json_build_object('id', c.id, 'tourNumber', c.tour_number, 'status', c.status,
                'startTime', c.date::text || 'T' || c.start_time) ORDER BY c.start_time)
              FROM read.tours c WHERE c.vehicle_id = v.id AND c.date = $2::date AND c.status IN ('planned', 'in_progress')), '[]'::json)
      AS current_tours,
    ${listedAppointmentsSql('vehicle', 'v.id', '$2')} AS workshop_appointments,
    (SELECT count(*)::int FROM read.vehicle_documents d WHERE d.vehicle_id = v.id) AS document_count,
    EXISTS (SELECT 1 FROM read.workshop_appointments w
            WHERE w.subject_kind = 'vehicle' AND w.subject_id = v.id AND w.status = 'pending' AND w.date = ($2::date)::text
              AND ${clockMinutesSql('w.time')} <= $3::int AND ${clockMinutesSql('w.time')} + w.duration_minutes > $3::int) AS in_workshop
  FROM read.vehicles v LEFT JOIN read.users u ON u.id = v.assigned_driver_id
  WHERE ($1::text IS NULL OR v.id = $1)
  ORDER BY v.license_plate`;

/** Statuses in which a vehicle on a tour shows as in use; one in the workshop stays there. */
const FREE_STATUSES = new Set(['available', 'active', 'in_use']);

/**
 * fleet.md §4 live status: a vehicle with a planned or running tour today is `in_use`; without one,
 * the stored status shows again (the tour was deleted, reset or finished). A workshop appointment
 * in progress shows `maintenance` (issue 13, read side).
 */
function liveStatus(stored: string, currentTours: readonly unknown[], inWorkshop: boolean): string {
  if (!FREE_STATUSES.has(stored)) return stored;
  if (inWorkshop) return 'maintenance';
  return currentTours.length > 0 ? 'in_use' : stored;
}

/** A vehicle with every field of fleet.md §3 Vehicle, names as the spec writes them. */
export function vehicleView(r: Record<string, unknown>) {
  return {
    id: String(r.id),
    license_plate: String(r.license_plate),
    vehicle_type: String(r.vehicle_type),
    make_model: String(r.make_model),
    brand: str(r.brand),
    model: str(r.model),
    year: num(r.year),
    payload_kg: num(r.payload_kg),
    total_weight_kg: num(r.total_weight_kg),
    loading_capacity: str(r.loading_capacity),
    axles: num(r.axles),
    fuel_type: String(r.fuel_type),
    emission_class: String(r.emission_class),
    suitable_material_ids: (r.suitable_material_ids as string[] | null) ?? [],
    has_silo_equipment: Boolean(r.has_silo_equipment),
    enabled_for_dispatch: Boolean(r.enabled_for_dispatch),
    tuv_until: str(r.tuv_until),
    inspection_until: str(r.inspection_until),
    insurance_until: str(r.insurance_until),
    home_location_postal_code: str(r.home_location_postal_code),
    home_location_city: str(r.home_location_city),
    home_plant_name: str(r.home_plant_name),
    cost_center: str(r.cost_center),
    last_service_date: str(r.last_service_date),
    next_service_due: str(r.next_service_due),
    odometer_km: num(r.odometer_km),
    fuel_consumption: num(r.fuel_consumption),
    special_equipment: str(r.special_equipment),
    restrictions: str(r.restrictions),
    notes: str(r.notes),
    status: liveStatus(String(r.status), json<unknown[]>(r.current_tours, []), Boolean(r.in_workshop)),
    stored_status: String(r.status),
    assigned_driver_id: str(r.assigned_driver_id),
    assigned_driver:
      r.driver_id === null || r.driver_id === undefined
        ? null
        : userView({
            id: r.driver_id,
            first_name: r.driver_first_name,
            last_name: r.driver_last_name,
            email: r.driver_email,
            roles: r.driver_roles,
          }),
    auflieger: json<{ id: string; kennzeichen: string }[]>(r.auflieger, []),
    current_tours: json<{ id: string; tourNumber: string; status: string; startTime: string | null }[]>(r.current_tours, []),
    workshop_appointments: json<ListedAppointment[]>(r.workshop_appointments, []),
    /** The documents overview counts with the list instead of one request per vehicle. */
    document_count: Number(r.document_count ?? 0),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}
export type VehicleView = ReturnType<typeof vehicleView>;

/** An appointment as the vehicle and trailer lists carry it (fleet.md §3 workshop_appointments). */
export interface ListedAppointment {
  id: string;
  scheduledDate: string;
  time: string;
  appointment_type: string;
  workshop: string | null;
  notes: string | null;
  status: string;
  completionTracked: boolean;
  durationMinutes: number;
  location: string | null;
}

/** The Berlin business day and minute of the day of an instant. */
export function berlinDayAndMinute(at: Date): [today: string, minute: number] {
  const clock = at.toLocaleTimeString('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return [berlinDate(at), minutesOfClock(clock)];
}

const vehicles = viewsById<VehicleView, [today: string, minute: number]>(VEHICLE_SELECT, vehicleView);
export const listVehicles = (sql: SqlExecutor, today?: string, at = new Date()): Promise<VehicleView[]> => {
  const [day, minute] = berlinDayAndMinute(at);
  return vehicles.list(sql, today ?? day, today && today !== day ? -1 : minute);
};
export const findVehicle = (sql: SqlExecutor, id: string, today?: string, at = new Date()): Promise<VehicleView | null> => {
  const [day, minute] = berlinDayAndMinute(at);
  return vehicles.find(sql, id, today ?? day, today && today !== day ? -1 : minute);
};
