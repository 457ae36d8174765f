import { messages } from '@dispo/domain/messages';
import type { VehicleHistoryAction } from '@dispo/domain/vehicle/history-actions';
import type { DocumentCategory, EventData, VehicleDeadline } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import { formatEuroDe, formatIsoDateDe, formatKm, labelOf } from '../pdf/format';
import { type AppointmentFacts, appointmentHistoryEntry } from './appointment-history';
import type { TourFacts } from './tours-as-of-event';

/** The action types of fleet.md §4 that the vehicle, trailer and document events produce so far. */
export type HistoryActionType = keyof typeof messages.vehicleHistory.titles & VehicleHistoryAction;

/** One entry of a vehicle's history, before it is stored with performer and time. */
export interface HistoryEntry {
  vehicleId: string;
  actionType: HistoryActionType;
  title: string;
  description: string;
  details: Record<string, unknown>;
  category: 'data' | 'status' | 'settings' | 'assignment' | 'document' | 'deadline' | 'maintenance' | 'tour' | 'finance';
  priority: 'low' | 'normal' | 'high';
  /** Entries of the deadline warnings job rather than of a user. */
  systemGenerated?: boolean;
  /** The entry's own id (entries added by hand); else the event's. */
  entryId?: string;
  tourId?: string;
}

/** What the entries need to know beyond the event: names of people and trailers, read when applied. */
export interface HistoryLookups {
  userName(id: string | null): Promise<string | null>;
  trailerPlate(id: string): Promise<string | null>;
  vehiclePlate(id: string): Promise<string | null>;
  appointment(id: string): Promise<AppointmentFacts | null>;
  /** The tour as of the event (vehicle, number, day). */
  tour(id: string): Promise<TourFacts | null>;
  /** The order's tour when this order's billing left none of its orders unbilled. */
  tourBilledWith(orderId: string): Promise<TourFacts | null>;
}

const h = messages.vehicleHistory;
const l = messages.labels;

const DEADLINE_ACTIONS: Record<VehicleDeadline, { scheduled: HistoryActionType; updated: HistoryActionType }> = {
  tuv: { scheduled: 'TUV_SCHEDULED', updated: 'TUV_UPDATED' },
  inspection: { scheduled: 'INSPECTION_SCHEDULED', updated: 'INSPECTION_UPDATED' },
  insurance: { scheduled: 'INSURANCE_SCHEDULED', updated: 'INSURANCE_UPDATED' },
};

function entry(
  vehicleId: string,
  actionType: HistoryActionType,
  description: string,
  details: Record<string, unknown>,
  rest: Partial<HistoryEntry> = {},
): HistoryEntry {
  return { vehicleId, actionType, title: h.titles[actionType], description, details, category: 'data', priority: 'normal', ...rest };
}

async function trailerEntries(
  actionType: 'AUFLIEGER_ASSIGNED' | 'AUFLIEGER_UNASSIGNED',
  vehicleId: string | null,
  trailerId: string,
  plate: string | null,
): Promise<HistoryEntry[]> {
  if (!vehicleId) return [];
  const kennzeichen = plate ?? trailerId;
  const describe = actionType === 'AUFLIEGER_ASSIGNED' ? h.trailerAssigned : h.trailerUnassigned;
  return [entry(vehicleId, actionType, describe(kennzeichen), { aufliegerId: trailerId, kennzeichen }, { category: 'assignment' })];
}

/** The entry of a deadline set, moved or removed: the action of its kind, old and new date. */
function deadlineEntries(
  d: { id: string; deadline: VehicleDeadline },
  action: 'scheduled' | 'updated',
  from: string | null,
  to: string | null,
  describe: (label: string) => string,
  rest: Partial<HistoryEntry> = {},
): HistoryEntry[] {
  const label = l.vehicleDeadline[d.deadline];
  return [
    entry(
      d.id,
      DEADLINE_ACTIONS[d.deadline][action],
      describe(label),
      { deadline: d.deadline, from, to },
      { category: 'deadline', ...rest },
    ),
  ];
}

/** The entry of a document added to or removed from a vehicle, with the document's name and category. */
function documentEntries(
  actionType: 'DOCUMENT_ADDED' | 'DOCUMENT_REMOVED',
  d: { vehicleId: string; documentId: string; name: string; category: DocumentCategory },
  describe: (name: string, category: string) => string,
  more: Record<string, unknown> = {},
): HistoryEntry[] {
  const details = { documentId: d.documentId, name: d.name, category: d.category, ...more };
  return [
    entry(d.vehicleId, actionType, describe(d.name, l.documentCategory[d.category]), details, { category: 'document', priority: 'low' }),
  ];
}

/** What every tour entry shares: its category and the tour it names. */
const tourEntry = (tourId: string): Partial<HistoryEntry> => ({ category: 'tour', tourId });

/**
 * The history entries one event adds, on the vehicles it concerns (a trailer coupled to another
 * tractor leaves an entry on both). Titles and descriptions come from the message catalogue.
 */
export async function historyEntriesOf(event: RecordedEvent, lookups: HistoryLookups): Promise<HistoryEntry[]> {
  switch (event.type) {
    case 'VehicleCreated': {
      const d = event.data as EventData<'VehicleCreated'>;
      return [
        entry(
          d.id,
          'UPDATED',
          h.created(d.licensePlate),
          { licensePlate: d.licensePlate, vehicleType: d.vehicleType, makeModel: d.makeModel },
          { title: h.vehicleCreatedTitle },
        ),
      ];
    }
    case 'VehicleDetailsChanged': {
      const d = event.data as EventData<'VehicleDetailsChanged'>;
      const fields = Object.keys(d.changes).map((key) => labelOf(h.fields, key));
      return [entry(d.id, 'UPDATED', h.fieldsChanged(fields.join(', ')), { changes: d.changes, previous: d.previous })];
    }
    case 'VehicleStatusChanged': {
      const d = event.data as EventData<'VehicleStatusChanged'>;
      const high = ['defect', 'repair', 'out_of_service'].includes(d.to);
      return [
        entry(
          d.id,
          'STATUS_CHANGED',
          h.statusChanged(l.vehicleStatus[d.from], l.vehicleStatus[d.to]),
          { from: d.from, to: d.to },
          {
            category: 'status',
            priority: high ? 'high' : 'normal',
          },
        ),
      ];
    }
    case 'VehicleDispatchChanged': {
      const d = event.data as EventData<'VehicleDispatchChanged'>;
      const description = d.to ? messages.fleet.dispatchEnabled : messages.fleet.dispatchDisabled;
      return [
        entry(d.id, 'SETTINGS_CHANGED', description, { setting: 'enabled_for_dispatch', from: d.from, to: d.to }, { category: 'settings' }),
      ];
    }
    case 'VehicleDriverChanged': {
      const d = event.data as EventData<'VehicleDriverChanged'>;
      const [fromName, toName] = await Promise.all([lookups.userName(d.from), lookups.userName(d.to)]);
      const name = (id: string | null, found: string | null) => found ?? id ?? h.unknownUser;
      const description =
        d.from === null
          ? h.driverAssigned(name(d.to, toName))
          : d.to === null
            ? h.driverRemoved(name(d.from, fromName))
            : h.driverChanged(name(d.from, fromName), name(d.to, toName));
      return [entry(d.id, 'ASSIGNMENT_CHANGED', description, { from: d.from, to: d.to, fromName, toName }, { category: 'assignment' })];
    }
    case 'VehicleDeadlineSet': {
      const d = event.data as EventData<'VehicleDeadlineSet'>;
      return deadlineEntries(d, 'scheduled', null, d.date, (label) => h.deadlineSet(label, formatIsoDateDe(d.date)));
    }
    case 'VehicleDeadlineChanged': {
      const d = event.data as EventData<'VehicleDeadlineChanged'>;
      return deadlineEntries(d, 'updated', d.from, d.to, (label) =>
        h.deadlineChanged(label, formatIsoDateDe(d.from), formatIsoDateDe(d.to)),
      );
    }
    case 'VehicleDeadlineRemoved': {
      const d = event.data as EventData<'VehicleDeadlineRemoved'>;
      return deadlineEntries(d, 'updated', d.from, null, (label) => h.deadlineRemoved(label, formatIsoDateDe(d.from)), {
        title: h.deadlineRemovedTitles[d.deadline],
      });
    }
    case 'VehicleDocumentAdded': {
      const d = event.data as EventData<'VehicleDocumentAdded'>;
      return documentEntries('DOCUMENT_ADDED', d, h.documentAdded, { sizeBytes: d.sizeBytes });
    }
    case 'VehicleDocumentRemoved': {
      const d = event.data as EventData<'VehicleDocumentRemoved'>;
      return documentEntries('DOCUMENT_REMOVED', d, h.documentRemoved);
    }
    case 'VehicleDeleted': {
      const d = event.data as EventData<'VehicleDeleted'>;
      return [
        entry(
          d.id,
          'UPDATED',
          h.deleted(d.licensePlate),
          { licensePlate: d.licensePlate },
          { title: h.vehicleDeletedTitle, priority: 'high' },
        ),
      ];
    }
    case 'TrailerCreated': {
      const d = event.data as EventData<'TrailerCreated'>;
      return trailerEntries('AUFLIEGER_ASSIGNED', d.tractorId, d.id, d.licensePlate);
    }
    case 'TrailerTractorChanged': {
      const d = event.data as EventData<'TrailerTractorChanged'>;
      const plate = await lookups.trailerPlate(d.id);
      return [
        ...(await trailerEntries('AUFLIEGER_UNASSIGNED', d.from, d.id, plate)),
        ...(await trailerEntries('AUFLIEGER_ASSIGNED', d.to, d.id, plate)),
      ];
    }
    case 'TrailerDeleted': {
      const d = event.data as EventData<'TrailerDeleted'>;
      return trailerEntries('AUFLIEGER_UNASSIGNED', d.tractorId, d.id, d.licensePlate);
    }
    case 'WorkshopAppointmentPlanned':
    case 'WorkshopAppointmentUpdated':
    case 'WorkshopAppointmentCancelled':
    case 'WorkshopAppointmentCompleted':
    case 'AppointmentInvoiceAmountSet': {
      const a = await appointmentHistoryEntry(event, lookups.appointment, lookups.vehiclePlate);
      if (!a || a.subject.kind !== 'vehicle') return [];
      return [entry(a.subject.id, a.actionType, a.description, a.details, { title: a.title, category: 'maintenance', priority: a.priority })];
    }
    case 'TourCreated': {
      const d = event.data as EventData<'TourCreated'>;
      const details = { tourNumber: d.tourNumber, date: d.date, startTime: d.startTime };
      return [entry(d.vehicleId, 'TOUR_ASSIGNED', h.tourAssigned(d.tourNumber, formatIsoDateDe(d.date), d.startTime), details, tourEntry(d.id))];
    }
    case 'TourMoved': {
      // A redistribution: an entry on both vehicles. A move in time on the same vehicle is no assignment.
      const d = event.data as EventData<'TourMoved'>;
      if (d.fromVehicleId === d.toVehicleId) return [];
      const [tour, fromPlate, toPlate] = await Promise.all([lookups.tour(d.id), lookups.vehiclePlate(d.fromVehicleId), lookups.vehiclePlate(d.toVehicleId)]);
      const number = tour?.tourNumber ?? d.id;
      const date = formatIsoDateDe(d.toDate);
      const details = { tourNumber: number, date: d.toDate, startTime: d.toStartTime, fromVehicle: fromPlate ?? d.fromVehicleId, toVehicle: toPlate ?? d.toVehicleId };
      return [
        entry(d.fromVehicleId, 'TOUR_UNASSIGNED', h.tourHandedOver(number, details.toVehicle, date, d.toStartTime), details, tourEntry(d.id)),
        entry(d.toVehicleId, 'TOUR_ASSIGNED', h.tourTakenOver(number, details.fromVehicle, date, d.toStartTime), details, tourEntry(d.id)),
      ];
    }
    case 'TourStatusChanged': {
      const d = event.data as EventData<'TourStatusChanged'>;
      if (d.to !== 'completed') return [];
      const tour = await lookups.tour(d.id);
      if (!tour) return [];
      const details = { tourNumber: tour.tourNumber, date: tour.date, startTime: tour.startTime };
      return [entry(tour.vehicleId, 'TOUR_COMPLETED', h.tourCompleted(tour.tourNumber, formatIsoDateDe(tour.date)), details, tourEntry(tour.tourId))];
    }
    case 'OrderBillingConfirmed': {
      const tour = await lookups.tourBilledWith((event.data as EventData<'OrderBillingConfirmed'>).id);
      if (!tour) return [];
      const details = { tourNumber: tour.tourNumber, date: tour.date, startTime: tour.startTime };
      return [
        entry(tour.vehicleId, 'TOUR_BILLED', h.tourBilled(tour.tourNumber, formatIsoDateDe(tour.date)), details, { ...tourEntry(tour.tourId), category: 'finance' }),
      ];
    }
    case 'TourRevenueCalculated': {
      // Issue 14: the revenue of a completed tour, REVENUE_CALCULATED.
      const d = event.data as EventData<'TourRevenueCalculated'>;
      const a = messages.vehicleAnalyticsScreen;
      const km = formatKm(d.totalKm);
      const missing = messages.vehicleAnalytics.noRevenue;
      const description =
        d.revenue === null
          ? a.revenueMissing(d.tourNumber, km, missing)
          : [a.revenueCalculated(d.tourNumber, formatEuroDe(d.revenue), km), d.unpricedOrders > 0 ? a.unpricedOrders(d.unpricedOrders, missing) : null]
              .filter(Boolean)
              .join(' ');
      const details = { revenueAmount: d.revenue, estimated: d.estimated, totalKm: d.totalKm, unpricedOrders: d.unpricedOrders, tariffValidFrom: d.tariffValidFrom };
      return [entry(d.vehicleId, 'REVENUE_CALCULATED', description, details, { category: 'finance', systemGenerated: true, tourId: d.tourId })];
    }
    case 'VehicleHistoryEntryAdded': {
      const d = event.data as EventData<'VehicleHistoryEntryAdded'>;
      const details = { revenueAmount: d.revenueAmount, costAmount: d.costAmount, odometerReading: d.odometerReading, manual: true };
      return [
        {
          ...entry(d.vehicleId, d.actionType as HistoryActionType, d.description, details, { category: d.category, priority: d.priority }),
          title: d.actionTitle,
          entryId: d.id,
        },
      ];
    }
    case 'VehicleDeadlineWarningRecorded': {
      const d = event.data as EventData<'VehicleDeadlineWarningRecorded'>;
      const overdue = d.actionType.endsWith('_OVERDUE') || d.actionType === 'SYSTEM_WARNING';
      const details = { deadline: d.deadline, dueDate: d.dueDate, daysUntil: d.daysUntil, day: d.day };
      return [entry(d.vehicleId, d.actionType, d.message, details, { category: 'deadline', priority: overdue ? 'high' : 'normal', systemGenerated: true })];
    }
  }
  return [];
}

/** When it happened: the time the event itself names, else when it was recorded. */
export function occurredAt(event: RecordedEvent): string {
  const d = event.data as Record<string, unknown>;
  for (const key of ['changedAt', 'createdAt', 'addedAt', 'removedAt', 'deletedAt', 'plannedAt', 'cancelledAt', 'completedAt', 'recordedAt', 'calculatedAt', 'movedAt', 'confirmedAt', 'setAt']) {
    if (typeof d[key] === 'string') return d[key];
  }
  return event.recordedAt;
}
