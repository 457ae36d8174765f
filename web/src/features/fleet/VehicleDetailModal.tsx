import { messages } from '@dispo/domain/messages';
import type { Vehicle } from '../../api/fleetTypes';
import { useMaterials } from '../../api/reference';
import { formatDate } from '../../components/format';
import { DispatchBadge, VehicleStatusPill } from './badges';
import { DetailItem, DetailModal } from './DetailModal';
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

export interface VehicleDetailModalProps {
  vehicle: Vehicle;
  today: string;
  canWrite: boolean;
  /** Fleet managers, dispatchers and admins edit and delete appointments. */
  canPlan?: boolean;
  onEdit(vehicle: Vehicle): void;
  onHistory(vehicle: Vehicle): void;
  onClose(): void;
}

/**
 * §2 vehicle detail dialog: vehicle data, the statutory deadlines (red when past, orange within
 * 30 days, else green), the maintenance appointments upcoming and past, and 'Fahrzeughistorie'.
 */
export function VehicleDetailModal({ vehicle, today, canWrite, canPlan = false, onEdit, onHistory, onClose }: VehicleDetailModalProps) {
  const text = messages.fleetScreen;
  const f = text.fields;
  const materials = useMaterials();
  const materialNames = vehicle.suitable_material_ids
    .map((id) => materials.data?.find((material) => material.id === id)?.name ?? null)
    .filter((name): name is string => name !== null);
  return (
    <DetailModal
      history={{ kind: 'vehicle', id: vehicle.id, title: vehicle.license_plate }}
      title={
        <>
          <span className="fleet-plate">{vehicle.license_plate}</span> {vehicleModelText(vehicle)}
        </>
      }
      headerExtra={<VehicleStatusPill status={vehicle.status} />}
      size="large"
      canWrite={canWrite}
      onEdit={() => onEdit(vehicle)}
      onClose={onClose}
    >
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

        <section className="fleet-detail__section fleet-detail__section--wide">
          <div className="workshop-detail-head">
            <h3 className="fleet-detail__title">{messages.workshop.maintenanceTab}</h3>
            <button type="button" className="button button--small" onClick={() => onHistory(vehicle)}>
              {messages.workshop.vehicleHistory}
            </button>
          </div>
          <AppointmentLists kind="vehicle" id={vehicle.id} today={today} canWrite={canPlan} subjectDetails={vehicleModelText(vehicle)} />
        </section>

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
            <DetailItem label={f.trailers}>{vehicle.auflieger.map((trailer) => trailer.kennzeichen).join(', ')}</DetailItem>
            <DetailItem label={text.currentTours} wide>
              {vehicle.current_tours.length === 0
                ? null
                : vehicle.current_tours.map((tour) => text.tourAt(tour.tourNumber, tour.startTime?.slice(11, 16) ?? null)).join(', ')}
            </DetailItem>
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
    </DetailModal>
  );
}
