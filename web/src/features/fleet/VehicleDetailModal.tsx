import type { ReactNode } from 'react';
import { messages } from '@dispo/domain/messages';
import type { Vehicle } from '../../api/fleetTypes';
import { useMaterials } from '../../api/reference';
import { formatDate, formatNumber } from '../../components/format';
import { Modal } from '../../components/Modal';
import { DispatchBadge, StatusPill } from './badges';
import {
  DEADLINE_FIELDS,
  DEADLINE_KINDS,
  daysUntil,
  deadlineDetailTone,
  deadlineText,
  emissionClassLabel,
  fuelTypeLabel,
  vehicleTypeLabel,
} from './fleetLogic';
import { homeText, vehicleModelText } from './VehicleCards';

export interface VehicleDetailModalProps {
  vehicle: Vehicle;
  today: string;
  canWrite: boolean;
  onEdit(vehicle: Vehicle): void;
  onClose(): void;
}

function Item({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className={`fleet-detail__item${wide ? ' fleet-detail__item--wide' : ''}`}>
      <dt>{label}</dt>
      <dd>{empty ? <span className="fleet-muted">{messages.orderTable.notSet}</span> : children}</dd>
    </div>
  );
}

const withUnit = (value: number | null, unit: string) => (value === null ? null : `${formatNumber(value)} ${unit}`);

/**
 * §2 vehicle detail dialog: vehicle data and the statutory deadlines (red when past, orange within
 * 30 days, else green). Maintenance appointments and the button 'Fahrzeughistorie' join with the
 * workshop issue.
 */
export function VehicleDetailModal({ vehicle, today, canWrite, onEdit, onClose }: VehicleDetailModalProps) {
  const text = messages.fleetScreen;
  const f = text.fields;
  const materials = useMaterials();
  const materialNames = vehicle.suitable_material_ids
    .map((id) => materials.data?.find((material) => material.id === id)?.name ?? null)
    .filter((name): name is string => name !== null);
  return (
    <Modal
      title={
        <>
          <span className="fleet-plate">{vehicle.license_plate}</span> {vehicleModelText(vehicle)}
        </>
      }
      headerExtra={<StatusPill status={vehicle.status} />}
      onClose={onClose}
      size="large"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {text.close}
          </button>
          {canWrite && (
            <button type="button" className="button button--primary" onClick={() => onEdit(vehicle)}>
              {text.edit}
            </button>
          )}
        </>
      }
    >
      <div className="fleet-detail">
        <section className="fleet-detail__section">
          <h3 className="fleet-detail__title">{text.sections.vehicle}</h3>
          <dl className="fleet-detail__list">
            <Item label={f.licensePlate}>{vehicle.license_plate}</Item>
            <Item label={f.vehicleType}>{vehicleTypeLabel(vehicle.vehicle_type)}</Item>
            <Item label={f.makeModel}>{vehicle.make_model}</Item>
            <Item label={f.brand}>{vehicle.brand}</Item>
            <Item label={f.model}>{vehicle.model}</Item>
            <Item label={f.year}>{vehicle.year === null ? null : String(vehicle.year)}</Item>
            <Item label={f.dispatch}>
              <span className="fleet-cell-row">
                {vehicle.enabled_for_dispatch ? text.dispatchFilter.enabled : text.dispatchFilter.disabled}
                <DispatchBadge vehicle={vehicle} />
              </span>
            </Item>
            <Item label={f.driver}>{vehicle.assigned_driver?.full_name}</Item>
          </dl>
        </section>

        <section className="fleet-detail__section">
          <h3 className="fleet-detail__title">{text.sections.deadlines}</h3>
          <ul className="fleet-deadlines">
            {DEADLINE_KINDS.map((kind) => {
              const date = vehicle[DEADLINE_FIELDS[kind]];
              const tone = deadlineDetailTone(date, today);
              const days = daysUntil(date, today);
              return (
                <li key={kind} className={`fleet-deadline fleet-deadline--${tone}`}>
                  <span className="fleet-deadline__label">{messages.labels.vehicleDeadline[kind]}</span>
                  <span className="fleet-deadline__date">{date ? formatDate(date) : text.noDeadline}</span>
                  {days !== null && <span className="fleet-deadline__when">{deadlineText(days)}</span>}
                </li>
              );
            })}
          </ul>
          <dl className="fleet-detail__list">
            <Item label={f.lastServiceDate}>{vehicle.last_service_date ? formatDate(vehicle.last_service_date) : null}</Item>
            <Item label={f.nextServiceDue}>{vehicle.next_service_due ? formatDate(vehicle.next_service_due) : null}</Item>
          </dl>
        </section>

        <section className="fleet-detail__section">
          <h3 className="fleet-detail__title">{text.sections.technical}</h3>
          <dl className="fleet-detail__list">
            <Item label={f.payloadKg}>{withUnit(vehicle.payload_kg, 'kg')}</Item>
            <Item label={f.totalWeightKg}>{withUnit(vehicle.total_weight_kg, 'kg')}</Item>
            <Item label={f.axles}>{vehicle.axles === null ? null : String(vehicle.axles)}</Item>
            <Item label={f.loadingCapacity}>{vehicle.loading_capacity}</Item>
            <Item label={f.fuelType}>{fuelTypeLabel(vehicle.fuel_type)}</Item>
            <Item label={f.emissionClass}>{emissionClassLabel(vehicle.emission_class)}</Item>
            <Item label={f.fuelConsumption}>{withUnit(vehicle.fuel_consumption, 'l/100 km')}</Item>
            <Item label={f.odometerKm}>{withUnit(vehicle.odometer_km, 'km')}</Item>
            <Item label={f.hasSiloEquipment}>{vehicle.has_silo_equipment ? text.yes : text.no}</Item>
          </dl>
        </section>

        <section className="fleet-detail__section">
          <h3 className="fleet-detail__title">{text.sections.operation}</h3>
          <dl className="fleet-detail__list">
            <Item label={f.home}>{homeText(vehicle)}</Item>
            <Item label={f.homePlant}>{vehicle.home_plant_name}</Item>
            <Item label={f.costCenter}>{vehicle.cost_center}</Item>
            <Item label={f.trailers}>{vehicle.auflieger.map((trailer) => trailer.kennzeichen).join(', ')}</Item>
            <Item label={text.currentTours} wide>
              {vehicle.current_tours.length === 0
                ? null
                : vehicle.current_tours.map((tour) => text.tourAt(tour.tourNumber, tour.startTime?.slice(11, 16) ?? null)).join(', ')}
            </Item>
            <Item label={f.suitableMaterials} wide>
              {materialNames.join(', ')}
            </Item>
            <Item label={f.specialEquipment} wide>
              {vehicle.special_equipment}
            </Item>
            <Item label={f.restrictions} wide>
              {vehicle.restrictions}
            </Item>
            <Item label={f.notes} wide>
              {vehicle.notes}
            </Item>
          </dl>
        </section>
      </div>
    </Modal>
  );
}
