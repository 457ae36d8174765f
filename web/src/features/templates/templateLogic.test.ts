import { messages } from '@dispo/domain/messages';
import { describe, expect, it } from 'vitest';
import { makeTemplate } from './templatesTestKit';
import { filterTemplates, initialDeliveryChoice, isVip, lastUsedText, templateOrderBody, templateUseError } from './templateLogic';

const template = makeTemplate;

describe('templates (§2.13, §4.8)', () => {
  it('gives the VIP badge from 5 uses', () => {
    expect(isVip({ usageCount: 4 })).toBe(false);
    expect(isVip({ usageCount: 5 })).toBe(true);
  });

  it('words the last use: Heute, Gestern, days under 7, weeks under 30, then months', () => {
    const now = new Date(2026, 10, 25, 15, 0);
    const ago = (days: number) => new Date(2026, 10, 25 - days, 9, 0).toISOString();
    expect(lastUsedText(ago(0), now)).toBe(messages.templates.lastUsedToday);
    expect(lastUsedText(ago(1), now)).toBe(messages.templates.lastUsedYesterday);
    expect(lastUsedText(ago(6), now)).toBe('vor 6 Tagen');
    expect(lastUsedText(ago(7), now)).toBe('vor 1 Woche');
    expect(lastUsedText(ago(29), now)).toBe('vor 4 Wochen');
    expect(lastUsedText(ago(65), now)).toBe('vor 2 Monaten');
    expect(lastUsedText(null, now)).toBe(messages.intakeTools.templateNeverUsed);
  });

  it('searches name, plants and materials', () => {
    const list = [
      template(),
      template({ id: 't-2', name: 'Lübeck Kies' }, { materials: [{ id: 'm-k', name: 'Kies 8/16', quantity: 1, unit: 'to' }] }),
    ];
    expect(filterTemplates(list, 'kies').map((x) => x.id)).toEqual(['t-2']);
    expect(filterTemplates(list, 'KIEL ZEMENT').map((x) => x.id)).toEqual(['t-1']);
    expect(filterTemplates(list, 'betonwerk kiel')).toHaveLength(2);
    expect(filterTemplates(list, ' ')).toHaveLength(2);
  });

  it('starts Lieferzeit bestätigen on the next workday, as keep when the template has its time, else its type', () => {
    expect(initialDeliveryChoice(template(), '2026-11-27')).toMatchObject({ deliveryDate: '2026-11-30', option: 'keep' });
    expect(initialDeliveryChoice(template({}, { deliveryTimeType: 'range' }), '2026-11-25')).toMatchObject({
      deliveryDate: '2026-11-26',
      option: 'range',
    });
    expect(initialDeliveryChoice(template({}, { deliveryTimeFixed: null }), '2026-11-25').option).toBe('fixed');
  });

  it('refuses a template without materials or without a material id', () => {
    expect(templateUseError(template().templateData)).toBeNull();
    expect(templateUseError(template({}, { materials: [] }).templateData)).toBe(messages.templates.noMaterials);
    expect(templateUseError(template({}, { materials: [{ id: '', name: null, quantity: 1, unit: 'to' }] }).templateData)).toBe(
      messages.templates.invalidMaterial,
    );
  });

  it('creates status offen, transport standard, with the chosen time', () => {
    const base = { deliveryDate: '2026-11-26', timeFrom: '08:00', timeTo: '10:00', timeFixed: '09:15' };
    expect(templateOrderBody(template(), { ...base, option: 'keep' })).toMatchObject({
      status: 'offen',
      transport_type: 'standard',
      priority: 'normal',
      delivery_time_type: 'fixed',
      delivery_time_fixed: '07:30',
      material_ids: ['m-cem1'],
      quantities: [1],
      units: ['to'],
      source: 'template',
    });
    expect(templateOrderBody(template(), { ...base, option: 'range' })).toMatchObject({
      delivery_time_type: 'range',
      delivery_time_from: '08:00',
      delivery_time_to: '10:00',
      delivery_time_fixed: null,
    });
    expect(templateOrderBody(template(), { ...base, option: 'fixed' })).toMatchObject({
      delivery_time_type: 'fixed',
      delivery_time_fixed: '09:15',
    });
  });
});
