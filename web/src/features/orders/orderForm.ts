import { messages } from '@dispo/domain/messages';
import { plannedWeightTons } from '@dispo/domain/order/planned-weight';
import type { DeliveryTimeType, LoadingPoint, Material, Order, OrderBody, OrderPriority, OrderUnit, Plant, TransportType } from '../../api/types';
import { todayInBerlin } from './format';
import { DEFAULT_TIME_FROM, DEFAULT_TIME_TO, isIsoDate, normalizeClock } from './time';

/** The full order form's values (§2.7, every field of the Order entity of §3), as the inputs hold them. */
export interface OrderFormValues {
  orderNumber: string;
  plantId: string;
  deliveryPlantId: string;
  loadingPointId: string;
  customerId: string;
  customerName: string;
  materialId: string;
  materialName: string;
  materialSpecification: string;
  quantity: string;
  unit: OrderUnit;
  weightTons: string;
  deliveryDate: string;
  deliveryTimeType: DeliveryTimeType;
  deliveryTimeFixed: string;
  deliveryTimeFrom: string;
  deliveryTimeTo: string;
  deliveryAddress: string;
  deliveryContactPerson: string;
  deliveryPhone: string;
  priority: OrderPriority;
  transportType: TransportType;
  vehicleRequirements: string;
  pumpAvailable: boolean;
  craneAvailable: boolean;
  accessConditions: string;
  notes: string;
  internalNotes: string;
}

export const UNITS: readonly OrderUnit[] = ['to', 'm3', 'kg', 'stueck'];
export const PRIORITIES: readonly OrderPriority[] = ['low', 'normal', 'high', 'urgent'];
export const TRANSPORT_TYPES: readonly TransportType[] = ['standard', 'silo', 'pumpe', 'kran'];

/** Tomorrow in Europe/Berlin, 'YYYY-MM-DD'. */
export function tomorrowInBerlin(now: Date = new Date()): string {
  const today = todayInBerlin(now);
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** §9 defaults: unit to, priority normal, transport type standard; times 08:00 and 17:00. */
export function emptyFormValues(orderNumber: string): OrderFormValues {
  return {
    orderNumber,
    plantId: '',
    deliveryPlantId: '',
    loadingPointId: '',
    customerId: '',
    customerName: '',
    materialId: '',
    materialName: '',
    materialSpecification: '',
    quantity: '',
    unit: 'to',
    weightTons: '',
    deliveryDate: tomorrowInBerlin(),
    deliveryTimeType: 'fixed',
    deliveryTimeFixed: DEFAULT_TIME_FROM,
    deliveryTimeFrom: DEFAULT_TIME_FROM,
    deliveryTimeTo: DEFAULT_TIME_TO,
    deliveryAddress: '',
    deliveryContactPerson: '',
    deliveryPhone: '',
    priority: 'normal',
    transportType: 'standard',
    vehicleRequirements: '',
    pumpAvailable: false,
    craneAvailable: false,
    accessConditions: '',
    notes: '',
    internalNotes: '',
  };
}

const str = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function formValuesOf(order: Order): OrderFormValues {
  return {
    orderNumber: order.orderNumber,
    plantId: str(order.plantId),
    deliveryPlantId: str(order.deliveryPlantId),
    loadingPointId: str(order.loadingPointId),
    customerId: str(order.customerId),
    customerName: order.customer?.company ?? '',
    materialId: str(order.materialId),
    materialName: order.material?.name ?? '',
    materialSpecification: str(order.materialSpecification),
    quantity: str(order.quantity),
    unit: order.unit ?? 'to',
    weightTons: str(order.weightTons),
    deliveryDate: order.deliveryDate?.slice(0, 10) ?? '',
    deliveryTimeType: order.deliveryTimeType === 'range' ? 'range' : 'fixed',
    deliveryTimeFixed: order.deliveryTimeFixed?.slice(0, 5) ?? '',
    deliveryTimeFrom: order.deliveryTimeFrom?.slice(0, 5) || DEFAULT_TIME_FROM,
    deliveryTimeTo: order.deliveryTimeTo?.slice(0, 5) || DEFAULT_TIME_TO,
    deliveryAddress: str(order.deliveryAddress),
    deliveryContactPerson: str(order.deliveryContactPerson),
    deliveryPhone: str(order.deliveryPhone),
    priority: order.priority ?? 'normal',
    transportType: (TRANSPORT_TYPES as readonly string[]).includes(order.transportType ?? '')
      ? (order.transportType as TransportType)
      : 'standard',
    vehicleRequirements: str(order.vehicleRequirements),
    pumpAvailable: Boolean(order.pumpAvailable),
    craneAvailable: Boolean(order.craneAvailable),
    accessConditions: str(order.accessConditions),
    notes: str(order.notes),
    internalNotes: str(order.internalNotes),
  };
}

export type FormField = keyof OrderFormValues;

/** §5.2: the new form requires six fields, the edit form three. */
export function requiredFields(mode: 'new' | 'edit'): readonly FormField[] {
  return mode === 'new'
    ? ['plantId', 'deliveryPlantId', 'materialId', 'quantity', 'deliveryDate', 'loadingPointId']
    : ['plantId', 'quantity', 'deliveryDate'];
}

export interface FormCheck {
  error: string | null;
  invalid: Set<FormField>;
}

function parseNumber(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : Number.NaN;
}

/**
 * The weight the order will have when the quantity tells it (the order rule, docs/invariants.md
 * "weight follows quantity"), or null when only the user knows it (pieces, m³ without a density).
 */
export function derivedWeightOf(values: OrderFormValues, materials: readonly Material[]): number | null {
  const quantity = parseNumber(values.quantity);
  if (quantity === null || Number.isNaN(quantity)) return null;
  const material = materials.find((m) => m.id === values.materialId);
  return plannedWeightTons(quantity, values.unit, material?.densityTonsPerCubicMetre);
}

export function checkForm(values: OrderFormValues, mode: 'new' | 'edit'): FormCheck {
  const missing = requiredFields(mode).filter((field) => String(values[field]).trim() === '');
  if (missing.length > 0) return { error: messages.validation.requiredFields, invalid: new Set(missing) };
  const quantity = parseNumber(values.quantity);
  if (quantity === null || Number.isNaN(quantity) || quantity <= 0) {
    return { error: messages.validation.wizard.quantityPositive, invalid: new Set(['quantity']) };
  }
  const weight = parseNumber(values.weightTons);
  if (weight !== null && (Number.isNaN(weight) || weight < 0)) {
    return { error: messages.validation.weightNotNegative, invalid: new Set(['weightTons']) };
  }
  if (!isIsoDate(values.deliveryDate)) return { error: messages.validation.invalidDate, invalid: new Set(['deliveryDate']) };
  if (values.deliveryTimeType === 'fixed') {
    // A fixed time type needs its time (the server refuses it too, §5.1).
    if (values.deliveryTimeFixed.trim() === '') return { error: messages.validation.quickOrder.enterTime, invalid: new Set(['deliveryTimeFixed']) };
    if (!normalizeClock(values.deliveryTimeFixed)) {
      return { error: messages.validation.invalidTime, invalid: new Set(['deliveryTimeFixed']) };
    }
  } else {
    const from = normalizeClock(values.deliveryTimeFrom);
    const to = normalizeClock(values.deliveryTimeTo);
    if (!from) return { error: messages.validation.wizard.timeFromRequired, invalid: new Set(['deliveryTimeFrom']) };
    if (!to) return { error: messages.validation.wizard.timeToRequired, invalid: new Set(['deliveryTimeTo']) };
    if (from >= to) return { error: messages.validation.timeRangeOrder, invalid: new Set(['deliveryTimeFrom', 'deliveryTimeTo']) };
  }
  return { error: null, invalid: new Set() };
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());
const idOrNull = (text: string) => (text === '' ? null : text);

/**
 * The snake_case body of POST and PUT (§7.2). Internal notes are sent only for a new order. A weight
 * the quantity tells (`derivedWeight`) is not sent: the server derives it, so an old one cannot stick.
 */
export function orderBodyOf(values: OrderFormValues, mode: 'new' | 'edit', derivedWeight: number | null = null): OrderBody {
  const fixed = values.deliveryTimeType === 'fixed';
  const body: OrderBody = {
    plant_id: idOrNull(values.plantId),
    delivery_plant_id: idOrNull(values.deliveryPlantId),
    material_id: idOrNull(values.materialId),
    loading_point_id: idOrNull(values.loadingPointId),
    customer_id: idOrNull(values.customerId),
    quantity: parseNumber(values.quantity),
    unit: values.unit,
    delivery_date: textOrNull(values.deliveryDate),
    delivery_time_type: values.deliveryTimeType,
    delivery_time_fixed: fixed ? normalizeClock(values.deliveryTimeFixed) : null,
    delivery_time_from: fixed ? null : normalizeClock(values.deliveryTimeFrom),
    delivery_time_to: fixed ? null : normalizeClock(values.deliveryTimeTo),
    priority: values.priority,
    transport_type: values.transportType,
    notes: textOrNull(values.notes),
    ...(derivedWeight === null ? { weight_tons: parseNumber(values.weightTons) } : {}),
    material_specification: textOrNull(values.materialSpecification),
    delivery_address: textOrNull(values.deliveryAddress),
    delivery_contact_person: textOrNull(values.deliveryContactPerson),
    delivery_phone: textOrNull(values.deliveryPhone),
    vehicle_requirements: textOrNull(values.vehicleRequirements),
    access_conditions: textOrNull(values.accessConditions),
    pump_available: values.pumpAvailable,
    crane_available: values.craneAvailable,
  };
  if (mode === 'new') {
    body.status = 'offen';
    body.internal_notes = textOrNull(values.internalNotes);
  }
  return body;
}

/** §5.5: the loading plant list takes zementwerk, kieswerk, loading_point, terminal, sonstige or untyped plants. */
const LOADING_TYPES = new Set(['zementwerk', 'kieswerk', 'loading_point', 'terminal', 'sonstige', '']);
/** §5.5: the delivery plant list excludes loading_point and terminal types. */
const NOT_DELIVERY_TYPES = new Set(['loading_point', 'terminal']);

const active = (plant: Plant) => plant.status !== 'inactive';

/** Plants offered as loading plant: role loading or both (§5.4) and a loading type (§5.5). */
export function loadingPlants(plants: readonly Plant[]): Plant[] {
  return plants.filter(
    (plant) => active(plant) && (plant.plant_role ?? 'both') !== 'delivery' && LOADING_TYPES.has(plant.plant_type ?? ''),
  );
}

/** Plants offered as delivery plant: role delivery or both, not a loading point or terminal. */
export function deliveryPlants(plants: readonly Plant[]): Plant[] {
  return plants.filter(
    (plant) => active(plant) && (plant.plant_role ?? 'both') !== 'loading' && !NOT_DELIVERY_TYPES.has(plant.plant_type ?? ''),
  );
}

export function loadingPointsOf(points: readonly LoadingPoint[], plantId: string): LoadingPoint[] {
  return plantId ? points.filter((point) => point.plant_id === plantId) : [];
}

/** 'Name (City)', or the name alone when it holds the city already or there is none. */
export function plantLabel(plant: Pick<Plant, 'name'> & { city?: string | null }): string {
  return plant.city && !plant.name.includes(plant.city) ? `${plant.name} (${plant.city})` : plant.name;
}

/** The favourites of the user settings first (in their own order), then the rest as they were. */
export function favoritesFirst<T>(items: readonly T[], favorites: readonly string[], idOf: (item: T) => string): T[] {
  if (favorites.length === 0) return [...items];
  const rank = (item: T) => {
    const i = favorites.indexOf(idOf(item));
    return i < 0 ? favorites.length : i;
  };
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map((x) => x.item);
}
