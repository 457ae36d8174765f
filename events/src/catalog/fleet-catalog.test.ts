import { describe, expect, it } from 'vitest';
import { EventRegistry } from '../registry';
import { allEventDefinitions, fuelCardCreated, reservationKinds, streamIds, vehicleDocumentAdded } from './index';

describe('fleet events in the catalogue', () => {
  it('registers the vehicle, document, trailer and fuel card events and the reservation release', () => {
    const registry = new EventRegistry(allEventDefinitions);
    for (const type of [
      'VehicleCreated',
      'VehicleDetailsChanged',
      'VehicleStatusChanged',
      'VehicleDispatchChanged',
      'VehicleDriverChanged',
      'VehicleDeadlineSet',
      'VehicleDeadlineChanged',
      'VehicleDeadlineRemoved',
      'VehicleDeleted',
      'VehicleDocumentAdded',
      'VehicleDocumentRemoved',
      'TrailerCreated',
      'TrailerDetailsChanged',
      'TrailerStatusChanged',
      'TrailerTractorChanged',
      'TrailerDeleted',
      'FuelCardCreated',
      'FuelCardDetailsChanged',
      'FuelCardStatusChanged',
      'FuelCardPinChanged',
      'FuelCardPinRevealed',
      'FuelCardDeleted',
      'UniqueValueReleased',
    ]) {
      expect(registry.has(type), type).toBe(true);
    }
  });

  it('names the fleet streams and reservations as the architecture does', () => {
    expect(streamIds.vehicle('7')).toBe('vehicle-7');
    expect(streamIds.trailer('7')).toBe('trailer-7');
    expect(streamIds.fuelCard('7')).toBe('fuel-card-7');
    expect(streamIds.reservation(reservationKinds.licensePlate, 'IZ-MS101')).toBe('license-plate-IZ-MS101');
    expect(streamIds.reservation(reservationKinds.trailerPlate, 'IZ-MA501')).toBe('trailer-plate-IZ-MA501');
    expect(streamIds.reservation(reservationKinds.fuelCardNumber, '7002123456780101')).toBe('fuel-card-number-7002123456780101');
  });

  it('takes a PIN only as AES-256-GCM ciphertext, never as plain text', () => {
    const card = {
      id: 'c-1',
      cardNumber: '7002 1234',
      cardType: 'diesel',
      provider: null,
      assignedVehicleId: null,
      dailyLimit: null,
      monthlyLimit: null,
      validUntil: null,
      notes: null,
      status: 'active',
      createdBy: null,
      createdAt: '2026-11-20T08:00:00.000Z',
    };
    expect(
      fuelCardCreated.schema.safeParse({ ...card, pin: { algorithm: 'aes-256-gcm', iv: 'aXY=', tag: 'dGFn', ciphertext: 'Y2lw' } }).success,
    ).toBe(true);
    expect(fuelCardCreated.schema.safeParse({ ...card, pin: '4711' }).success).toBe(false);
    expect(fuelCardCreated.schema.safeParse({ ...card, pin: null, pinCode: '4711' }).success).toBe(false);
  });

  it('names a document by the sha256 of its bytes', () => {
    const doc = {
      vehicleId: 'v-1',
      documentId: 'd-1',
      name: 'Fahrzeugschein.pdf',
      category: 'registration',
      contentType: 'application/pdf',
      sizeBytes: 1200,
      sha256: 'ab'.repeat(32),
      addedBy: 'u-1',
      addedAt: '2026-11-20T08:00:00.000Z',
    };
    expect(vehicleDocumentAdded.schema.safeParse(doc).success).toBe(true);
    expect(vehicleDocumentAdded.schema.safeParse({ ...doc, sha256: 'xyz' }).success).toBe(false);
    expect(vehicleDocumentAdded.schema.safeParse({ ...doc, category: 'urlaub' }).success).toBe(false);
  });
});
