import type { DeliveryTimeType, OrderPriority, Unit } from '@dispo/events/catalog/index';

/** What the parser knows about the master data: read-model rows and demo fixtures both fit. */
export interface OrderTextPlant {
  id: string;
  name: string;
  city?: string | null;
  plantRole?: string | null;
  plantType?: string | null;
}

export interface OrderTextLoadingPoint {
  id: string;
  name: string;
  plantId: string;
}

export interface OrderTextMaterial {
  id: string;
  name: string;
  category?: string | null;
  materialCode?: string | null;
  /** One truckload, in `unit`; null means the default of 27 t. */
  standardLoadSize?: number | null;
  /** The unit of `standardLoadSize` (default `to`). */
  unit?: Unit | null;
}

export interface OrderTextCustomer {
  id: string;
  company: string;
  contactPerson?: string | null;
}

export interface OrderTextCatalogue {
  plants: readonly OrderTextPlant[];
  loadingPoints: readonly OrderTextLoadingPoint[];
  materials: readonly OrderTextMaterial[];
  customers: readonly OrderTextCustomer[];
}

/** One order the text describes, as the preview card shows it (orders.md §2.4); unknown parts are null. */
export interface OrderDraft {
  materialId: string | null;
  materialName: string | null;
  customerId: string | null;
  customerName: string | null;
  loadingPlantId: string | null;
  loadingPlantName: string | null;
  deliveryPlantId: string | null;
  deliveryPlantName: string | null;
  loadingPointId: string | null;
  loadingPointName: string | null;
  quantity: number | null;
  unit: Unit | null;
  deliveryDate: string | null;
  deliveryTimeType: DeliveryTimeType | null;
  deliveryTimeFixed: string | null;
  deliveryTimeFrom: string | null;
  deliveryTimeTo: string | null;
  priority: OrderPriority | null;
  notes: string | null;
}

export interface OrderTextResult {
  /** 0..0.95 (§5.4); the preview is shown only above 0.3. */
  confidence: number;
  /** German hints on what is missing or uncertain; only when confidence is below 0.7. */
  hints: string[];
  /** One entry per detected time and per truckload; empty when no material, customer or plant was recognised. */
  orders: OrderDraft[];
}
