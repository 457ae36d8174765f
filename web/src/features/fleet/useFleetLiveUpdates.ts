import { useQueryClient } from '@tanstack/react-query';
import { invalidateFleet } from '../../api/fleet';
import type { ServerToClientEvents } from '../../api/types';
import { useRefreshOn } from '../../socket/useRefreshOn';

/** Socket events after which the fleet is stale (docs/api/fleet.md "Live notices"); tours change the live status (§4). */
export const FLEET_EVENTS = [
  'vehicle_created',
  'vehicle_updated',
  'vehicle_deleted',
  'dispatch_updated',
  'auflieger_created',
  'auflieger_updated',
  'auflieger_deleted',
  'fuel_card_created',
  'fuel_card_updated',
  'fuel_card_deleted',
  'document_added',
  'document_removed',
  'tour_created',
  'tour_updated',
  'tour_deleted',
] as const satisfies readonly (keyof ServerToClientEvents)[];

/** One refetch per burst of events (a bulk toggle sends one notice per vehicle). */
export const FLEET_SOCKET_DEBOUNCE_MS = 300;

/** While the fleet page is open, the changes of other users (and of the Disposition) show without a reload. */
export function useFleetLiveUpdates(): void {
  const queryClient = useQueryClient();
  useRefreshOn(FLEET_EVENTS, FLEET_SOCKET_DEBOUNCE_MS, () => void invalidateFleet(queryClient));
}
