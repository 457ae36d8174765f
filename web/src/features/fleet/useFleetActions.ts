import { messages } from '@dispo/domain/messages';
import { useBulkDispatch, useDeleteFuelCard, useDeleteTrailer, useDeleteVehicle, useSetVehicleDispatch } from '../../api/fleet';
import type { FuelCard, Trailer, Vehicle } from '../../api/fleetTypes';
import type { FlashApi } from '../../components/useFlash';
import { bulkDispatchTarget } from './fleetLogic';

const spec = messages.fleet;
const text = messages.fleetScreen;

/** "Wrapper: server text", or the wrapper alone when the error says nothing more. */
export function wrapped(wrapper: string, error: unknown): string {
  const detail = error instanceof Error ? error.message.trim() : '';
  return detail && detail !== wrapper ? `${wrapper}: ${detail}` : wrapper;
}

/** The server's German text of a failed call (§8: fleet API errors show the server message). */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : messages.http.internalError;
}

/**
 * The page's writes that need no dialog of their own, with the messages of §8: the dispatch toggle
 * (single and bulk) and the confirmed deletes. Each returns true when the server accepted.
 */
export function useFleetActions(flash: FlashApi) {
  const setDispatch = useSetVehicleDispatch();
  const bulk = useBulkDispatch();
  const removeVehicle = useDeleteVehicle();
  const removeTrailer = useDeleteTrailer();
  const removeFuelCard = useDeleteFuelCard();

  const toggleDispatch = async (vehicle: Vehicle): Promise<boolean> => {
    const enabled = !vehicle.enabled_for_dispatch;
    try {
      await setDispatch.mutateAsync({ id: vehicle.id, enabled });
      flash.success(enabled ? spec.dispatchEnabled : spec.dispatchDisabled);
      return true;
    } catch (error) {
      flash.error(wrapped(spec.updateVehicleFailed, error));
      return false;
    }
  };

  /** §4: does nothing without a selection; all released → lock them all, otherwise release them all. */
  const toggleDispatchOf = async (selected: readonly Vehicle[]): Promise<boolean> => {
    if (selected.length === 0) {
      flash.error(text.selectVehiclesFirst);
      return false;
    }
    try {
      const answer = await bulk.mutateAsync({ ids: selected.map((vehicle) => vehicle.id), enabled: bulkDispatchTarget(selected) });
      // All done: 'N Fahrzeuge erfolgreich aktualisiert'; some refused: 'N Fahrzeuge aktualisiert' and the refusals.
      if (answer.updated > 0)
        flash.success(answer.failed.length === 0 ? spec.vehiclesUpdated(answer.updated) : spec.vehiclesUpdatedShort(answer.updated));
      if (answer.failed.length > 0) {
        const details = answer.failed.map((failure) => `${failure.license_plate ?? failure.id}: ${failure.error}`).join('; ');
        flash.error(`${spec.updateVehiclesFailed}: ${details}`);
      }
      return answer.failed.length === 0;
    } catch (error) {
      flash.error(wrapped(spec.updateVehiclesFailed, error));
      return false;
    }
  };

  /** A confirmed delete: the message of §8 on success, the server's text otherwise. */
  const remove = async (mutation: { mutateAsync(id: string): Promise<unknown> }, id: string, done: string): Promise<boolean> => {
    try {
      await mutation.mutateAsync(id);
      flash.success(done);
      return true;
    } catch (error) {
      flash.error(errorMessage(error));
      return false;
    }
  };
  const deleteVehicle = (vehicle: Vehicle) => remove(removeVehicle, vehicle.id, spec.vehicleDeleted);
  const deleteTrailer = (trailer: Trailer) => remove(removeTrailer, trailer.id, spec.trailerDeleted);
  const deleteFuelCard = (card: FuelCard) => remove(removeFuelCard, card.id, spec.fuelCardDeleted);

  return {
    toggleDispatch,
    toggleDispatchOf,
    deleteVehicle,
    deleteTrailer,
    deleteFuelCard,
    /** The vehicle whose single toggle is on its way (its switch waits). */
    dispatchPendingId: setDispatch.isPending ? (setDispatch.variables?.id ?? null) : null,
    bulkPending: bulk.isPending,
    deletePending: removeVehicle.isPending || removeTrailer.isPending || removeFuelCard.isPending,
  };
}

export type FleetActions = ReturnType<typeof useFleetActions>;
