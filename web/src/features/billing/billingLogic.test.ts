import { describe, expect, it } from 'vitest';
import { canBill, isNotableDifference, money, reverserName, signedTonnes, tonnes, wasUndone } from './billingLogic';

describe('billing screen logic', () => {
  it('lets billing staff and admins act', () => {
    expect(canBill({ id: 'u', username: 'abrechnung', firstName: 'A', lastName: 'B', roles: ['billing'] })).toBe(true);
    expect(canBill({ id: 'u', username: 'admin', firstName: 'A', lastName: 'B', roles: ['admin'] })).toBe(true);
    expect(canBill({ id: 'u', username: 'dispo', firstName: 'A', lastName: 'B', roles: ['dispatcher', 'order_taker'] })).toBe(false);
    expect(canBill(null)).toBe(false);
  });

  it('writes weights, differences and money the German way', () => {
    expect(tonnes(26.45)).toBe('26,45 t');
    expect(tonnes(null)).toBe('–');
    expect(signedTonnes(0.35)).toBe('+0,35 t');
    expect(signedTonnes(-0.4)).toBe('−0,4 t');
    expect(signedTonnes(0)).toBe('±0 t');
    // Intl puts a no-break space before the euro sign.
    expect(money(1234.5)).toBe('1.234,50\u00a0€');
    expect(isNotableDifference(0.6)).toBe(true);
    expect(isNotableDifference(-0.5)).toBe(false);
  });

  it('recognises a settlement taken back and names who did it', () => {
    expect(wasUndone({ billingConfirmed: false, billingReversalReason: 'Gewicht prüfen' })).toBe(true);
    expect(wasUndone({ billingConfirmed: true, billingReversalReason: 'alt' })).toBe(false);
    expect(reverserName({ billingReverser: 'Petra Lange' })).toBe('Petra Lange');
    expect(reverserName({ billingReverser: { firstName: 'Petra', lastName: 'Lange' } })).toBe('Petra Lange');
  });
});
