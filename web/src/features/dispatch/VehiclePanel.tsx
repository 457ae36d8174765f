import { type DragEvent as ReactDragEvent, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import type { DispatchVehicle } from '../../api/dispositionTypes';
import { dragKindOf, droppedItem } from './dragData';
import { formatNumber, tourStatusLabel, vehicleStatusLabel, vehicleTypeLabel } from './format';
import { clockOf, minutesOf } from './time';
import './insights.css';

const text = messages.dispatchInsights;

export interface VehiclePanelProps {
  vehicles: readonly DispatchVehicle[];
  /** An order dropped on a card: assign it to that vehicle (at the order's wanted time). */
  onDropOrder?: (orderId: string, vehicleId: string) => void;
}

/**
 * dispatch.md §2 "Verfügbare Fahrzeuge" and the vehicle drop-target list: a card per vehicle released
 * for dispatch with plate, model, payload in kg, home plant, its release, and its current tours
 * (planned or in progress); an order dragged onto a card is assigned to that vehicle.
 */
export function VehiclePanel({ vehicles, onDropOrder }: VehiclePanelProps) {
  const [over, setOver] = useState<string | null>(null);
  const accepts = (event: ReactDragEvent) => onDropOrder !== undefined && dragKindOf(event.dataTransfer) === 'order';
  return (
    <section className="vehicle-panel panel" aria-labelledby="vehicle-panel-title">
      <h3 id="vehicle-panel-title" className="vehicle-panel__title">
        {text.availableVehicles} ({vehicles.length})
      </h3>
      <ul className="vehicle-panel__list">
        {vehicles.map((vehicle) => {
          const plate = vehicle.license_plate || vehicle.licensePlate || vehicle.id;
          const payload = vehicle.payload_kg ?? vehicle.payloadKg ?? null;
          const current = (vehicle.current_tours ?? []).filter((tour) => tour.status === 'planned' || tour.status === 'in_progress');
          return (
            <li
              key={vehicle.id}
              className={`vehicle-card${over === vehicle.id ? ' vehicle-card--over' : ''}`}
              aria-label={plate}
              title={onDropOrder ? text.dropOnCard(plate) : undefined}
              data-vehicle-card={vehicle.id}
              onDragOver={(event) => {
                if (!accepts(event)) return;
                event.preventDefault();
                setOver(vehicle.id);
              }}
              onDragLeave={() => setOver((id) => (id === vehicle.id ? null : id))}
              onDrop={(event) => {
                setOver(null);
                const item = droppedItem(event.dataTransfer);
                if (!item || item.kind !== 'order' || !onDropOrder) return;
                event.preventDefault();
                onDropOrder(item.id, vehicle.id);
              }}
            >
              <div className="vehicle-card__head">
                <strong>{plate}</strong>
                <span className="vehicle-status">{vehicleStatusLabel(vehicle.status)}</span>
              </div>
              <div className="vehicle-card__facts">
                {[vehicle.make_model || vehicleTypeLabel(vehicle.vehicle_type), payload !== null ? messages.dispatchScreen.payloadKg(formatNumber(payload)) : null, vehicle.home_plant_name]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
              <div className="vehicle-card__facts">{vehicle.enabled_for_dispatch ? text.dispatchReleased : text.dispatchNotReleased}</div>
              <div className="vehicle-card__tours">
                <span className="vehicle-card__label">{text.currentTours}:</span>{' '}
                {current.length === 0
                  ? text.noCurrentTours
                  : current.map((tour) => `${tour.tourNumber} (${clockOf(minutesOf(tour.startTime) ?? 0)}, ${tourStatusLabel(tour.status)})`).join(', ')}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
