import { messages } from '@dispo/domain/messages';
import type { Vehicle } from '../../api/fleetTypes';
import { formatDate } from '../../components/format';
import { StatusPill } from '../../components/StatusPill';
import { type DeadlineBadge, deadlineBadges, dispatchBadge, statusTone, vehicleStatusLabel } from './fleetLogic';

/** The status of a vehicle or trailer as a coloured pill (§4 labels; active shows as Verfügbar). */
export function VehicleStatusPill({ status }: { status: string }) {
  return <StatusPill tone={statusTone(status)}>{vehicleStatusLabel(status)}</StatusPill>;
}

/** §4: 'In Tour' when released and on a tour, 'Dispo aktiv' when merely released, nothing otherwise. */
export function DispatchBadge({ vehicle }: { vehicle: Pick<Vehicle, 'enabled_for_dispatch' | 'status' | 'current_tours'> }) {
  const badge = dispatchBadge(vehicle);
  if (badge === 'inTour') return <span className="fleet-badge fleet-badge--tour">{messages.fleet.inTour}</span>;
  if (badge === 'dispatchActive') return <span className="fleet-badge fleet-badge--dispatch">{messages.fleet.dispatchActive}</span>;
  return null;
}

/** §4 deadline badges of TÜV, HU and insurance within 30 days: red overdue, orange within 7 days, else yellow. */
export function DeadlineBadges({
  vehicle,
  today,
}: {
  vehicle: Pick<Vehicle, 'tuv_until' | 'inspection_until' | 'insurance_until'>;
  today: string;
}) {
  const badges = deadlineBadges(vehicle, today);
  if (badges.length === 0) return null;
  return (
    <>
      {badges.map((badge) => (
        <DateBadge key={badge.kind} badge={badge} />
      ))}
    </>
  );
}

/** One §4 date badge: red overdue, orange within 7 days, else yellow; the date as its tooltip. */
export function DateBadge({ badge }: { badge: DeadlineBadge<string> }) {
  return (
    <span className={`fleet-badge fleet-badge--deadline fleet-badge--${badge.tone}`} title={formatDate(badge.date)}>
      {badge.text}
    </span>
  );
}

export interface DispatchSwitchProps {
  vehicle: Pick<Vehicle, 'license_plate' | 'enabled_for_dispatch'>;
  disabled?: boolean;
  busy?: boolean;
  onToggle(): void;
  /** Shows the label beside the switch. */
  showLabel?: boolean;
}

/** The single dispatch toggle (§4): sends only enabled_for_dispatch. */
export function DispatchSwitch({ vehicle, disabled = false, busy = false, onToggle, showLabel = false }: DispatchSwitchProps) {
  const on = vehicle.enabled_for_dispatch;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={messages.fleetScreen.dispatchSwitchOf(vehicle.license_plate)}
      title={on ? messages.fleetScreen.dispatchOnHint : messages.fleetScreen.dispatchOffHint}
      className={`fleet-switch${on ? ' fleet-switch--on' : ''}${busy ? ' fleet-switch--busy' : ''}`}
      disabled={disabled || busy}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      <span className="fleet-switch__track" aria-hidden="true">
        <span className="fleet-switch__thumb" />
      </span>
      {showLabel && <span className="fleet-switch__label">{messages.fleetScreen.dispatchLabel}</span>}
    </button>
  );
}
