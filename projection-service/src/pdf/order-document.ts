import type { DeliveryTimeType, OrderPriority, TransportType, Unit } from '@dispo/events/catalog/index';
import type { SqlExecutor } from '@dispo/events/sql/client';

/** A plant as the transport order prints it: name and the full address of read.plants. */
export interface PlantAddress {
  name: string;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  /** read.plants.address, used when street and postal code are unknown. */
  address: string | null;
  contactPerson: string | null;
  phone: string | null;
}

/**
 * Everything the order PDF shows. Internal notes are deliberately absent: the document goes to
 * drivers and recipients, so what it must not print is never loaded.
 */
export interface OrderDocument {
  id: string;
  orderNumber: string;
  createdAt: Date;
  /** YYYY-MM-DD */
  deliveryDate: string;
  deliveryTimeType: DeliveryTimeType;
  deliveryTimeFixed: string | null;
  deliveryTimeFrom: string | null;
  deliveryTimeTo: string | null;
  loadingPlant: PlantAddress | null;
  deliveryPlant: PlantAddress | null;
  loadingPoint: string | null;
  material: { name: string; category: string | null; code: string | null } | null;
  materialSpecification: string | null;
  quantity: number;
  unit: Unit;
  weightTons: number | null;
  priority: OrderPriority;
  transportType: TransportType;
  pumpAvailable: boolean;
  craneAvailable: boolean;
  accessConditions: string | null;
  vehicleRequirements: string | null;
  deliveryAddress: string | null;
  deliveryContactPerson: string | null;
  deliveryPhone: string | null;
  /** The public notes. */
  notes: string | null;
  customer: { company: string; contactPerson: string | null; email: string | null; phone: string | null } | null;
}

type Row = Record<string, unknown>;

const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

function plant(r: Row, prefix: 'lp' | 'dp'): PlantAddress | null {
  const name = text(r[`${prefix}_name`]);
  if (!name) return null;
  return {
    name,
    street: text(r[`${prefix}_street`]),
    postalCode: text(r[`${prefix}_postal_code`]),
    city: text(r[`${prefix}_city`]),
    address: text(r[`${prefix}_address`]),
    contactPerson: text(r[`${prefix}_contact_person`]),
    phone: text(r[`${prefix}_phone`]),
  };
}

/** Maps one row of the query in `loadOrderDocument`. */
export function orderDocumentFromRow(r: Row): OrderDocument {
  const materialName = text(r.material_name);
  const company = text(r.customer_company);
  return {
    id: String(r.id),
    orderNumber: String(r.order_number),
    createdAt: date(r.created_at),
    deliveryDate: String(r.delivery_date),
    deliveryTimeType: String(r.delivery_time_type) as DeliveryTimeType,
    deliveryTimeFixed: text(r.delivery_time_fixed),
    deliveryTimeFrom: text(r.delivery_time_from),
    deliveryTimeTo: text(r.delivery_time_to),
    loadingPlant: plant(r, 'lp'),
    deliveryPlant: plant(r, 'dp'),
    loadingPoint: text(r.loading_point_name),
    material: materialName ? { name: materialName, category: text(r.material_category), code: text(r.material_code) } : null,
    materialSpecification: text(r.material_specification),
    quantity: Number(r.quantity),
    unit: String(r.unit) as Unit,
    weightTons: num(r.weight_tons),
    priority: String(r.priority) as OrderPriority,
    transportType: String(r.transport_type) as TransportType,
    pumpAvailable: r.pump_available === true,
    craneAvailable: r.crane_available === true,
    accessConditions: text(r.access_conditions),
    vehicleRequirements: text(r.vehicle_requirements),
    deliveryAddress: text(r.delivery_address),
    deliveryContactPerson: text(r.delivery_contact_person),
    deliveryPhone: text(r.delivery_phone),
    notes: text(r.notes),
    customer: company
      ? { company, contactPerson: text(r.customer_contact_person), email: text(r.customer_email), phone: text(r.customer_phone) }
      : null,
  };
}

/**
 * The order `id` with the current addresses of its plants (read.plants), or null when there is no
 * such order. Names fall back to the order row's copies when a plant row is missing.
 */
export async function loadOrderDocument(sql: SqlExecutor, id: string): Promise<OrderDocument | null> {
  const { rows } = await sql.query(
    `SELECT o.id, o.order_number, o.created_at,
       o.delivery_date, o.delivery_time_type, o.delivery_time_fixed, o.delivery_time_from, o.delivery_time_to,
       coalesce(lp.name, o.plant_name) AS lp_name, lp.street AS lp_street, lp.postal_code AS lp_postal_code,
       coalesce(lp.city, o.plant_city) AS lp_city, lp.address AS lp_address, lp.contact_person AS lp_contact_person, lp.phone AS lp_phone,
       coalesce(dp.name, o.delivery_plant_name) AS dp_name, dp.street AS dp_street, dp.postal_code AS dp_postal_code,
       coalesce(dp.city, o.delivery_plant_city) AS dp_city, dp.address AS dp_address, dp.contact_person AS dp_contact_person, dp.phone AS dp_phone,
       o.loading_point_name, o.material_name, o.material_category, m.material_code, o.material_specification,
       o.quantity, o.unit, o.weight_tons, o.priority, o.transport_type,
       o.pump_available, o.crane_available, o.access_conditions, o.vehicle_requirements,
       o.delivery_address, o.delivery_contact_person, o.delivery_phone, o.notes,
       o.customer_company, o.customer_contact_person, o.customer_email, c.phone AS customer_phone
     FROM read.orders o
     LEFT JOIN read.plants lp ON lp.id = o.plant_id
     LEFT JOIN read.plants dp ON dp.id = o.delivery_plant_id
     LEFT JOIN read.materials m ON m.id = o.material_id
     LEFT JOIN read.customers c ON c.id = o.customer_id
     WHERE o.id = $1`,
    [id],
  );
  return rows[0] ? orderDocumentFromRow(rows[0]) : null;
}
