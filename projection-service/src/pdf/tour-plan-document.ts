import { clockOf, minutesOf } from '@dispo/domain/tour/clock';
import type { TourStatus } from '@dispo/events/catalog/index';
import type { SqlExecutor } from '@dispo/events/sql/client';

/** One order of a tour as the tour plan prints it. */
export interface TourPlanStop {
  orderId: string;
  orderNumber: string;
  /** 1 for the first order of the tour. */
  sequenceNumber: number;
  /** `HH:MM`: the tour start plus 30 minutes per order before this one (orders.md §9). */
  estimatedArrival: string;
  loadingPlant: string | null;
  loadingPoint: string | null;
  deliveryPlant: string | null;
  material: string | null;
  quantity: number;
  unit: string;
  /** What the order weighs in tonnes, or null when that is unknown (m³ or pieces without a weight). */
  tons: number | null;
  customer: string | null;
  /** The public notes; internal notes are never loaded. */
  notes: string | null;
}

export interface TourPlanTour {
  id: string;
  tourNumber: string;
  vehicleId: string;
  /** Null until the fleet's read model (read.vehicles) knows the vehicle. */
  licensePlate: string | null;
  startTime: string;
  endTime: string | null;
  status: TourStatus;
  stops: TourPlanStop[];
}

export interface TourPlanTotals {
  tours: number;
  vehicles: number;
  orders: number;
  tons: number;
}

/** The tours of one day, sorted by licence plate, with their orders in sequence. */
export interface TourPlan {
  /** YYYY-MM-DD */
  date: string;
  tours: TourPlanTour[];
  /** Over the tours that are not cancelled: a cancelled tour is listed, but nothing is carried. */
  totals: TourPlanTotals;
}

/** Minutes between two stops of a tour (orders.md §9, the same rule as read.orders.tour_orders). */
export const MINUTES_PER_STOP = 30;

export function estimatedArrival(startTime: string, sequenceNumber: number): string {
  return clockOf(minutesOf(startTime) + MINUTES_PER_STOP * (sequenceNumber - 1));
}

/** Tonnes of an order: the quantity when ordered in tonnes, else its recorded weight, else kg / 1000. */
export function tonsOf(quantity: number, unit: string, weightTons: number | null): number | null {
  if (unit === 'to') return quantity;
  if (weightTons !== null) return weightTons;
  if (unit === 'kg') return quantity / 1000;
  return null;
}

const plateOrder = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

/**
 * dispatch.md §9: the plan is sorted by licence plate ("HH-AB 9" before "HH-AB 10"); tours of a
 * vehicle by start time; vehicles whose plate is not known yet come last, by id.
 */
export function compareTours(a: TourPlanTour, b: TourPlanTour): number {
  if (a.licensePlate !== b.licensePlate) {
    if (a.licensePlate === null) return 1;
    if (b.licensePlate === null) return -1;
    const byPlate = plateOrder.compare(a.licensePlate, b.licensePlate);
    if (byPlate !== 0) return byPlate;
  }
  return a.vehicleId.localeCompare(b.vehicleId) || a.startTime.localeCompare(b.startTime) || a.tourNumber.localeCompare(b.tourNumber);
}

export function totalsOf(tours: readonly TourPlanTour[]): TourPlanTotals {
  const counted = tours.filter((t) => t.status !== 'cancelled');
  const stops = counted.flatMap((t) => t.stops);
  const tons = stops.reduce((sum, s) => sum + (s.tons ?? 0), 0);
  return {
    tours: counted.length,
    vehicles: new Set(counted.map((t) => t.vehicleId)).size,
    orders: stops.length,
    // Sums of decimals: no 54.00000000001 t on paper.
    tons: Math.round(tons * 1000) / 1000,
  };
}

/** Sorts the tours and their stops and adds the totals. */
export function tourPlanOf(date: string, tours: readonly TourPlanTour[]): TourPlan {
  const sorted = tours.map((t) => ({ ...t, stops: [...t.stops].sort((a, b) => a.sequenceNumber - b.sequenceNumber) })).sort(compareTours);
  return { date, tours: sorted, totals: totalsOf(sorted) };
}

type Row = Record<string, unknown>;

const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

/**
 * The tour plan of `date` (YYYY-MM-DD) from read.tours, read.tour_orders, read.orders and the fleet's
 * read.vehicles (the plate; the orders' copy of it when the vehicle row is gone; else the plan names
 * the vehicle id).
 */
export async function loadTourPlan(sql: SqlExecutor, date: string): Promise<TourPlan> {
  const { rows: tourRows } = await sql.query(
    `SELECT t.id, t.tour_number, t.vehicle_id, t.start_time, t.end_time, t.status,
       coalesce(v.license_plate, (SELECT max(o.assigned_vehicle_license_plate) FROM read.orders o WHERE o.tour_id = t.id)) AS license_plate
     FROM read.tours t LEFT JOIN read.vehicles v ON v.id = t.vehicle_id
     WHERE t.date = $1`,
    [date],
  );
  const { rows: stopRows } = await sql.query(
    `SELECT tor.tour_id, tor.sequence_number, o.id, o.order_number, o.plant_name, o.loading_point_name, o.delivery_plant_name,
       o.material_name, o.quantity, o.unit, o.weight_tons, o.customer_company, o.notes
     FROM read.tour_orders tor
     JOIN read.tours t ON t.id = tor.tour_id
     JOIN read.orders o ON o.id = tor.order_id
     WHERE t.date = $1
     ORDER BY tor.tour_id, tor.sequence_number`,
    [date],
  );
  const stopsByTour = new Map<string, Row[]>();
  for (const r of stopRows) {
    const list = stopsByTour.get(String(r.tour_id)) ?? [];
    list.push(r);
    stopsByTour.set(String(r.tour_id), list);
  }
  const tours = tourRows.map((r): TourPlanTour => {
    const startTime = String(r.start_time);
    return {
      id: String(r.id),
      tourNumber: String(r.tour_number),
      vehicleId: String(r.vehicle_id),
      licensePlate: text(r.license_plate),
      startTime,
      endTime: text(r.end_time),
      status: String(r.status) as TourStatus,
      stops: (stopsByTour.get(String(r.id)) ?? []).map((s): TourPlanStop => {
        const sequenceNumber = Number(s.sequence_number);
        const quantity = Number(s.quantity);
        const unit = String(s.unit);
        return {
          orderId: String(s.id),
          orderNumber: String(s.order_number),
          sequenceNumber,
          estimatedArrival: estimatedArrival(startTime, sequenceNumber),
          loadingPlant: text(s.plant_name),
          loadingPoint: text(s.loading_point_name),
          deliveryPlant: text(s.delivery_plant_name),
          material: text(s.material_name),
          quantity,
          unit,
          tons: tonsOf(quantity, unit, s.weight_tons === null || s.weight_tons === undefined ? null : Number(s.weight_tons)),
          customer: text(s.customer_company),
          notes: text(s.notes),
        };
      }),
    };
  });
  return tourPlanOf(date, tours);
}
