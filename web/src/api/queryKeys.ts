import type { AuditLogFilters } from './audit';
import type { BillingFilter } from './billing';
import type { OutboxMailStatus } from './mailOutbox';
import type { OrderListParams } from './types';

/**
 * Every react-query key of the client, in one place. Invalidate a whole area with its `all` key,
 * e.g. `queryClient.invalidateQueries({ queryKey: queryKeys.orders.all })`.
 */
export const queryKeys = {
  orders: {
    all: ['orders'] as const,
    lists: () => [...queryKeys.orders.all, 'list'] as const,
    list: (params: OrderListParams) => [...queryKeys.orders.lists(), params] as const,
    detail: (id: string) => [...queryKeys.orders.all, 'detail', id] as const,
    suggestions: (term: string) => [...queryKeys.orders.all, 'suggestions', term] as const,
  },
  reference: {
    all: ['reference'] as const,
    plants: () => [...queryKeys.reference.all, 'plants'] as const,
    loadingPoints: () => [...queryKeys.reference.all, 'loading-points'] as const,
    materials: () => [...queryKeys.reference.all, 'materials'] as const,
    customers: (term: string) => [...queryKeys.reference.all, 'customers', term] as const,
  },
  /** Natural-language entry: POST /api/orders/parse answers, by text and reference date. */
  orderText: {
    all: ['order-text'] as const,
    parse: (text: string, referenceDate: string | null) => [...queryKeys.orderText.all, 'parse', text, referenceDate] as const,
  },
  /** Statistics of the order intake (orders.md §7.5), by period. */
  statistics: {
    all: ['statistics'] as const,
    period: (dateFrom: string, dateTo: string) => [...queryKeys.statistics.all, dateFrom, dateTo] as const,
  },
  /** Disposition (docs/api/disposition.md); dates are `YYYY-MM-DD`. */
  dispatch: {
    all: ['dispatch'] as const,
    vehiclesAll: () => [...queryKeys.dispatch.all, 'vehicles'] as const,
    vehicles: (date: string) => [...queryKeys.dispatch.vehiclesAll(), date] as const,
    openOrdersAll: () => [...queryKeys.dispatch.all, 'open-orders'] as const,
    openOrders: (date: string) => [...queryKeys.dispatch.openOrdersAll(), date] as const,
    toursAll: () => [...queryKeys.dispatch.all, 'tours'] as const,
    tours: (date: string) => [...queryKeys.dispatch.toursAll(), date] as const,
    tourDetails: (id: string) => [...queryKeys.dispatch.all, 'tour-details', id] as const,
    stats: (date: string) => [...queryKeys.dispatch.all, 'stats', date] as const,
    /** Timeline indicators of a date (GET /api/utilization/timeline-indicators). */
    indicators: (date: string) => [...queryKeys.dispatch.all, 'indicators', date] as const,
    /** MOSI connection suggestions after a tour. */
    mosi: (tourId: string) => [...queryKeys.dispatch.all, 'mosi', tourId] as const,
    /** The completion of a day (GET /api/disposition/day/{date}). */
    day: (date: string) => [...queryKeys.dispatch.all, 'day', date] as const,
    optimization: (tourId: string) => [...queryKeys.dispatch.all, 'optimization', tourId] as const,
    optimizationResult: (operationId: string) => [...queryKeys.dispatch.all, 'optimization-result', operationId] as const,
  },
  /** Fuhrparkverwaltung (docs/api/fleet.md). */
  fleet: {
    all: ['fleet'] as const,
    vehicles: () => [...queryKeys.fleet.all, 'vehicles'] as const,
    trailers: () => [...queryKeys.fleet.all, 'trailers'] as const,
    fuelCards: () => [...queryKeys.fleet.all, 'fuel-cards'] as const,
    documentsAll: () => [...queryKeys.fleet.all, 'documents'] as const,
    documents: (vehicleId: string) => [...queryKeys.fleet.documentsAll(), vehicleId] as const,
    liveTours: (vehicleId: string) => [...queryKeys.fleet.all, 'live-tours', vehicleId] as const,
    users: (term: string) => [...queryKeys.fleet.all, 'users', term] as const,
    /** Appointments, workshops and histories live under the fleet key: every fleet write refreshes them. */
    appointments: (kind: 'vehicle' | 'trailer', id: string) => [...queryKeys.fleet.all, 'appointments', kind, id] as const,
    pendingAppointments: (kind: 'vehicle' | 'trailer', id: string) => [...queryKeys.fleet.all, 'pending-appointments', kind, id] as const,
    workshops: (vehicleId: string | null) => [...queryKeys.fleet.all, 'workshops', vehicleId ?? ''] as const,
    history: (kind: 'vehicle' | 'trailer', id: string, filter: object) => [...queryKeys.fleet.all, 'history', kind, id, filter] as const,
    /** Issue 14: one analytics part of a vehicle over a range. */
    analytics: (part: string, vehicleId: string, range: object) => [...queryKeys.fleet.all, 'analytics', part, vehicleId, range] as const,
  },
  /** Personal order templates of the logged-in user (docs/api/order-intake-tools.md). */
  templates: {
    all: ['templates'] as const,
    list: () => [...queryKeys.templates.all, 'list'] as const,
  },
  /** The logged-in user's order-intake settings, by user id. */
  orderSettings: {
    all: ['order-settings'] as const,
    user: (userId: string) => [...queryKeys.orderSettings.all, userId] as const,
  },
  /** Export of a delivery day: the preview count per day and plant ('' = all). */
  orderExport: {
    all: ['order-export'] as const,
    preview: (date: string, plantId: string) => [...queryKeys.orderExport.all, 'preview', date, plantId] as const,
  },
  /** Billing (docs/api/orders.md "Billing"). */
  billing: {
    all: ['billing'] as const,
    pending: (filter: BillingFilter) => [...queryKeys.billing.all, 'pending', filter] as const,
    confirmed: (filter: BillingFilter, page: number) => [...queryKeys.billing.all, 'confirmed', filter, page] as const,
    stats: (filter: BillingFilter) => [...queryKeys.billing.all, 'stats', filter] as const,
  },
  /** The audit (docs/api/audit.md): histories and past states of records, the global log. */
  audit: {
    all: ['audit'] as const,
    history: (kind: string, id: string) => [...queryKeys.audit.all, 'history', kind, id] as const,
    state: (kind: string, id: string, at: string) => [...queryKeys.audit.all, 'state', kind, id, at] as const,
    log: (filters: AuditLogFilters) => [...queryKeys.audit.all, 'log', filters] as const,
    filters: () => [...queryKeys.audit.all, 'filters'] as const,
  },
  /** The read models' state (admins, /betrieb). */
  operations: {
    projections: ['operations', 'projections'] as const,
  },
  /** Mail outbox of the tour-plan mails (admins); `null` = every status. */
  mailOutbox: {
    all: ['mail-outbox'] as const,
    list: (status: OutboxMailStatus | null) => [...queryKeys.mailOutbox.all, 'list', status ?? 'all'] as const,
  },
} as const;
