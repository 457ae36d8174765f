import { messages } from '@dispo/domain/messages';
import { useVehicleLiveTours } from '../../api/fleet';
import type { Vehicle } from '../../api/fleetTypes';
import { formatDate } from '../../components/format';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';

export interface DeleteVehicleDialogProps {
  vehicle: Vehicle;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

/**
 * Issue 31: a vehicle with running or planned tours is not deleted (docs/invariants.md). The dialog
 * asks the server for them first, names them and offers no delete while there are any; the server
 * refuses the delete by the same rule should one be added meanwhile.
 */
export function DeleteVehicleDialog({ vehicle, busy, onConfirm, onClose }: DeleteVehicleDialogProps) {
  const text = messages.fleetScreen;
  const plate = vehicle.license_plate;
  const tours = useVehicleLiveTours(vehicle.id);
  const live = tours.data ?? [];
  const canDelete = tours.isSuccess && live.length === 0;
  return (
    <ConfirmDeleteDialog
      title={text.deleteVehicleTitle}
      question={live.length > 0 ? text.vehicleHasLiveTours(plate) : text.deleteVehicleQuestion(plate)}
      busy={busy}
      canDelete={canDelete}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {tours.isPending && <p className="fleet-confirm__hint">{text.checkingVehicleTours}</p>}
      {tours.isError && <p className="fleet-confirm__hint" role="alert">{text.vehicleToursLoadFailed}</p>}
      {live.length > 0 && (
        <ul className="fleet-confirm__tours" aria-label={text.liveToursLabel}>
          {live.map((tour) => (
            <li key={tour.id}>{text.liveTourLine(tour.tourNumber, formatDate(tour.date), tour.startTime, messages.dispatch.tourStatus[tour.status])}</li>
          ))}
        </ul>
      )}
    </ConfirmDeleteDialog>
  );
}
