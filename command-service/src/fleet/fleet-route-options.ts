import type { LogPosition } from '@dispo/events/envelope';
import type { EventRegistry } from '@dispo/events/registry';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { EventStore } from '@dispo/events/store/port';
import type { AppointmentCandidatesOf } from './appointment-day';
import type { PinCipher } from './pin-cipher';

/** What the fleet command routes need; the read functions answer as the query routes do. */
export interface FleetRouteOptions {
  store: EventStore;
  registry: EventRegistry;
  /** The database of the blob table (vehicle documents). */
  sql: SqlExecutor;
  pinCipher: PinCipher;
  /** Read-your-writes: resolves when the read models have passed `position`. */
  waitForProjections(position: LogPosition): Promise<boolean>;
  readVehicle(id: string): Promise<unknown>;
  readTrailer(id: string): Promise<unknown>;
  readFuelCard(id: string): Promise<unknown>;
  readDocument(vehicleId: string, documentId: string): Promise<unknown>;
  readAppointment(id: string): Promise<unknown>;
  /** Tour numbers of the vehicle's tours from today on that are planned or running (dispatch release). */
  futureTours?(vehicleId: string): Promise<string[]>;
  /** Ids of the vehicle's running and planned tours from `today` on by the read side; a delete confirms each from its stream. */
  liveTourCandidates?(vehicleId: string, today: string): Promise<string[]>;
  /** The read side's pending appointments of a subject on a day (a planning confirms each from its stream). */
  appointmentCandidates?: AppointmentCandidatesOf;
  /** Plates of the trailers coupled to the vehicle (a Zugmaschine keeps its type while it has one). */
  coupledTrailers?(vehicleId: string): Promise<string[]>;
}

/** Every fleet write is the fleet manager's (admin passes always); auditors only read. */
export const FLEET_WRITERS = ['fleet_manager'] as const;
