/**
 * Stream names of the event store (ARCHITECTURE.md, "Streams"). Every writer and reader builds them
 * here so that a stream is never spelt two ways.
 */
export const streamIds = {
  order: (id: string) => `order-${id}`,
  tour: (id: string) => `tour-${id}`,
  dispoDay: (date: string) => `dispo-day-${date}`,
  /** An e-mail about orders (orders.md §2.10); not `order-…`, which readers take for orders. */
  orderMail: (mailId: string) => `mail-${mailId}`,
  /** One route optimization operation of a tour. */
  optimization: (operationId: string) => `optimization-${operationId}`,
  user: (id: string) => `user-${id}`,
  plant: (id: string) => `plant-${id}`,
  loadingPoint: (id: string) => `loading-point-${id}`,
  material: (id: string) => `material-${id}`,
  customer: (id: string) => `customer-${id}`,
  vehicle: (id: string) => `vehicle-${id}`,
  trailer: (id: string) => `trailer-${id}`,
  fuelCard: (id: string) => `fuel-card-${id}`,
  /** A workshop or maintenance appointment of a vehicle or trailer (fleet.md §3). */
  appointment: (id: string) => `appointment-${id}`,
  /** A workshop of the register (smart service). */
  workshop: (id: string) => `workshop-${id}`,
  /** One deadline warning of one vehicle and action on one Berlin day; its existence is the reservation. */
  deadlineWarning: (vehicleId: string, action: string, day: string) => `deadline-warning-${vehicleId}-${action}-${day}`,
  /** The freight tariff and its versions (issue 14); one stream. */
  tariff: () => 'tariff',
  /** Revenue and km of a completed tour; not `tour-…`, which readers take for tours. */
  tourRevenue: (tourId: string) => `revenue-${tourId}`,
  /** Entries added to a vehicle's history by hand. */
  vehicleLog: (vehicleId: string) => `vehicle-log-${vehicleId}`,
  /** A personal order template (orders.md §2.13). */
  orderTemplate: (id: string) => `template-${id}`,
  /** The order-intake settings of one user (orders.md §2.12); not `order-…`, which readers take for orders. */
  userOrderSettings: (userId: string) => `intake-settings-${userId}`,
  /**
   * A uniqueness reservation: the stream exists once the value is taken, so appending its first
   * event with `no_stream` fails for the second claimant. E.g. `order-number-S261121-4711`,
   * `username-dispo`. Note that `order-number-…` also starts with `order-`: filter order streams by
   * event type, not by stream prefix.
   */
  reservation: (kind: string, value: string) => `${kind}-${value}`,
};

/**
 * Kinds of reservation used so far. Open-ended on purpose: other areas (licence plates, fuel-card
 * numbers) add their own kinds without changing the event.
 */
export const reservationKinds = {
  orderNumber: 'order-number',
  username: 'username',
  /** Normalised vehicle plate (upper case, no spaces): `license-plate-IZ-MS101`. */
  licensePlate: 'license-plate',
  /** Normalised trailer plate: `trailer-plate-IZ-MA501` (filter trailer streams by event type too). */
  trailerPlate: 'trailer-plate',
  /** Card number without spaces: `fuel-card-number-7002123456780101`. */
  fuelCardNumber: 'fuel-card-number',
  /** A Smart Service booking reference: `booking-reference-WS-261126-4711`. */
  bookingReference: 'booking-reference',
  /**
   * Not a unique value but a ledger: `day-appointments-vehicle-<id>-<date>` gets one reservation per
   * appointment planned for that subject and day (owner: the appointment). Its version serialises
   * plannings of the same subject and day (docs/invariants.md: one open appointment per time window).
   */
  appointmentDay: 'day-appointments',
} as const;
