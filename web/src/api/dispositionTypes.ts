/**
 * Shapes of the Disposition API (docs/api/disposition.md, dispatch.md §3). The server sends some
 * fields twice (snake_case and camelCase); the client reads the snake_case ones and falls back to
 * the other where the contract names both.
 */
import type { MailDeliveryState } from '@dispo/domain/order-mail/delivery';

export type TourStatus = 'planned' | 'in_progress' | 'completed' | 'cancelled';

export interface WorkshopAppointment {
  id: string;
  /** `YYYY-MM-DD`. */
  scheduledDate: string;
  /** `HH:MM` or null. */
  time?: string | null;
  appointment_type?: string | null;
  workshop?: string | null;
  notes?: string | null;
  status?: string | null;
}

export interface VehicleCurrentTour {
  id: string;
  tourNumber: string;
  status: TourStatus | (string & {});
  /** `YYYY-MM-DDTHH:MM`. */
  startTime: string;
}

/** GET /api/disposition/vehicles: a vehicle released for dispatch. */
export interface DispatchVehicle {
  id: string;
  license_plate: string;
  licensePlate?: string;
  vehicle_type: string;
  brand: string | null;
  make_model: string | null;
  status: string;
  enabled_for_dispatch: boolean;
  payload_kg: number | null;
  payloadKg?: number | null;
  home_plant_name: string | null;
  driver: { full_name: string } | null;
  current_tours?: VehicleCurrentTour[];
  workshop_appointments?: WorkshopAppointment[];
  /** Coupled trailers: the workshop wizard's trailer suggestion. */
  auflieger?: { id: string; kennzeichen: string }[];
  tuv_until?: string | null;
  inspection_until?: string | null;
  insurance_until?: string | null;
}

/** GET /api/disposition/orders/open: an order with status `offen` (dispatch.md §3 "Open order"). */
export interface OpenOrder {
  id: string;
  order_number: string;
  /** `transport_order` or `order`. */
  type: string;
  /** `simple`, `standard` or `transport`. */
  order_type: 'simple' | 'standard' | 'transport' | (string & {});
  customer_name: string | null;
  loading_plant_id: string | null;
  loading_plant_name: string | null;
  plant_name?: string | null;
  loading_point_name?: string | null;
  delivery_plant_id: string | null;
  delivery_plant_name: string | null;
  material_name: string | null;
  materials?: string[];
  quantity: number;
  unit: string;
  /** `YYYY-MM-DD`. */
  delivery_date: string;
  delivery_time_type: 'fixed' | 'range' | (string & {});
  delivery_time_fixed: string | null;
  delivery_time_from: string | null;
  delivery_time_to: string | null;
  status: string;
  priority: string | null;
  notes?: string | null;
  internalNotes?: string | null;
  delivery_address?: string | null;
  delivery_lat?: number | null;
  delivery_lng?: number | null;
  loading_lat?: number | null;
  loading_lng?: number | null;
}

/** An order on a tour: what the timeline and the tour details show. */
export interface TourTransportOrder {
  id: string;
  orderNumber: string;
  status: string;
  customerName: string | null;
  loadingPlantName: string | null;
  loadingPointName?: string | null;
  deliveryPlantName: string | null;
  materialName: string | null;
  quantity: number;
  unit: string;
  /** The planned weight in t; null when not known. */
  weightTons?: number | null;
}

export interface TourStop {
  id: string;
  sequenceNumber: number;
  /** `YYYY-MM-DDTHH:MM`. */
  estimatedArrival: string | null;
  transportOrder: TourTransportOrder;
}

/** The tour's vehicle (dispatch.md §3 "Tour"); the timeline takes the full one from the vehicles call. */
export interface TourVehicle {
  id: string;
  license_plate: string | null;
  brand?: string | null;
  driver?: { full_name: string } | null;
  payloadKg?: number | null;
}

/** GET /api/disposition/tours/:date and …/details/:id. */
export interface Tour {
  id: string;
  tour_number: string;
  tourNumber?: string;
  vehicle_id: string;
  vehicle: TourVehicle | null;
  date: string;
  /** `HH:MM`. */
  start_time: string;
  /** `YYYY-MM-DDTHH:MM`. */
  startTime: string;
  end_time: string | null;
  endTime: string | null;
  status: TourStatus | (string & {});
  /** The stops in sequence (dispatch.md §3 `orders / tourOrders`: sent once, as `orders`). */
  orders: TourStop[];
  total_quantity?: number;
  hasConflict: boolean;
  /** The vehicle is in the workshop during the tour (a pending appointment's window overlaps it). */
  workshopConflict?: { appointmentId: string; appointmentType: string; from: string; to: string } | null;
  /** Why the tour is neither reset to open nor deleted (completed, or delivered/billed orders); null: it may be. */
  keptReason?: string | null;
  /** The latest route optimization (dispatch.md §3 "Tour"); null: never optimized. */
  optimization_status?: OptimizationStatus | null;
  optimization_savings?: OptimizationSavings | null;
  route_optimized?: boolean;
}

/** dispatch.md §4 "Optimization status". */
export type OptimizationStatus = 'pending' | 'in_progress' | 'completed' | 'failed';

/** dispatch.md §3: km, seconds, euros. */
export interface OptimizationSavings {
  distanceSaved: number;
  timeSaved: number;
  costSaved: number;
}

export interface OptimizationOperationStatus {
  operationId: string;
  tourId: string;
  status: OptimizationStatus;
  error: string | null;
}

export interface OptimizedStop {
  orderId: string;
  sequenceNumber: number;
  orderNumber: string | null;
  customerName: string | null;
  loadingPlantName: string | null;
  deliveryPlantName: string | null;
  wantedTime: string | null;
  estimatedArrival: string;
  late: boolean;
}

export interface OptimizedRouteView {
  sequence: OptimizedStop[];
  emptyKm: number;
  endTime: string;
  durationMinutes: number | null;
}

/** GET /api/optimization/operations/:id/result. */
export interface OptimizationResultResponse extends OptimizationOperationStatus {
  tourNumber: string | null;
  result: {
    method: 'exact' | 'heuristic';
    feasible: boolean;
    original: OptimizedRouteView;
    optimized: OptimizedRouteView;
    optimizedRoutes: string[];
    savings: OptimizationSavings;
    applied: boolean;
  };
}

export interface OptimizationHistoryEntry {
  operationId: string;
  status: OptimizationStatus;
  requestedAt: string | null;
  completedAt: string | null;
  failedAt: string | null;
  appliedAt: string | null;
  resetAt: string | null;
  error: string | null;
  savings: OptimizationSavings | null;
}

/** GET /api/optimization/tours/:id/optimization (dispatch.md §3 "Optimization record"). */
export interface TourOptimizationResponse {
  optimization: {
    route_optimized: boolean;
    last_optimized_at: string | null;
    optimization_status: OptimizationStatus | null;
    optimization_savings: OptimizationSavings | null;
    ptv_plan_id: string | null;
    ptv_operation_id: string | null;
    operation_id: string | null;
  };
  history: OptimizationHistoryEntry[];
}

export interface DispatchVehiclesResponse {
  vehicles: DispatchVehicle[];
}

/** One page: `next_offset` is where the next page starts, null on the last (docs/api/disposition.md). */
export interface OpenOrdersResponse {
  orders: OpenOrder[];
  next_offset?: number | null;
}

export interface ToursResponse {
  tours: Tour[];
}

export interface TourResponse {
  success?: boolean;
  tour: Tour;
}

export interface AssignBody {
  orderId: string;
  orderType: string;
  vehicleId: string;
  /** `YYYY-MM-DDTHH:MM` local time of Europe/Berlin. */
  scheduledTime: string;
  /** The dispatcher confirmed the server's warnings (a vehicle in the workshop). */
  confirmWarnings?: boolean;
}

export interface AssignResponse {
  success: boolean;
  tour: Tour;
  tourId: string;
}

export interface MoveBody {
  vehicleId: string;
  scheduledTime: string;
  /** Where the tour was dragged from: moved elsewhere meanwhile, the server answers 409. */
  fromVehicleId?: string;
}

export interface CompleteDayResponse {
  success: boolean;
  message?: string;
  tourPlanSent: boolean;
  tourPlanQueued?: boolean;
  /** Where the queued tour-plan mail stands; the answer never waits for the SMTP server. */
  tourPlanDelivery?: MailDeliveryState;
  tourPlanError?: string;
  tourPlanInfo?: { tourCount: number; vehicleCount: number };
}

export interface DispatchStatsDay {
  date: string;
  tours: number;
  orders: number;
  tonnage: number;
  vehiclesUsed: number;
  openOrders: number;
}

export interface DispatchStatsResponse {
  stats: { days: DispatchStatsDay[]; totals: { tours: number; orders: number; tonnage: number; openOrders: number } };
}

/** Payloads of the socket.io events about tours. */
export interface TourEventPayload {
  tour: Tour;
}

export interface TourDeletedPayload {
  id: string;
}
