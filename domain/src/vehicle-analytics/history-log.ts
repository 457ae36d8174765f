import type { VehicleAnalyticsEvent } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { DomainError } from '../decider';
import { messages } from '../messages';

type EntryEvent = Extract<VehicleAnalyticsEvent, { type: 'VehicleHistoryEntryAdded' }>;
export type ManualHistoryEntry = Omit<EntryEvent['data'], 'addedBy' | 'addedAt'>;

export interface AddHistoryEntry {
  type: 'AddHistoryEntry';
  entry: ManualHistoryEntry;
  vehicleExists: boolean;
  userId: string | null;
  now: string;
}

/** Stream `vehicle-log-<vehicleId>`: the entries added by hand (fleet.md §7 POST …/history), each once. */
export const vehicleLogDecider: Decider<AddHistoryEntry, { ids: ReadonlySet<string> }, EntryEvent> = {
  initialState: { ids: new Set() },
  evolve(state, event) {
    return { ids: new Set([...state.ids, event.data.id]) };
  },
  decide(command, state) {
    if (!command.vehicleExists) throw new DomainError('not_found', messages.vehicleAnalyticsScreen.vehicleNotFound);
    if (state.ids.has(command.entry.id)) return [];
    return [{ type: 'VehicleHistoryEntryAdded', data: { ...command.entry, addedBy: command.userId, addedAt: command.now } }];
  },
};
