import { messages } from '@dispo/domain/messages';
import type { Vehicle } from '../../api/fleetTypes';
import { useMaterials } from '../../api/reference';
import { formatDate } from '../../components/format';
import { DispatchBadge } from './badges';
import { DetailItem } from './DetailItem';
import {
  DEADLINE_FIELDS,
  DEADLINE_KINDS,
  daysUntil,
  deadlineDetailTone,
  deadlineText,
  emissionClassLabel,
  fuelTypeLabel,
  vehicleTypeLabel,
  withUnit,
} from './fleetLogic';
import { homeText, vehicleModelText } from './VehicleCards';
import { AppointmentLists } from './workshop/AppointmentLists';
import './fleet.css';

export interface VehicleDetailBodyProps {
  vehicle: Vehicle;
  today: string;
  /**
   * Today's vehicle: its appointments, coupled trailers and current tours, which are no part of the
   * vehicle's own record. Absent for a past state in the audit, which shows only what the record held.
   */
  live?: { onHistory(): void; canPlan: boolean };
}

/** The sections of the vehicle detail dialog; also the layout of a vehicle's past state in its `Verlauf`. */
export function VehicleDetailBody({ vehicle, today, live }: VehicleDetailBodyProps) {
  const text = messages.fleetScreen;
  const f = text.fields;
  const materials = useMaterials();
  const materialNames = vehicle.suitable_material_ids
    .map((id) => materials.data?.find((material) => material.id === id)?.name ?? null)
    .filter((name): name is string => name !== null);
  return (
    <div className="fleet-detail">
      <section className="fleet-detail__section">
        <h3 className="fleet-detail__title">{text.sections.vehicle}</h3>
        <dl className="fleet-detail__list">
          <DetailItem label={f.licensePlate}>{vehicle.license_plate}</DetailItem>
          <DetailItem label={f.vehicleType}>{vehicleTypeLabel(vehicle.vehicle_type)}</DetailItem>
          <DetailItem label={f.makeModel}>{vehicle.make_model}</DetailItem>
          <DetailItem label={f.brand}>{vehicle.brand}</DetailItem>
          <DetailItem label={f.model}>{vehicle.model}</DetailItem>
          <DetailItem label={f.year}>{vehicle.year === null ? null : String(vehicle.year)}</DetailItem>
          <DetailItem label={f.dispatch}>
            <span className="fleet-cell-row">
              {vehicle.enabled_for_dispatch ? text.dispatchFilter.enabled : text.dispatchFilter.disabled}
              <DispatchBadge vehicle={vehicle} />
            </span>
          </DetailItem>
          <DetailItem label={f.driver}>{vehicle.assigned_driver?.full_name}</DetailItem>
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
          <DetailItem label={f.lastServiceDate}>{vehicle.last_service_date ? formatDate(vehicle.last_service_date) : null}</DetailItem>
          <DetailItem label={f.nextServiceDue}>{vehicle.next_service_due ? formatDate(vehicle.next_service_due) : null}</DetailItem>
        </dl>
      </section>

      {live && (
        <section className="fleet-detail__section fleet-detail__section--wide">
          <div className="workshop-detail-head">
            <h3 className="fleet-detail__title">{messages.workshop.maintenanceTab}</h3>
            <button type="button" className="button button--small" onClick={live.onHistory}>
              {messages.workshop.vehicleHistory}
            </button>
          </div>
          <AppointmentLists
            kind="vehicle"
            id={vehicle.id}
            today={today}
            canWrite={live.canPlan}
            subjectDetails={vehicleModelText(vehicle)}
          />
        </section>
      )}

      <section className="fleet-detail__section">
        <h3 className="fleet-detail__title">{text.sections.technical}</h3>
        <dl className="fleet-detail__list">
          <DetailItem label={f.payloadKg}>{withUnit(vehicle.payload_kg, 'kg')}</DetailItem>
          <DetailItem label={f.totalWeightKg}>{withUnit(vehicle.total_weight_kg, 'kg')}</DetailItem>
          <DetailItem label={f.axles}>{vehicle.axles === null ? null : String(vehicle.axles)}</DetailItem>
          <DetailItem label={f.loadingCapacity}>{vehicle.loading_capacity}</DetailItem>
          <DetailItem label={f.fuelType}>{fuelTypeLabel(vehicle.fuel_type)}</DetailItem>
          <DetailItem label={f.emissionClass}>{emissionClassLabel(vehicle.emission_class)}</DetailItem>
          <DetailItem label={f.fuelConsumption}>{withUnit(vehicle.fuel_consumption, 'l/100 km')}</DetailItem>
          <DetailItem label={f.odometerKm}>{withUnit(vehicle.odometer_km, 'km')}</DetailItem>
          <DetailItem label={f.hasSiloEquipment}>{vehicle.has_silo_equipment ? text.yes : text.no}</DetailItem>
        </dl>
      </section>

      <section className="fleet-detail__section">
        <h3 className="fleet-detail__title">{text.sections.operation}</h3>
        <dl className="fleet-detail__list">
          <DetailItem label={f.home}>{homeText(vehicle)}</DetailItem>
          <DetailItem label={f.homePlant}>{vehicle.home_plant_name}</DetailItem>
          <DetailItem label={f.costCenter}>{vehicle.cost_center}</DetailItem>
          {live && <DetailItem label={f.trailers}>{vehicle.auflieger.map((trailer) => trailer.kennzeichen).join(', ')}</DetailItem>}
          {live && (
            <DetailItem label={text.currentTours} wide>
              {vehicle.current_tours.length === 0
                ? null
                : vehicle.current_tours.map((tour) => text.tourAt(tour.tourNumber, tour.startTime?.slice(11, 16) ?? null)).join(', ')}
            </DetailItem>
          )}
          <DetailItem label={f.suitableMaterials} wide>
            {materialNames.join(', ')}
          </DetailItem>
          <DetailItem label={f.specialEquipment} wide>
            {vehicle.special_equipment}
          </DetailItem>
          <DetailItem label={f.restrictions} wide>
            {vehicle.restrictions}
          </DetailItem>
          <DetailItem label={f.notes} wide>
            {vehicle.notes}
          </DetailItem>
        </dl>
      </section>
    </div>
  );
}
