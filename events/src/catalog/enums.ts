import { z } from 'zod';

/**
 * The closed value sets of the catalogue. Each comes as a const list (for selects and loops),
 * a zod schema (for validation) and a type.
 */

/** Roles of a user; the spec names none (orders.md §6), these are the product's own. */
export const USER_ROLES = ['dispatcher', 'order_taker', 'billing', 'fleet_manager', 'auditor', 'admin'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

/**
 * Order status values of orders.md §4.1: the filter list, the inline dropdown and the values "also
 * seen" (bestätigt, bereit, abgelehnt). `storniert` and `storno` both occur in the spec and are kept
 * apart because the old application wrote both.
 */
export const ORDER_STATUSES = [
  'offen',
  'geplant',
  'disponiert',
  'unterwegs',
  'geliefert',
  'abgeschlossen',
  'abgerechnet',
  'storniert',
  'storno',
  'problem',
  'bestätigt',
  'bereit',
  'abgelehnt',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const ORDER_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const orderPrioritySchema = z.enum(ORDER_PRIORITIES);
export type OrderPriority = z.infer<typeof orderPrioritySchema>;

export const TRANSPORT_TYPES = ['standard', 'silo', 'pumpe', 'kran'] as const;
export const transportTypeSchema = z.enum(TRANSPORT_TYPES);
export type TransportType = z.infer<typeof transportTypeSchema>;

/** to = Tonnen, m3 = Kubikmeter, kg = Kilogramm, stueck = Stück (orders.md §3). */
export const UNITS = ['to', 'm3', 'kg', 'stueck'] as const;
export const unitSchema = z.enum(UNITS);
export type Unit = z.infer<typeof unitSchema>;

/** fixed = Feste Zeit, range = Zeitraum. */
export const DELIVERY_TIME_TYPES = ['fixed', 'range'] as const;
export const deliveryTimeTypeSchema = z.enum(DELIVERY_TIME_TYPES);
export type DeliveryTimeType = z.infer<typeof deliveryTimeTypeSchema>;

export const PLANT_TYPES = [
  'zementwerk',
  'kieswerk',
  'loading_point',
  'terminal',
  'sonstige',
  'both',
  'delivery_plant',
  'loading_plant',
] as const;
export const plantTypeSchema = z.enum(PLANT_TYPES);
export type PlantType = z.infer<typeof plantTypeSchema>;

export const PLANT_ROLES = ['loading', 'delivery', 'both'] as const;
export const plantRoleSchema = z.enum(PLANT_ROLES);
export type PlantRole = z.infer<typeof plantRoleSchema>;

/** The spec gives only the default `active`; `inactive` is the product's way to retire a plant. */
export const PLANT_STATUSES = ['active', 'inactive'] as const;
export const plantStatusSchema = z.enum(PLANT_STATUSES);
export type PlantStatus = z.infer<typeof plantStatusSchema>;

/** The spec gives only the default `available`; `unavailable` blocks a loading point for a while. */
export const LOADING_POINT_STATUSES = ['available', 'unavailable'] as const;
export const loadingPointStatusSchema = z.enum(LOADING_POINT_STATUSES);
export type LoadingPointStatus = z.infer<typeof loadingPointStatusSchema>;

/** The spec gives only the default `active`; `inactive` hides a material from new orders. */
export const MATERIAL_STATUSES = ['active', 'inactive'] as const;
export const materialStatusSchema = z.enum(MATERIAL_STATUSES);
export type MaterialStatus = z.infer<typeof materialStatusSchema>;

/**
 * Vehicle types of fleet.md §3: the form's list, then the ones only the dispatch views show
 * (sattelzug, pkw); lkw_aufbau and transporter occur in both.
 */
export const VEHICLE_TYPES = [
  'firmen_pkw',
  'zugmaschine',
  'abflieger_divers',
  'betonmischer',
  'transporter',
  'lkw_aufbau',
  'auflieger_silo_liegend',
  'auflieger_silo_kipp',
  'auflieger_silo_grossraum',
  'auflieger_silo_divers',
  'sattelzug',
  'pkw',
] as const;
export const vehicleTypeSchema = z.enum(VEHICLE_TYPES);
export type VehicleType = z.infer<typeof vehicleTypeSchema>;

/** fleet.md §4; `active` is shown as available. Trailers use the same values (§4 "Trailer status"). */
export const VEHICLE_STATUSES = ['available', 'active', 'in_use', 'maintenance', 'repair', 'defect', 'out_of_service', 'inactive'] as const;
export const vehicleStatusSchema = z.enum(VEHICLE_STATUSES);
export type VehicleStatus = z.infer<typeof vehicleStatusSchema>;

export const FUEL_TYPES = ['diesel', 'benzin', 'elektro', 'hybrid'] as const;
export const fuelTypeSchema = z.enum(FUEL_TYPES);
export type FuelType = z.infer<typeof fuelTypeSchema>;

export const EMISSION_CLASSES = ['euro6', 'euro5', 'euro4', 'euro3'] as const;
export const emissionClassSchema = z.enum(EMISSION_CLASSES);
export type EmissionClass = z.infer<typeof emissionClassSchema>;

/** The statutory deadlines of a vehicle (fleet.md §4): tuv_until, inspection_until (HU), insurance_until. */
export const VEHICLE_DEADLINES = ['tuv', 'inspection', 'insurance'] as const;
export const vehicleDeadlineSchema = z.enum(VEHICLE_DEADLINES);
export type VehicleDeadline = z.infer<typeof vehicleDeadlineSchema>;

export const TRAILER_TYPES = ['kippsilo', 'liegendsilo', 'grossraumsilo', 'anhaenger'] as const;
export const trailerTypeSchema = z.enum(TRAILER_TYPES);
export type TrailerType = z.infer<typeof trailerTypeSchema>;

/** Maintenance kinds of fleet.md §3 (the `art` of a trailer's wartungstermine). */
export const MAINTENANCE_KINDS = ['tuv', 'hu', 'service', 'reparatur'] as const;
export const maintenanceKindSchema = z.enum(MAINTENANCE_KINDS);
export type MaintenanceKind = z.infer<typeof maintenanceKindSchema>;

export const FUEL_CARD_TYPES = ['diesel', 'adblue', 'universal'] as const;
export const fuelCardTypeSchema = z.enum(FUEL_CARD_TYPES);
export type FuelCardType = z.infer<typeof fuelCardTypeSchema>;

export const FUEL_CARD_STATUSES = ['active', 'blocked', 'lost'] as const;
export const fuelCardStatusSchema = z.enum(FUEL_CARD_STATUSES);
export type FuelCardStatus = z.infer<typeof fuelCardStatusSchema>;

/** Document categories of fleet.md §3; `other` (Sonstiges) is the default. */
export const DOCUMENT_CATEGORIES = ['registration', 'insurance', 'inspection', 'maintenance', 'repair', 'other'] as const;
export const documentCategorySchema = z.enum(DOCUMENT_CATEGORIES);
export type DocumentCategory = z.infer<typeof documentCategorySchema>;
