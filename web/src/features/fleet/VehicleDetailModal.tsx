import type { Vehicle } from '../../api/fleetTypes';
import { VehicleStatusPill } from './badges';
import { DetailModal } from './DetailModal';
import { VehicleDetailBody } from './VehicleDetailBody';
import { vehicleModelText } from './VehicleCards';

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
      <VehicleDetailBody vehicle={vehicle} today={today} live={{ onHistory: () => onHistory(vehicle), canPlan }} />
    </DetailModal>
  );
}
