import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { countSchema, idSchema, localDateSchema, performerIdSchema, requiredTextSchema, timestampSchema } from './fields';

const MAX_PRICE = 100_000;
const MAX_KM = 100_000;
const MAX_PRICED_TONNES = 1000;
const price = z.number().finite().positive().max(MAX_PRICE);
const km = z.number().finite().nonnegative().max(MAX_KM);
/**
 * Revenue bounds follow from the tariff's (issue 38): the largest load priced at the largest base and
 * tonne-km price over the longest leg, so that a completion priced with any tariff the route admits
 * fits its event. A tour's sum allows 100 such orders (the stop limit is far lower).
 */
export const MAX_ORDER_REVENUE = MAX_PRICE * MAX_PRICED_TONNES * (1 + MAX_KM);
const MAX_TOUR_REVENUE = 100 * MAX_ORDER_REVENUE;
/** The largest euro amount and odometer reading of a history entry (the routes check the same). */
export const MAX_HISTORY_AMOUNT = 10_000_000;
export const MAX_ODOMETER_READING = 10_000_000;
const euro = z.number().finite().min(-MAX_HISTORY_AMOUNT).max(MAX_HISTORY_AMOUNT);

/**
 * The freight tariff (issue 14; demo catalogue `tariff`) from one day on: the price data behind tour
 * revenue and the travel model. A later version applies from its `validFrom`; tours before keep the
 * price of their day.
 */
export const tariffValuesSchema = z.strictObject({
  currency: z.literal('EUR'),
  /** EUR per tonne by material category. */
  basePerTonne: z.record(requiredTextSchema, price),
  perTonneKm: price,
  minimumPerLoad: price,
  /** Road km per straight-line km. */
  roadFactor: z.number().finite().min(1).max(3),
  averageSpeedKmh: z.number().finite().min(10).max(120),
  /** EUR running cost per driven km by vehicle type, with `default` for the rest. */
  costPerKm: z.record(requiredTextSchema, price),
  loadingMinutes: z.number().int().min(0).max(240),
  unloadingMinutes: z.number().int().min(0).max(240),
});
export type TariffValues = z.infer<typeof tariffValuesSchema>;

/** Stream `tariff`: a tariff version valid from a day (a second one for the same day replaces it). */
export const tariffSet = defineEvent({
  type: 'TariffSet',
  schemaVersion: 1,
  schema: z.strictObject({ validFrom: localDateSchema, tariff: tariffValuesSchema, setBy: performerIdSchema, setAt: timestampSchema }),
});

/** One delivered order of a completed tour as priced. */
export const pricedOrderSchema = z.strictObject({
  orderId: idSchema,
  orderNumber: z.string().nullable(),
  /** Tonnes priced: the actual weight when known, else the quantity; the 27 t estimate when neither. */
  tonnes: z.number().finite().nonnegative().max(MAX_PRICED_TONNES),
  tonnesEstimated: z.boolean(),
  category: z.string().nullable(),
  loadedKm: km.nullable(),
  /** EUR; null when the tariff has no price for the category (or no coordinates). */
  revenue: z.number().finite().min(0).max(MAX_ORDER_REVENUE).nullable(),
});
export type PricedOrder = z.infer<typeof pricedOrderSchema>;

/**
 * Stream `revenue-<tourId>`: the revenue and the kilometres of a tour, calculated when it is completed
 * (fleet.md §4 REVENUE_CALCULATED), with the tariff of the tour's day and the one distance port.
 * A tour completed again after a reopen is calculated again; the latest counts.
 */
export const tourRevenueCalculated = defineEvent({
  type: 'TourRevenueCalculated',
  schemaVersion: 1,
  schema: z.strictObject({
    tourId: idSchema,
    tourNumber: z.string().min(1),
    vehicleId: idSchema,
    date: localDateSchema,
    /** The tariff version used; null when none applied on the tour's day. */
    tariffValidFrom: localDateSchema.nullable(),
    /** Empty runs (home → first loading plant, between orders), loaded legs and the way home. */
    emptyKm: km,
    loadedKm: km,
    homeKm: km,
    totalKm: km,
    orders: z.array(pricedOrderSchema),
    /** Sum of the priced orders; null when none had a price. */
    revenue: z.number().finite().min(0).max(MAX_TOUR_REVENUE).nullable(),
    /** Some order was priced with the estimated 27 t. */
    estimated: z.boolean(),
    /** Orders without a price (category unknown to the tariff or no coordinates). */
    unpricedOrders: countSchema,
    calculatedAt: timestampSchema,
  }),
});

/** Stream `vehicle-log-<vehicleId>`: an entry a fleet manager adds to the history by hand (fleet.md §7). */
export const vehicleHistoryEntryAdded = defineEvent({
  type: 'VehicleHistoryEntryAdded',
  schemaVersion: 1,
  schema: z.strictObject({
    id: idSchema,
    vehicleId: idSchema,
    /** One of the action types of fleet.md §4 (the domain's list; the route checks it). */
    actionType: z.string().regex(/^[A-Z_]{2,40}$/),
    actionTitle: requiredTextSchema.max(200),
    description: requiredTextSchema.max(2000),
    category: z.enum(['data', 'status', 'settings', 'assignment', 'document', 'deadline', 'maintenance', 'tour', 'finance']),
    priority: z.enum(['low', 'normal', 'high']),
    revenueAmount: euro.nullable(),
    costAmount: euro.nullable(),
    odometerReading: countSchema.max(MAX_ODOMETER_READING).nullable(),
    addedBy: performerIdSchema,
    addedAt: timestampSchema,
  }),
});

export const vehicleAnalyticsEventDefinitions = [tariffSet, tourRevenueCalculated, vehicleHistoryEntryAdded] as const;
export type VehicleAnalyticsEvent = EventOf<(typeof vehicleAnalyticsEventDefinitions)[number]>;
export type TariffEvent = Extract<VehicleAnalyticsEvent, { type: 'TariffSet' }>;
