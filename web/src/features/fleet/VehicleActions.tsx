import { messages } from '@dispo/domain/messages';
import type { Vehicle } from '../../api/fleetTypes';
import { Icon } from '../../components/icons';

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
  const text = messages.fleetScreen;
  const plate = vehicle.license_plate;
  return (
    <div className="fleet-actions">
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-label={text.actionOn(text.details, plate)}
        title={text.details}
        onClick={(event) => {
          event.stopPropagation();
          actions.onDetails(vehicle);
        }}
      >
        <Icon name="details" size={16} />
      </button>
      {canWrite && (
        <>
          <button
            type="button"
            className="icon-button icon-button--small"
            aria-label={text.actionOn(text.edit, plate)}
            title={text.edit}
            onClick={(event) => {
              event.stopPropagation();
              actions.onEdit(vehicle);
            }}
          >
            <Icon name="edit" size={16} />
          </button>
          <button
            type="button"
            className="icon-button icon-button--small icon-button--danger"
            aria-label={text.actionOn(text.delete, plate)}
            title={text.delete}
            onClick={(event) => {
              event.stopPropagation();
              actions.onDelete(vehicle);
            }}
          >
            <Icon name="delete" size={16} />
          </button>
        </>
      )}
    </div>
  );
}
