import { describe, expect, it } from 'vitest';
import { dispatchOrderType } from './dispatch-type';

const plain = { transportType: 'standard', vehicleRequirements: null, deliveryPlantId: 'p-kiel', deliveryAddress: null, accessConditions: null };

describe('order type of the Disposition sidebar', () => {
  it('silo, pump and crane orders or stated vehicle requirements are transport', () => {
    for (const transportType of ['silo', 'pumpe', 'kran']) expect(dispatchOrderType({ ...plain, transportType })).toBe('transport');
    expect(dispatchOrderType({ ...plain, vehicleRequirements: 'Kipper mit Plane' })).toBe('transport');
  });
  it('a standard run to a plant without address or access conditions is simple', () => {
    expect(dispatchOrderType(plain)).toBe('simple');
    expect(dispatchOrderType({ ...plain, vehicleRequirements: '  ' })).toBe('simple');
  });
  it('a site address, access conditions or no delivery plant make it standard', () => {
    expect(dispatchOrderType({ ...plain, deliveryAddress: 'Baustelle Holstenstraße 1, Kiel' })).toBe('standard');
    expect(dispatchOrderType({ ...plain, accessConditions: 'Zufahrt nur bis 7,5 t' })).toBe('standard');
    expect(dispatchOrderType({ ...plain, deliveryPlantId: null })).toBe('standard');
  });
});
