import type { Vehicle } from '../../api/fleetTypes';
import { messages } from '@dispo/domain/messages';
import { ActionButton, RowActions } from './RowActions';
import { useFleetPermissions } from './useFleetPermissions';
import { WorkshopActions } from './workshop/WorkshopActions';

export interface VehicleRowActions {
  onDetails(vehicle: Vehicle): void;
  onEdit(vehicle: Vehicle): void;
  onDelete(vehicle: Vehicle): void;
  onPlanAppointment(vehicle: Vehicle): void;
  onCompleteAppointment(vehicle: Vehicle): void;
  onHistory(vehicle: Vehicle): void;
  /** The Smart Service modal (fleet.md §2 "Smart service workshop suggestions"). */
  onSmartService?(vehicle: Vehicle): void;
  /** Issue 14: the 'Fahrzeug Analytics' dialog. */
  onAnalytics?(vehicle: Vehicle): void;
}

export interface VehicleActionsProps {
  vehicle: Vehicle;
  actions: VehicleRowActions;
  canWrite: boolean;
  today: string;
}

/**
 * The per-vehicle actions of §2: history, plan a workshop appointment,
 * complete one (only while one is pending), details, edit, delete.
 */
export function VehicleActions({ vehicle, actions, canWrite, today }: VehicleActionsProps) {
  // Fleet managers and dispatchers plan and complete workshop appointments.
  const { canPlanAppointments } = useFleetPermissions();
  return (
    <div className="fleet-actions workshop-row-actions">
      <WorkshopActions
        target={vehicle.license_plate}
        appointments={vehicle.workshop_appointments}
        today={today}
        canPlan={canPlanAppointments}
        handlers={{
          onPlan: () => actions.onPlanAppointment(vehicle),
          onComplete: () => actions.onCompleteAppointment(vehicle),
          onHistory: () => actions.onHistory(vehicle),
        }}
      />
      {actions.onSmartService && (
        <ActionButton
          action={messages.smartService.menuEntry}
          target={vehicle.license_plate}
          icon="quick"
          onClick={(event) => {
            event.stopPropagation();
            actions.onSmartService?.(vehicle);
          }}
        />
      )}
      {actions.onAnalytics && (
        <ActionButton
          action={messages.vehicleAnalytics.title}
          target={vehicle.license_plate}
          icon="statistics"
          onClick={(event) => {
            event.stopPropagation();
            actions.onAnalytics?.(vehicle);
          }}
        />
      )}
      <RowActions
        target={vehicle.license_plate}
        canWrite={canWrite}
        stopPropagation
        onDetails={() => actions.onDetails(vehicle)}
        onEdit={() => actions.onEdit(vehicle)}
        onDelete={() => actions.onDelete(vehicle)}
      />
    </div>
  );
}
