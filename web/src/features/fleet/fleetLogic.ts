import { messages } from '@dispo/domain/messages';
import type { FuelCard, MaintenanceDate, Trailer, Vehicle, VehicleDeadline, VehicleStatus } from '../../api/fleetTypes';
import { formatNumber } from '../../components/format';
import type { PillTone } from '../../components/StatusPill';

/**
 * The rules of the fleet page without React: search, filters, summary, badges and deadlines of
 * fleet.md §2, §4, §5, §9. Business dates are Berlin dates (`YYYY-MM-DD`), compared as calendar days.
 */

// ---------------------------------------------------------------------------------------------
// Labels

const label = (map: Readonly<Record<string, string>>, value: string | null | undefined) => (value ? (map[value] ?? value) : '');
export const vehicleStatusLabel = (status: string | null | undefined) => label(messages.labels.vehicleStatus, status);
export const vehicleTypeLabel = (type: string | null | undefined) => label(messages.labels.vehicleType, type);
export const trailerTypeLabel = (type: string | null | undefined) => label(messages.labels.trailerType, type);
export const fuelTypeLabel = (type: string | null | undefined) => label(messages.labels.fuelType, type);
export const emissionClassLabel = (value: string | null | undefined) => label(messages.labels.emissionClass, value);
export const fuelCardTypeLabel = (type: string | null | undefined) => label(messages.labels.fuelCardType, type);
export const fuelCardStatusLabel = (status: string | null | undefined) => label(messages.labels.fuelCardStatus, status);
export const maintenanceKindLabel = (kind: string | null | undefined) => label(messages.labels.maintenanceKind, kind);
export const documentCategoryLabel = (category: string | null | undefined) => label(messages.labels.documentCategory, category);
/** '35.000 kg'; no value → null. */
export const withUnit = (value: number | null, unit: string) => (value === null ? null : `${formatNumber(value)} ${unit}`);

/** The pill colour of a vehicle status: active shows as available (§4), repair as defect. */
export function statusTone(status: string): PillTone {
  switch (status) {
    case 'available':
    case 'active':
      return 'success';
    case 'in_use':
      return 'info';
    case 'maintenance':
      return 'warning';
    case 'repair':
    case 'defect':
      return 'danger';
    default:
      return 'neutral';
  }
}

// ---------------------------------------------------------------------------------------------
// Dates and deadlines

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

function dayNumber(isoDate: string): number | null {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/** Calendar days from `today` to `date` (negative when past); null without a valid date. */
export function daysUntil(date: string | null | undefined, today: string): number | null {
  if (!date) return null;
  const due = dayNumber(date);
  const now = dayNumber(today);
  return due === null || now === null ? null : due - now;
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(isoDate: string, days: number): string {
  const start = dayNumber(isoDate) ?? 0;
  return new Date((start + days) * DAY_MS).toISOString().slice(0, 10);
}

/** fleet.md §9: deadline warnings 30 days ahead; the last week is urgent. */
export const DEADLINE_WARNING_DAYS = 30;
export const DEADLINE_URGENT_DAYS = 7;

export type DeadlineTone = 'overdue' | 'urgent' | 'soon';

/** §4 wording: heute fällig, morgen fällig, in N Tagen fällig, N Tage überfällig. */
export function deadlineText(days: number): string {
  if (days === 0) return messages.fleet.dueToday;
  if (days === 1) return messages.fleet.dueTomorrow;
  if (days > 1) return messages.fleet.dueInDays(days);
  return messages.fleet.overdueDays(-days);
}

export interface DeadlineBadge<K extends string = VehicleDeadline> {
  kind: K;
  date: string;
  days: number;
  tone: DeadlineTone;
  /** 'TÜV in 5 Tagen fällig' */
  text: string;
}

export const DEADLINE_FIELDS = {
  tuv: 'tuv_until',
  inspection: 'inspection_until',
  insurance: 'insurance_until',
} as const satisfies Record<VehicleDeadline, keyof Vehicle>;

export const DEADLINE_KINDS = Object.keys(DEADLINE_FIELDS) as VehicleDeadline[];

/**
 * §4 card badges: a deadline within 30 days (or past) shows; red when overdue, orange within 7
 * days, else yellow. Sorted by urgency.
 */
export function deadlineBadges(
  vehicle: Pick<Vehicle, 'tuv_until' | 'inspection_until' | 'insurance_until'>,
  today: string,
): DeadlineBadge[] {
  return DEADLINE_KINDS.map((kind) => dateBadge(kind, messages.labels.vehicleDeadline[kind], vehicle[DEADLINE_FIELDS[kind]], today))
    .filter((badge): badge is DeadlineBadge<VehicleDeadline> => badge !== null)
    .sort((a, b) => a.days - b.days);
}

/** §4 badge of one due date named `label`: within 30 days or past, else none. */
export function dateBadge<K extends string>(kind: K, label: string, date: string | null, today: string): DeadlineBadge<K> | null {
  const days = daysUntil(date, today);
  if (date === null || days === null || days > DEADLINE_WARNING_DAYS) return null;
  const tone: DeadlineTone = days < 0 ? 'overdue' : days <= DEADLINE_URGENT_DAYS ? 'urgent' : 'soon';
  return { kind, date, days, tone, text: `${label} ${deadlineText(days)}` };
}

/**
 * A trailer's maintenance date to show (the spec's "next maintenance"): the next from today on, or,
 * with none ahead, the latest past one, which is overdue.
 */
export function nextTrailerMaintenance(dates: readonly MaintenanceDate[], today: string): MaintenanceDate | null {
  const sorted = dates.filter((entry) => entry.datum).sort((a, b) => a.datum.localeCompare(b.datum));
  return sorted.find((entry) => entry.datum >= today) ?? sorted.at(-1) ?? null;
}

/** §4 detail colours of statutory deadlines: red when past, orange within 30 days, else green. */
export function deadlineDetailTone(date: string | null | undefined, today: string): 'overdue' | 'soon' | 'ok' | 'none' {
  const days = daysUntil(date, today);
  if (days === null) return 'none';
  if (days < 0) return 'overdue';
  return days <= DEADLINE_WARNING_DAYS ? 'soon' : 'ok';
}

// ---------------------------------------------------------------------------------------------
// Badges and status

/** Statuses in which a vehicle counts as available (`active` is shown as available, §4). */
const AVAILABLE = new Set<string>(['available', 'active']);

export function isAvailable(vehicle: Pick<Vehicle, 'status'>): boolean {
  return AVAILABLE.has(vehicle.status);
}

export function isInTour(vehicle: Pick<Vehicle, 'status' | 'current_tours'>): boolean {
  return (vehicle.current_tours?.length ?? 0) > 0 || vehicle.status === 'in_use';
}

/** §4: 'In Tour' if dispatch-enabled and in use, 'Dispo aktiv' if merely dispatch-enabled, nothing otherwise. */
export function dispatchBadge(
  vehicle: Pick<Vehicle, 'enabled_for_dispatch' | 'status' | 'current_tours'>,
): 'inTour' | 'dispatchActive' | null {
  if (!vehicle.enabled_for_dispatch) return null;
  return isInTour(vehicle) ? 'inTour' : 'dispatchActive';
}

// ---------------------------------------------------------------------------------------------
// Search and filters

/** Lower case without accents, spaces and dashes, so that 'izms101', 'IZ-MS 101' and 'Lägerdorf'/'lagerdorf' match. */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s-]+/g, '');
}

function matches(term: string, values: readonly (string | null | undefined)[]): boolean {
  const needle = normalise(term);
  if (needle === '') return true;
  return values.some((value) => value !== null && value !== undefined && normalise(value).includes(needle));
}

/** §5: licence plate, make and model, vehicle type, home city, postal code and status, case-insensitive. */
export function vehicleMatches(vehicle: Vehicle, term: string): boolean {
  return matches(term, [
    vehicle.license_plate,
    vehicle.make_model,
    vehicle.brand,
    vehicle.model,
    vehicle.vehicle_type,
    vehicleTypeLabel(vehicle.vehicle_type),
    vehicle.home_location_city,
    vehicle.home_location_postal_code,
    vehicle.status,
    vehicleStatusLabel(vehicle.status),
  ]);
}

export function trailerMatches(trailer: Trailer, term: string): boolean {
  return matches(term, [
    trailer.kennzeichen,
    trailer.typ,
    trailerTypeLabel(trailer.typ),
    trailer.zugmaschine?.licensePlate,
    trailer.status,
    vehicleStatusLabel(trailer.status),
  ]);
}

export function fuelCardMatches(card: FuelCard, term: string): boolean {
  return matches(term, [
    card.card_number,
    card.provider,
    card.card_type,
    fuelCardTypeLabel(card.card_type),
    card.license_plate,
    card.status,
    fuelCardStatusLabel(card.status),
  ]);
}

/** The status filter of §2: all, active, available, in_use, maintenance, repair, inactive. */
export const STATUS_FILTERS = ['all', 'active', 'available', 'in_use', 'maintenance', 'repair', 'inactive'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const DISPATCH_FILTERS = ['all', 'enabled', 'disabled'] as const;
export type DispatchFilter = (typeof DISPATCH_FILTERS)[number];

/**
 * What each status filter takes in. `active` is every vehicle in service (available or on a tour);
 * repair includes defect vehicles and inactive the ones out of service, so no status is unreachable.
 */
const STATUS_FILTER_VALUES: Record<Exclude<StatusFilter, 'all'>, ReadonlySet<string>> = {
  active: new Set(['active', 'available', 'in_use']),
  available: new Set(['available', 'active']),
  in_use: new Set(['in_use']),
  maintenance: new Set(['maintenance']),
  repair: new Set(['repair', 'defect']),
  inactive: new Set(['inactive', 'out_of_service']),
};

export function statusFilterMatches(status: string, filter: StatusFilter): boolean {
  return filter === 'all' || STATUS_FILTER_VALUES[filter].has(status);
}

export interface FleetFilters {
  search: string;
  status: StatusFilter;
  dispatch: DispatchFilter;
  readyForUse: boolean;
  maintenanceDue: boolean;
}

export const NO_FILTERS: FleetFilters = { search: '', status: 'all', dispatch: 'all', readyForUse: false, maintenanceDue: false };

/** How many filters of the panel are set (the search counts apart). */
export function activeFilterCount(filters: FleetFilters): number {
  return [filters.status !== 'all', filters.dispatch !== 'all', filters.readyForUse, filters.maintenanceDue].filter(Boolean).length;
}

function hasOverdueDeadline(vehicle: Vehicle, today: string): boolean {
  return DEADLINE_KINDS.some((kind) => {
    const days = daysUntil(vehicle[DEADLINE_FIELDS[kind]], today);
    return days !== null && days < 0;
  });
}

/** Quick filter "ready for use": available, released for dispatch and no statutory deadline overdue. */
export function isReadyForUse(vehicle: Vehicle, today: string): boolean {
  return isAvailable(vehicle) && vehicle.enabled_for_dispatch && !hasOverdueDeadline(vehicle, today);
}

/**
 * Quick filter "maintenance due": in the workshop already, or the next service or a statutory
 * deadline is due within the warning window of 30 days (or overdue).
 */
export function isMaintenanceDue(vehicle: Vehicle, today: string): boolean {
  if (vehicle.status === 'maintenance' || vehicle.status === 'repair') return true;
  const dates = [vehicle.next_service_due, ...DEADLINE_KINDS.map((kind) => vehicle[DEADLINE_FIELDS[kind]])];
  return dates.some((date) => {
    const days = daysUntil(date, today);
    return days !== null && days <= DEADLINE_WARNING_DAYS;
  });
}

export function filterVehicles(vehicles: readonly Vehicle[], filters: FleetFilters, today: string): Vehicle[] {
  return vehicles.filter(
    (vehicle) =>
      vehicleMatches(vehicle, filters.search) &&
      statusFilterMatches(vehicle.status, filters.status) &&
      (filters.dispatch === 'all' || vehicle.enabled_for_dispatch === (filters.dispatch === 'enabled')) &&
      (!filters.readyForUse || isReadyForUse(vehicle, today)) &&
      (!filters.maintenanceDue || isMaintenanceDue(vehicle, today)),
  );
}

/** Trailers take the search and the status filter (dispatch and quick filters are for vehicles only). */
export function filterTrailers(trailers: readonly Trailer[], filters: FleetFilters): Trailer[] {
  return trailers.filter((trailer) => trailerMatches(trailer, filters.search) && statusFilterMatches(trailer.status, filters.status));
}

export function filterFuelCards(cards: readonly FuelCard[], filters: FleetFilters): FuelCard[] {
  return cards.filter((card) => fuelCardMatches(card, filters.search));
}

// ---------------------------------------------------------------------------------------------
// Summary

export interface FleetSummary {
  total: number;
  available: number;
  inUse: number;
  maintenance: number;
  dispatchEnabled: number;
  /** §9: available vehicles divided by total, rounded percent (0 without vehicles). */
  availabilityRate: number;
}

export function fleetSummary(vehicles: readonly Pick<Vehicle, 'status' | 'enabled_for_dispatch'>[]): FleetSummary {
  const total = vehicles.length;
  const available = vehicles.filter((v) => AVAILABLE.has(v.status)).length;
  return {
    total,
    available,
    inUse: vehicles.filter((v) => v.status === 'in_use').length,
    maintenance: vehicles.filter((v) => v.status === 'maintenance' || v.status === 'repair').length,
    dispatchEnabled: vehicles.filter((v) => v.enabled_for_dispatch).length,
    availabilityRate: total === 0 ? 0 : Math.round((available / total) * 100),
  };
}

/** The bulk toggle of a selection: all released → lock them all; otherwise release them all. */
export function bulkDispatchTarget(selected: readonly Pick<Vehicle, 'enabled_for_dispatch'>[]): boolean {
  return !selected.every((vehicle) => vehicle.enabled_for_dispatch);
}

// ---------------------------------------------------------------------------------------------
// Fuel cards

/** Providers of the card visuals (§2: Shell, Aral, Total, Esso, BP, other). */
export const FUEL_CARD_PROVIDERS = ['Shell', 'Aral', 'Total', 'Esso', 'BP'] as const;
export type ProviderTone = 'shell' | 'aral' | 'total' | 'esso' | 'bp' | 'other';

export function providerTone(provider: string | null | undefined): ProviderTone {
  const name = (provider ?? '').trim().toLowerCase();
  if (name.startsWith('shell')) return 'shell';
  if (name.startsWith('aral')) return 'aral';
  if (name.startsWith('total')) return 'total';
  if (name.startsWith('esso')) return 'esso';
  if (name === 'bp' || name.startsWith('bp ')) return 'bp';
  return 'other';
}

/** '7002 1234 5678 0101' → '7002 1234 5678 0101' grouped by four, whatever spacing it came with. */
export function groupedCardNumber(cardNumber: string): string {
  const compact = cardNumber.replace(/\s+/g, '');
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Only the last four characters stay readable: '•••• •••• •••• 0101'. */
export function maskedCardNumber(cardNumber: string): string {
  const compact = cardNumber.replace(/\s+/g, '');
  if (compact.length <= 4) return compact;
  const hidden = compact.slice(0, -4).replace(/./g, '•');
  return groupedCardNumber(hidden + compact.slice(-4));
}

export const MASKED_PIN = '••••';

// ---------------------------------------------------------------------------------------------
// Documents

const sizeFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** 2048 → '2 KB', 1572864 → '1,5 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

/** §5: document uploads accept PDF only (the server checks the content as well). */
export function isPdfFile(file: Pick<File, 'name' | 'type'>): boolean {
  return file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
}

/** Vehicles in licence plate order. */
export function byPlate<T extends { license_plate: string }>(a: T, b: T): number {
  return a.license_plate.localeCompare(b.license_plate, 'de');
}

export type { VehicleStatus };
