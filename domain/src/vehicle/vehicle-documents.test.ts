import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { type AddVehicleDocument, documentFileName, isPdfContent, MAX_DOCUMENT_BYTES } from './vehicle-documents';
import { vehicleDecider } from './vehicle-decider';
import type { VehicleStreamEvent } from './vehicle-state';

const now = '2026-11-20T08:00:00.000Z';
const vehicle = givenWhenThen(vehicleDecider);
const pdf = new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const sha256 = 'a'.repeat(64);

const created: VehicleStreamEvent = {
  type: 'VehicleCreated',
  data: {
    id: 'v-1',
    licensePlate: 'IZ-MS 101',
    vehicleType: 'zugmaschine',
    makeModel: 'MAN TGX',
    brand: null,
    model: null,
    year: null,
    payloadKg: null,
    totalWeightKg: null,
    loadingCapacity: null,
    axles: null,
    fuelType: 'diesel',
    emissionClass: 'euro6',
    suitableMaterialIds: [],
    hasSiloEquipment: false,
    homeLocationPostalCode: null,
    homeLocationCity: null,
    homePlantName: null,
    costCenter: null,
    lastServiceDate: null,
    nextServiceDue: null,
    odometerKm: null,
    fuelConsumption: null,
    specialEquipment: null,
    restrictions: null,
    notes: null,
    status: 'available',
    enabledForDispatch: false,
    assignedDriverId: null,
    createdBy: null,
    createdAt: now,
  },
};

const add: AddVehicleDocument = {
  type: 'AddVehicleDocument',
  vehicleId: 'v-1',
  documentId: 'd-1',
  fileName: 'C:\\Scans\\Fahrzeugschein.pdf',
  category: 'registration',
  content: pdf,
  sha256,
  userId: 'u-fleet',
  now,
};
const added: VehicleStreamEvent = {
  type: 'VehicleDocumentAdded',
  data: {
    vehicleId: 'v-1',
    documentId: 'd-1',
    name: 'Fahrzeugschein.pdf',
    category: 'registration',
    contentType: 'application/pdf',
    sizeBytes: pdf.length,
    sha256,
    addedBy: 'u-fleet',
    addedAt: now,
  },
};
const remove = { type: 'RemoveVehicleDocument' as const, vehicleId: 'v-1', documentId: 'd-1', userId: 'u-fleet', now };

describe('vehicle documents', () => {
  it('adds a PDF under its file name without the path', () => {
    vehicle.given([created]).when(add).thenEmits([added]);
  });

  it('files a document without category under Sonstiges (other)', () => {
    const [event] = vehicle
      .given([created])
      .when({ ...add, category: undefined })
      .emitted();
    expect(event?.data).toMatchObject({ category: 'other' });
  });

  it('refuses what is no PDF by content, whatever its name says', () => {
    const renamed = new TextEncoder().encode('Das ist kein PDF, nur ein umbenannter Text.');
    vehicle
      .given([created])
      .when({ ...add, fileName: 'fake.pdf', content: renamed })
      .thenThrows('Nur PDF-Dateien sind erlaubt', 'validation');
    vehicle
      .given([created])
      .when({ ...add, content: new Uint8Array() })
      .thenThrows(messages.fleet.onlyPdf, 'validation');
  });

  it('refuses a file over 20 MB', () => {
    const big = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    big.set(pdf);
    vehicle
      .given([created])
      .when({ ...add, content: big })
      .thenThrows(messages.fleetCommands.documentTooLarge(20), 'validation');
  });

  it('adds nothing twice for a retried upload', () => {
    vehicle.given([created, added]).when(add).thenEmits([]);
  });

  it('removes a document, recording its name and category', () => {
    vehicle
      .given([created, added])
      .when(remove)
      .thenEmits([
        {
          type: 'VehicleDocumentRemoved',
          data: {
            vehicleId: 'v-1',
            documentId: 'd-1',
            name: 'Fahrzeugschein.pdf',
            category: 'registration',
            removedBy: 'u-fleet',
            removedAt: now,
          },
        },
      ]);
  });

  it('refuses unknown documents and vehicles', () => {
    vehicle.given([created]).when(remove).thenThrows(messages.fleetCommands.documentNotFound, 'not_found');
    vehicle.given([]).when(add).thenThrows(messages.fleetCommands.vehicleNotFound, 'not_found');
  });

  it('knows a PDF by its first bytes and cleans file names', () => {
    expect(isPdfContent(pdf)).toBe(true);
    expect(isPdfContent(new TextEncoder().encode('%PDF'))).toBe(false);
    expect(isPdfContent(new TextEncoder().encode(' %PDF-1.4'))).toBe(false);
    expect(documentFileName('../../etc/passwd')).toBe('passwd');
    expect(documentFileName('Bericht\u0000"2026".pdf')).toBe('Bericht2026.pdf');
    expect(documentFileName('  ')).toBe('Dokument.pdf');
  });
});
