import { useEffect, useRef } from 'react';
import { messages } from '@dispo/domain/messages';
import type { Vehicle } from '../../api/fleetTypes';
import { DeadlineBadges, DispatchBadge, DispatchSwitch, VehicleStatusPill } from './badges';
import { vehicleTypeLabel, withUnit } from './fleetLogic';
import { VehicleActions, type VehicleRowActions } from './VehicleActions';
import { MaintenanceBadge } from './workshop/WorkshopActions';

export interface VehicleListProps {
  vehicles: readonly Vehicle[];
  selected: ReadonlySet<string>;
  onSelect(id: string, selected: boolean): void;
  actions: VehicleRowActions;
  onToggleDispatch(vehicle: Vehicle): void;
  dispatchPendingId: string | null;
  canWrite: boolean;
  today: string;
  /** The vehicle just created or saved: scrolled to and highlighted for a moment (§9). */
  highlightId?: string | null;
}

const text = messages.fleetScreen;

/** 'Mercedes-Benz Actros 1845' from make_model, or brand and model. */
export function vehicleModelText(vehicle: Pick<Vehicle, 'make_model' | 'brand' | 'model'>): string {
  return vehicle.make_model || [vehicle.brand, vehicle.model].filter(Boolean).join(' ');
}

export function homeText(vehicle: Pick<Vehicle, 'home_location_postal_code' | 'home_location_city'>): string {
  return [vehicle.home_location_postal_code, vehicle.home_location_city].filter(Boolean).join(' ');
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div className="fleet-card__fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function VehicleCard({
  vehicle,
  selected,
  onSelect,
  actions,
  onToggleDispatch,
  dispatchPendingId,
  canWrite,
  today,
  highlightId,
}: Omit<VehicleListProps, 'vehicles' | 'selected'> & { vehicle: Vehicle; selected: boolean }) {
  const plate = vehicle.license_plate;
  const highlighted = highlightId === vehicle.id;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [highlighted]);
  const tours = vehicle.current_tours.map((tour) => tour.tourNumber).join(', ');
  return (
    <article
      ref={ref}
      className={`fleet-card${selected ? ' fleet-card--selected' : ''}${highlighted ? ' fleet-card--highlight' : ''}`}
      aria-label={plate}
      data-vehicle-id={vehicle.id}
    >
      <header className="fleet-card__header">
        {canWrite && (
          <input
            type="checkbox"
            className="fleet-card__check"
            checked={selected}
            onChange={(event) => onSelect(vehicle.id, event.target.checked)}
            aria-label={text.selectVehicle(plate)}
          />
        )}
        <button type="button" className="fleet-card__title" onClick={() => actions.onDetails(vehicle)}>
          <span className="fleet-plate">{plate}</span>
          <span className="fleet-card__model">{vehicleModelText(vehicle)}</span>
        </button>
        <span className="fleet-card__status">
          <VehicleStatusPill status={vehicle.status} />
        </span>
      </header>
      <div className="fleet-card__badges">
        <DispatchBadge vehicle={vehicle} />
        <DeadlineBadges vehicle={vehicle} today={today} />
        <MaintenanceBadge appointments={vehicle.workshop_appointments} today={today} />
      </div>
      <dl className="fleet-card__facts">
        <Fact label={text.fields.vehicleType} value={vehicleTypeLabel(vehicle.vehicle_type)} />
        <Fact label={text.fields.home} value={homeText(vehicle)} />
        <Fact label={text.fields.driver} value={vehicle.assigned_driver?.full_name} />
        <Fact label={text.fields.trailers} value={vehicle.auflieger.map((trailer) => trailer.kennzeichen).join(', ')} />
        <Fact label={text.fields.payloadShort} value={withUnit(vehicle.payload_kg, 'kg')} />
        <Fact label={text.fields.odometerShort} value={withUnit(vehicle.odometer_km, 'km')} />
        <Fact label={text.currentTours} value={tours} />
      </dl>
      <footer className="fleet-card__footer">
        <DispatchSwitch
          vehicle={vehicle}
          showLabel
          disabled={!canWrite}
          busy={dispatchPendingId === vehicle.id}
          onToggle={() => onToggleDispatch(vehicle)}
        />
        <VehicleActions vehicle={vehicle} actions={actions} canWrite={canWrite} today={today} />
      </footer>
    </article>
  );
}

/** The card view of the vehicle list (§2), with a checkbox on each card. */
export function VehicleCards({ vehicles, selected, ...rest }: VehicleListProps) {
  return (
    <div className="fleet-cards">
      {vehicles.map((vehicle) => (
        <VehicleCard key={vehicle.id} vehicle={vehicle} selected={selected.has(vehicle.id)} {...rest} />
      ))}
    </div>
  );
}
