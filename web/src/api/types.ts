import type { TourDeletedPayload, TourEventPayload } from './dispositionTypes';
import type { FleetEventPayload } from './fleetTypes';
import type { MailNoticePayload } from './mailOutbox';

/**
 * Shapes of the server contract the client codes against.
 * The lead may later replace these with shared types from `events`/`domain`.
 */

export interface User {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  roles: string[];
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface LoginResponse {
  token: string;
  user: User;
}

/** Every error answer of the server. `error` is a German text. */
export interface ErrorResponse {
  error: string;
  details?: unknown;
}

export type OrderUnit = 'to' | 'm3' | 'kg' | 'stueck';
export type DeliveryTimeType = 'fixed' | 'range';
export type OrderPriority = 'low' | 'normal' | 'high' | 'urgent';
export type TransportType = 'standard' | 'silo' | 'pumpe' | 'kran';
/** Billing display state of orders.md §4.2. */
export type BillingState = 'pending' | 'processing' | 'confirmed';

/**
 * Order status values seen in the spec (orders.md §4.1). The server may send others;
 * `string & {}` keeps autocompletion for the known ones while accepting any string.
 */
export type OrderStatus =
  | 'offen'
  | 'geplant'
  | 'bestätigt'
  | 'bereit'
  | 'disponiert'
  | 'unterwegs'
  | 'geliefert'
  | 'abgeschlossen'
  | 'abgerechnet'
  | 'storno'
  | 'storniert'
  | 'problem'
  | 'abgelehnt'
  | (string & {});

export interface TourOrder {
  sequenceNumber: number;
  /** ISO timestamp: tour start + 30 min × (sequence − 1). */
  estimatedArrival: string | null;
  tour: { startTime: string | null } | null;
}

/** The order as every answer of docs/api/orders.md shows it. */
export interface Order {
  id: string;
  orderNumber: string;
  plantId: string | null;
  deliveryPlantId: string | null;
  loadingPointId: string | null;
  materialId: string | null;
  customerId: string | null;
  materialSpecification?: string | null;
  quantity: number;
  unit: OrderUnit;
  weightTons: number | null;
  /** Local date of Europe/Berlin, `YYYY-MM-DD`. */
  deliveryDate: string;
  deliveryTimeType: DeliveryTimeType;
  /** `HH:MM` or null. */
  deliveryTimeFixed: string | null;
  deliveryTimeFrom: string | null;
  deliveryTimeTo: string | null;
  deliveryAddress?: string | null;
  deliveryContactPerson?: string | null;
  deliveryPhone?: string | null;
  accessConditions?: string | null;
  vehicleRequirements?: string | null;
  priority: OrderPriority;
  status: OrderStatus;
  transportType: TransportType | (string & {}) | null;
  pumpAvailable?: boolean | null;
  craneAvailable?: boolean | null;
  notes: string | null;
  internalNotes: string | null;
  deliverySlipNumber?: string | null;
  actualWeight?: number | null;
  deliveryNotes?: string | null;
  billingPending?: boolean;
  billingConfirmed?: boolean;
  billingConfirmedAt?: string | null;
  processingStatus?: string | null;
  billingReversalReason?: string | null;
  billingReversedAt?: string | null;
  billingReversedBy?: string | null;
  billingReverser?: { firstName: string; lastName: string } | string | null;
  billingState?: BillingState;
  /** A storno row whose slip number and weight were unlocked for editing (§2.2). */
  deliveryDataUnlocked?: boolean;
  /** True when §4.2 locks the order's cells. */
  locked?: boolean;
  dispositionStatus?: string | null;
  assignedVehicleLicensePlate?: string | null;
  tourOrders?: TourOrder[];
  createdAt: string;
  updatedAt: string;
  plant: { name: string; city: string | null } | null;
  deliveryPlant: { name: string; city: string | null } | null;
  material: { name: string; category: string | null } | null;
  loadingPoint: { name: string } | null;
  customer: { company: string; contactPerson: string | null; email: string | null } | null;
  creator: { firstName: string; lastName: string } | null;
}

export type SortOrder = 'asc' | 'desc';

/** Sort keys of GET /api/orders. */
export type OrderSortBy = 'deliveryDate' | 'orderNumber' | 'createdAt' | 'status' | 'priority' | 'quantity' | 'material' | 'plant';

/** The list filters of orders.md §3; empty strings and false mean "not set". */
export interface OrderFilters {
  search: string;
  plant: string;
  loadingPoint: string;
  status: string;
  material: string;
  priority: string;
  dateFrom: string;
  dateTo: string;
  transportType: string;
  minQuantity: string;
  pumpRequired: boolean;
  craneRequired: boolean;
  createdFrom: string;
  hideSettled: boolean;
}

export interface OrderListParams {
  page: number;
  limit: number;
  sort_by: OrderSortBy | (string & {});
  sort_order: SortOrder;
  filters?: Partial<OrderFilters>;
  /** Where the search looks: the user setting defaultSearchField (`all` when absent). */
  searchField?: string;
}

export interface OrderListResponse {
  orders: Order[];
  total: number;
}

export type OrderSuggestionKind = 'orderNumber' | 'customer' | 'material' | 'loadingPoint' | 'deliveryPlant' | 'status';

export interface OrderSuggestion {
  kind: OrderSuggestionKind | (string & {});
  value: string;
  label: string;
}

export interface OrderSuggestionsResponse {
  suggestions: OrderSuggestion[];
}

/** Body of POST and PUT /api/orders (orders.md §7.2, snake_case). */
export interface OrderBody {
  plant_id: string | null;
  delivery_plant_id: string | null;
  material_id: string | null;
  loading_point_id: string | null;
  customer_id?: string | null;
  quantity: number | null;
  unit: OrderUnit;
  delivery_date: string | null;
  delivery_time_type: DeliveryTimeType;
  delivery_time_fixed: string | null;
  delivery_time_from: string | null;
  delivery_time_to: string | null;
  status?: 'offen';
  priority: OrderPriority;
  transport_type: TransportType;
  notes: string | null;
  internal_notes?: string | null;
  /** Left out when the quantity tells the weight (the server derives it). */
  weight_tons?: number | null;
  material_specification: string | null;
  delivery_address: string | null;
  delivery_contact_person: string | null;
  delivery_phone: string | null;
  vehicle_requirements: string | null;
  access_conditions: string | null;
  pump_available: boolean;
  crane_available: boolean;
}

/** Keys PATCH /api/orders/:id accepts. */
export interface OrderPatch {
  status?: OrderStatus;
  delivery_date?: string;
  delivery_time_type?: DeliveryTimeType;
  delivery_time_fixed?: string | null;
  delivery_time_from?: string | null;
  delivery_time_to?: string | null;
  quantity?: number;
  material_id?: string;
  material_specification?: string | null;
  delivery_slip_number?: string | null;
  actual_weight?: number | null;
}

export interface OrderResponse {
  success?: boolean;
  order: Order;
}

export interface SuccessResponse {
  success: boolean;
}

export interface BulkStatusFailure {
  id: string;
  orderNumber: string | null;
  error: string;
}

export interface BulkStatusResponse {
  success: boolean;
  updated: number;
  failed: BulkStatusFailure[];
}

/** GET /api/plants (orders.md §3 Plant). */
export interface Plant {
  id: string;
  name: string;
  city: string | null;
  address: string | null;
  street: string | null;
  postalCode: string | null;
  contactPerson: string | null;
  phone: string | null;
  plant_type: string | null;
  plant_role: 'loading' | 'delivery' | 'both' | (string & {}) | null;
  status: string;
}

export interface LoadingPoint {
  id: string;
  name: string;
  plant_id: string;
  plant_name: string;
  loading_type: string;
  status: string;
}

export interface Material {
  id: string;
  name: string;
  materialCode: string | null;
  category: string | null;
  description: string | null;
  unit: string;
  standardLoadSize: number | null;
  /** Tonnes per m³: the planned weight of orders in m³ (issue 31); null = not known. */
  densityTonsPerCubicMetre?: number | null;
  plantSpecific: boolean;
  assignedPlants: string[];
  status: string;
}

export interface Customer {
  id: string;
  company: string;
  contactPerson: string | null;
  email: string | null;
}

/** Payloads of the socket.io events about orders. */
export interface OrderEventPayload {
  order: Order;
}

export interface OrderDeletedPayload {
  id: string;
}

export interface ServerToClientEvents {
  /** The server's notice bus was away: notices may be lost, so every shown query refetches. */
  resync: () => void;
  new_order: (payload: OrderEventPayload) => void;
  order_updated: (payload: OrderEventPayload) => void;
  order_status_changed: (payload: OrderEventPayload) => void;
  order_deleted: (payload: OrderDeletedPayload) => void;
  tour_created: (payload: TourEventPayload) => void;
  tour_updated: (payload: TourEventPayload) => void;
  tour_deleted: (payload: TourDeletedPayload) => void;
  /** Fuhrparkverwaltung (docs/api/fleet.md "Live notices"). */
  vehicle_created: (payload: FleetEventPayload) => void;
  vehicle_updated: (payload: FleetEventPayload) => void;
  vehicle_deleted: (payload: FleetEventPayload) => void;
  dispatch_updated: (payload: FleetEventPayload) => void;
  auflieger_created: (payload: FleetEventPayload) => void;
  auflieger_updated: (payload: FleetEventPayload) => void;
  auflieger_deleted: (payload: FleetEventPayload) => void;
  fuel_card_created: (payload: FleetEventPayload) => void;
  fuel_card_updated: (payload: FleetEventPayload) => void;
  fuel_card_deleted: (payload: FleetEventPayload) => void;
  document_added: (payload: FleetEventPayload) => void;
  document_removed: (payload: FleetEventPayload) => void;
  vehicle_history_updated: (payload: { vehicleId: string }) => void;
  /** Mail outbox (docs/api/disposition.md): a tour-plan mail was requested, sent or failed. */
  tour_plan_mail_requested: (payload: MailNoticePayload) => void;
  tour_plan_mail_sent: (payload: MailNoticePayload) => void;
  tour_plan_mail_failed: (payload: MailNoticePayload) => void;
  /** An order mail (orders.md §2.10) was queued, sent or failed. */
  order_mail_requested: (payload: MailNoticePayload) => void;
  order_mail_sent: (payload: MailNoticePayload) => void;
  order_mail_failed: (payload: MailNoticePayload) => void;
  /** Billing (orders.md §3 "Billing events"): the order as it is now. */
  delivery_slip_updated: (payload: OrderEventPayload) => void;
  weight_updated: (payload: OrderEventPayload) => void;
  billing_confirmed: (payload: OrderEventPayload) => void;
  billing_undone: (payload: OrderEventPayload) => void;
  order_removed: (payload: OrderEventPayload) => void;
  billing_data_refresh: (payload: OrderEventPayload) => void;
}

/** The client sends no events yet. */
export type ClientToServerEvents = Record<string, never>;
