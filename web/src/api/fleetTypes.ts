import type { messages } from '@dispo/domain/messages';

/**
 * Shapes of the fleet routes (docs/api/fleet.md, fleet.md §3): snake_case for vehicles and fuel
 * cards, the German/camelCase names for trailers, as the server answers them. The value sets are
 * the keys of the catalogue's labels, so a new value needs its German label first.
 */

type Labels = (typeof messages)['labels'];
export type VehicleType = keyof Labels['vehicleType'];
export type VehicleStatus = keyof Labels['vehicleStatus'];
export type FuelType = keyof Labels['fuelType'];
export type EmissionClass = keyof Labels['emissionClass'];
export type TrailerType = keyof Labels['trailerType'];
export type MaintenanceKind = keyof Labels['maintenanceKind'];
export type FuelCardType = keyof Labels['fuelCardType'];
export type FuelCardStatus = keyof Labels['fuelCardStatus'];
export type DocumentCategory = keyof Labels['documentCategory'];
export type VehicleDeadline = keyof Labels['vehicleDeadline'];

/** A user as the driver search and the vehicle's assigned_driver show it. */
export interface DriverUser {
  id: string;
  full_name: string;
  /** The user's role labels. */
  department: string | null;
  email: string | null;
}

export interface CurrentTour {
  id: string;
  tourNumber: string;
  status: 'planned' | 'in_progress' | (string & {});
  startTime: string | null;
}

/** docs/api/fleet.md: every pending appointment and those of the last 90 days. */
export interface WorkshopAppointment {
  id: string;
  scheduledDate: string;
  time: string;
  appointment_type: string;
  workshop: string | null;
  notes: string | null;
  status: string;
  completionTracked?: boolean;
  durationMinutes?: number;
  location?: string | null;
}

export interface Vehicle {
  id: string;
  license_plate: string;
  vehicle_type: VehicleType;
  make_model: string;
  brand: string | null;
  model: string | null;
  year: number | null;
  payload_kg: number | null;
  total_weight_kg: number | null;
  loading_capacity: string | null;
  axles: number | null;
  fuel_type: FuelType;
  emission_class: EmissionClass;
  suitable_material_ids: string[];
  has_silo_equipment: boolean;
  enabled_for_dispatch: boolean;
  /** `YYYY-MM-DD` */
  tuv_until: string | null;
  inspection_until: string | null;
  insurance_until: string | null;
  home_location_postal_code: string | null;
  home_location_city: string | null;
  home_plant_name: string | null;
  cost_center: string | null;
  last_service_date: string | null;
  next_service_due: string | null;
  odometer_km: number | null;
  fuel_consumption: number | null;
  special_equipment: string | null;
  restrictions: string | null;
  notes: string | null;
  /** The live status of §4: in_use while the vehicle has a tour today. */
  status: VehicleStatus;
  /** The status the form set, shown again when the tours are gone. */
  stored_status?: VehicleStatus;
  assigned_driver_id: string | null;
  assigned_driver: DriverUser | null;
  auflieger: { id: string; kennzeichen: string }[];
  current_tours: CurrentTour[];
  workshop_appointments: WorkshopAppointment[];
  /** How many documents the vehicle has (the documents overview's counter). */
  document_count?: number;
  created_at?: string | null;
  updated_at?: string | null;
}

/** The body of POST and PUT /api/vehicles: the writable fields; null clears, left out keeps. */
export type VehicleBody = Partial<
  Omit<
    Vehicle,
    | 'id'
    | 'status'
    | 'stored_status'
    | 'assigned_driver'
    | 'auflieger'
    | 'current_tours'
    | 'workshop_appointments'
    | 'document_count'
    | 'created_at'
    | 'updated_at'
  >
> & { status?: VehicleStatus | null };

export interface MaintenanceDate {
  art: MaintenanceKind;
  datum: string;
}

export interface Trailer {
  id: string;
  kennzeichen: string;
  typ: TrailerType;
  status: VehicleStatus;
  maxWeight: number | null;
  notizen: string | null;
  createdAt: string | null;
  updatedAt?: string | null;
  zugmaschineId: string | null;
  zugmaschine: { licensePlate: string } | null;
  wartungstermine: MaintenanceDate[];
  /** Optional: answers of before the workshop issue lack it. */
  workshop_appointments?: WorkshopAppointment[];
}

export interface TrailerBody {
  kennzeichen?: string | null;
  typ?: TrailerType | null;
  zugmaschine_id?: string | null;
  wartungstermine?: MaintenanceDate[] | null;
  notizen?: string | null;
  status?: VehicleStatus | null;
  maxWeight?: number | null;
}

export interface FuelCard {
  id: string;
  card_number: string;
  card_type: FuelCardType;
  provider: string | null;
  assigned_vehicle_id: string | null;
  license_plate: string | null;
  daily_limit: number | null;
  monthly_limit: number | null;
  valid_until: string | null;
  /** Always masked ('****') or null: a list never carries a PIN. */
  pin_code: string | null;
  has_pin: boolean;
  notes: string | null;
  status: FuelCardStatus;
  created_at?: string | null;
  updated_at?: string | null;
}

export interface FuelCardBody {
  card_number?: string | null;
  card_type?: FuelCardType | null;
  provider?: string | null;
  assigned_vehicle_id?: string | null;
  daily_limit?: number | null;
  monthly_limit?: number | null;
  valid_until?: string | null;
  /** Plain text on the way in; '' or null removes it, left out keeps it. */
  pin_code?: string | null;
  notes?: string | null;
  status?: FuelCardStatus | null;
}

export interface VehicleDocument {
  id: string;
  vehicleId: string;
  name: string;
  type: string;
  category: DocumentCategory;
  /** Bytes. */
  size: number;
  uploadDate: string | null;
  uploadedBy: string | null;
}

export interface BulkDispatchFailure {
  id: string;
  license_plate: string | null;
  error: string;
}

export interface BulkDispatchResponse {
  success: boolean;
  updated: number;
  failed: BulkDispatchFailure[];
}

export interface FleetEventPayload {
  id: string;
  vehicleId?: string;
  enabled_for_dispatch?: boolean;
}
