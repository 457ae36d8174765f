import type { Vehicle } from '../../api/fleetTypes';
import { RowActions } from './RowActions';

export interface VehicleRowActions {
  onDetails(vehicle: Vehicle): void;
  onEdit(vehicle: Vehicle): void;
  onDelete(vehicle: Vehicle): void;
}

/**
 * The per-vehicle actions of §2 built so far: details, edit, delete. Analytics, history and the
 * workshop appointments join here with the workshop issue.
 */
export function VehicleActions({ vehicle, actions, canWrite }: { vehicle: Vehicle; actions: VehicleRowActions; canWrite: boolean }) {
  return (
    <RowActions
      target={vehicle.license_plate}
      canWrite={canWrite}
      stopPropagation
      onDetails={() => actions.onDetails(vehicle)}
      onEdit={() => actions.onEdit(vehicle)}
      onDelete={() => actions.onDelete(vehicle)}
    />
  );
}
