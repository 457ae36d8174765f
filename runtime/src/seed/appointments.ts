import { appointmentCommands } from '@dispo/command-service/fleet/appointment-commands';
import { DomainError } from '@dispo/domain/decider';
import { addDays, berlinDate, berlinInstant } from '@dispo/domain/shared/berlin-date';
import { vehicleDecider } from '@dispo/domain/vehicle/index';
import type { AppointmentInput, CompletionInput } from '@dispo/domain/workshop-appointment/index';
import { streamIds } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { loadAggregate } from '@dispo/command-service/command-handler';
import { recordDeadlineWarnings } from '@dispo/projection-service/fleet/deadline-warning-job';
import type { DemoCatalog } from '../demo-catalog';
import { demoId } from './demo-ids';

type Ctx = { store: EventStore; registry: EventRegistry };

/** One demo appointment: days from today, who it is for, what, and how it ended (if it did). */
interface DemoAppointment {
  name: string;
  subject: { kind: 'vehicle' | 'trailer'; plate: string };
  /** The trailer suggestion accepted on this vehicle's wizard. */
  fromVehicle?: string;
  inDays: number;
  input: AppointmentInput;
  completion?: CompletionInput;
}

const FLEET_MANAGER = 'fuhrpark';
const DISPATCHER = 'dispo';

/**
 * The workshop appointments of the demo business (issue 13): past ones completed with invoice
 * amounts (one with a follow-up in the next days), one that did not take place, one overdue and
 * still to complete, one today, one tomorrow (the Disposition's marker), a trailer appointment moved
 * from its tractor by the trailer suggestion, and a trailer repair with its cost and follow-up.
 */
export function demoAppointments(): DemoAppointment[] {
  const v = (plate: string) => ({ kind: 'vehicle' as const, plate });
  const t = (plate: string) => ({ kind: 'trailer' as const, plate });
  return [
    {
      name: 'hu-iz-ms-101',
      subject: v('IZ-MS 101'),
      inDays: -40,
      input: { appointmentType: 'HU', time: '08:00', workshop: 'Mercedes-Benz Nutzfahrzeugzentrum Hamburg', notes: 'HU mit AU' },
      // Issue 31: the vehicle takes odometer and the new HU date from the completion (as in the catalogue).
      completion: {
        kind: 'vehicle',
        completed: true,
        hasInvoice: true,
        invoiceAmount: 412.8,
        followUpNeeded: false,
        notes: 'Ohne Mängel',
        odometerKm: 412_300,
        inspectionUntil: '+120',
      },
    },
    {
      name: 'reparatur-hh-ms-201',
      subject: v('HH-MS 201'),
      inDays: -20,
      input: { appointmentType: 'Reparatur', time: '07:00', workshop: 'Scania Service Hamburg-Billbrook', notes: 'Kupplung rutscht' },
      completion: {
        kind: 'vehicle',
        completed: true,
        hasInvoice: true,
        invoiceAmount: 1890,
        followUpNeeded: true,
        followUpDate: '+2',
        notes: 'Kupplung getauscht, Nachkontrolle nötig',
      },
    },
    {
      name: 'kundendienst-ki-ms-301',
      subject: v('KI-MS 301'),
      inDays: -10,
      input: { appointmentType: 'Kundendienst', time: '06:30', workshop: 'Mercedes-Benz Nutzfahrzeugzentrum Hamburg' },
      // The last service is its day; the next one is due in half a year.
      completion: { kind: 'vehicle', completed: true, hasInvoice: false, followUpNeeded: false, notes: 'Rechnung folgt', odometerKm: 61_200, nextServiceDue: '+170' },
    },
    {
      name: 'service-b-ms-401',
      subject: v('B-MS 401'),
      inDays: -6,
      input: { appointmentType: 'Service', time: '10:00', workshop: 'Iveco Nutzfahrzeuge Berlin-Marzahn' },
      completion: { kind: 'vehicle', completed: false, notes: 'Werkstatt hat kurzfristig abgesagt' },
    },
    { name: 'kundendienst-hh-ms-203', subject: v('HH-MS 203'), inDays: -2, input: { appointmentType: 'Kundendienst', time: '13:00', workshop: 'MAN Truck & Bus Service Hamburg-Moorfleet' } },
    { name: 'sp-iz-ms-102', subject: v('IZ-MS 102'), inDays: 0, input: { appointmentType: 'SP', time: '15:00', workshop: 'MAN Truck & Bus Service Neumünster' } },
    { name: 'service-hh-ms-202', subject: v('HH-MS 202'), inDays: 1, input: { appointmentType: 'Service', time: '07:30', workshop: 'DAF Service Hamburg-Harburg', notes: 'Ölwechsel' } },
    { name: 'hu-b-ms-402', subject: v('B-MS 402'), inDays: 5, input: { appointmentType: 'HU', time: '09:00', workshop: 'Mercedes-Benz Nutzfahrzeuge Berlin-Spandau' } },
    {
      name: 'hu-iz-ma-501',
      subject: t('IZ-MA 501'),
      fromVehicle: 'IZ-MS 101',
      inDays: 3,
      input: { appointmentType: 'HU', time: '09:00', workshop: 'Silo- und Fahrzeugbau Kaltenkirchen', notes: 'Auflieger Bremsen prüfen' },
    },
    {
      name: 'silo-hh-ma-602',
      subject: t('HH-MA 602'),
      inDays: -15,
      input: { appointmentType: 'Silo-Schweißen', time: '07:00', workshop: 'Silo- und Fahrzeugbau Kaltenkirchen', estimatedCost: 600, responsible: 'Jens Kühn' },
      completion: {
        kind: 'trailer',
        wasSuccessful: true,
        actualCost: 640,
        completionNotes: 'Riss am Silokonus geschweißt',
        followUpRequired: true,
        followUpDate: '+10',
        followUpNotes: 'Dichtheitsprüfung',
      },
    },
  ];
}

/** "+2" in a demo completion's dates: days from today. */
const dayOf = (value: string | null | undefined, today: string) => (value?.startsWith('+') ? addDays(today, Number(value.slice(1))) : (value ?? null));

async function once(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'conflict') return false;
    throw error;
  }
}

/**
 * Writes the demo appointments through the appointment commands at the moments they happened
 * (planned a week before, completed that evening), then runs the deadline warnings job once, as the
 * product does on start. Idempotent: ids come from the names; a second run writes nothing.
 */
export async function seedAppointments(ctx: Ctx, catalog: DemoCatalog, now: Date = new Date()): Promise<{ appointments: number; warnings: number }> {
  const commands = appointmentCommands(ctx);
  const today = berlinDate(now);
  const user = (name: string) => demoId('user', name);
  let appointments = 0;
  for (const a of demoAppointments()) {
    const date = addDays(today, a.inDays);
    const plannedAt = a.inDays >= 0 ? new Date(now.getTime() - 2 * 86_400_000) : berlinInstant(addDays(date, -7), '10:00');
    const id = demoId('appointment', a.name);
    const subjectId = demoId(a.subject.kind, a.subject.plate);
    const planMeta = { userId: user(a.fromVehicle ? DISPATCHER : FLEET_MANAGER), commandName: 'Seed:PlanAppointment', at: plannedAt };
    const move = a.fromVehicle ? { originalVehicleId: demoId('vehicle', a.fromVehicle), detectedKeywords: ['auflieger'] } : undefined;
    if (await once(() => commands.planAppointment(id, { kind: a.subject.kind, id: subjectId }, { ...a.input, date }, planMeta, move))) appointments++;
    if (!a.completion) continue;
    const c = a.completion;
    const completion: CompletionInput = {
      ...c,
      followUpDate: dayOf(c.followUpDate, today),
      ...(c.kind === 'vehicle' ? { nextServiceDue: dayOf(c.nextServiceDue, today), inspectionUntil: dayOf(c.inspectionUntil, today) } : {}),
    } as CompletionInput;
    const completedAt = berlinInstant(date, '17:30');
    await once(() =>
      commands.completeAppointment(id, () => completion, demoId('appointment', `${a.name}-follow-up`), {
        userId: user(FLEET_MANAGER),
        commandName: 'Seed:CompleteAppointment',
        at: completedAt,
      }),
    );
  }
  const vehicles = await Promise.all(
    catalog.vehicles.map(async (v) => {
      const { state } = await loadAggregate(ctx.store, vehicleDecider, streamIds.vehicle(demoId('vehicle', v.license_plate)));
      return state.exists
        ? { id: state.entity.id, licensePlate: state.entity.details.licensePlate, deadlines: state.entity.deadlines, enabledForDispatch: state.entity.enabledForDispatch }
        : null;
    }),
  );
  const { recorded } = await recordDeadlineWarnings(ctx, vehicles.filter((v) => v !== null), now);
  return { appointments, warnings: recorded };
}
