import { messages } from '@dispo/domain/messages';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../test/fixtures';
import { ordersToTsv, parsePastedOrders } from './clipboard';
import { loadingPoints, materials, plants } from './ordersTestKit';

const catalogue = { plants, loadingPoints, materials };
const h = messages.intakeTools.clipboardHeaders;

describe('Ctrl+C and Ctrl+V of orders', () => {
  it('copies the selected orders as tab-separated text with German headers', () => {
    const order = makeOrder({ deliveryDate: '2026-11-26', deliveryTimeType: 'range', deliveryTimeFrom: '08:00', deliveryTimeTo: '10:00', quantity: 24.5 });
    const [header, row] = ordersToTsv([order]).split('\n');
    expect(header!.split('\t')).toEqual([h.orderNumber, h.deliveryDate, h.time, h.loadingPlant, h.loadingPoint, h.deliveryPlant, h.material, h.quantity, h.unit, h.priority, h.status, h.notes]);
    const cells = row!.split('\t');
    expect(cells[0]).toBe(order.orderNumber);
    expect(cells[1]).toBe('26.11.2026');
    expect(cells[2]).toBe('08:00-10:00');
    expect(cells[7]).toBe('24,5');
  });

  it('reads its own copy back', () => {
    const order = makeOrder({ plantId: 'p-zement', plant: { name: 'Zementwerk Rüdersdorf', city: null }, loadingPoint: { name: 'Silo A' }, deliveryPlant: { name: 'Betonwerk Kiel', city: null }, material: { name: 'CEM I 42,5 R', category: 'Zement' }, deliveryDate: '2026-11-26', deliveryTimeType: 'fixed', deliveryTimeFixed: '07:00' });
    const [pasted] = parsePastedOrders(ordersToTsv([order]), catalogue);
    expect(pasted!.problems).toEqual([]);
    expect(pasted!.draft).toMatchObject({ loadingPlantId: 'p-zement', loadingPointId: 'lp-a', deliveryPlantId: 'p-beton', materialId: 'm-cem1', deliveryDate: '2026-11-26', deliveryTimeFixed: '07:00' });
  });

  it('reads rows from Excel by their headers, and says what it did not recognise', () => {
    const text = ['Datum\tVon\tNach\tMaterial\tMenge\tZeit', '27.11.2026\tKieswerk Moorburg\tBetonwerk Lübeck\tKies 8/16\t1.200,5\t9 Uhr', '31.11.2026\tMondwerk\tBetonwerk Kiel\tGold\tx\t'].join('\r\n');
    const [first, second] = parsePastedOrders(text, catalogue);
    expect(first!.problems).toEqual([]);
    // Kieswerk Moorburg has one loading point: it is taken without a column.
    expect(first!.draft).toMatchObject({ loadingPointId: 'lp-halde', quantity: 1200.5, deliveryDate: '2026-11-27', deliveryTimeFixed: '09:00', unit: 'to', priority: 'normal' });
    expect(second!.row).toBe(3);
    expect(second!.problems.length).toBeGreaterThanOrEqual(4);
    expect(parsePastedOrders('nur Text', catalogue)).toEqual([]);
  });
});
