import type { OrderTemplateEvent } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { nextWorkday } from './next-workday';
import { type CreateOrderTemplate, orderTemplateDecider } from './order-template-decider';

const now = '2026-11-20T08:00:00.000Z';
const later = '2026-11-21T09:00:00.000Z';

const create: CreateOrderTemplate = {
  type: 'CreateOrderTemplate',
  templateId: 't-1',
  userId: 'u-1',
  template: {
    name: '  Kiel Zement  ',
    templateData: {
      loadingPlant: { id: 'p-load', name: 'Zementwerk Lägerdorf' },
      deliveryPlant: { id: 'p-del', name: 'Betonwerk Kiel' },
      loadingPointId: 'lp-1',
      materials: [{ id: 'm-1', name: 'CEM I 42,5 R', quantity: null, unit: null }],
      deliveryTimeType: 'range',
      deliveryTimeFrom: '07:00',
      deliveryTimeTo: '09:00',
      notes: ' ',
    },
  },
  now,
};

const templateData = {
  loadingPlant: { id: 'p-load', name: 'Zementwerk Lägerdorf' },
  deliveryPlant: { id: 'p-del', name: 'Betonwerk Kiel' },
  loadingPointId: 'lp-1',
  materials: [{ id: 'm-1', name: 'CEM I 42,5 R', quantity: 1, unit: 'to' as const }],
  deliveryTimeType: 'range' as const,
  deliveryTimeFixed: null,
  deliveryTimeFrom: '07:00',
  deliveryTimeTo: '09:00',
  priority: 'normal' as const,
  notes: null,
};

const created: OrderTemplateEvent = {
  type: 'OrderTemplateCreated',
  data: { id: 't-1', ownerId: 'u-1', name: 'Kiel Zement', templateData, createdAt: now },
};
const used: OrderTemplateEvent = { type: 'OrderTemplateUsed', data: { id: 't-1', ownerId: 'u-1', usedAt: later } };
const deleted: OrderTemplateEvent = { type: 'OrderTemplateDeleted', data: { id: 't-1', ownerId: 'u-1', deletedAt: later } };

const template = givenWhenThen(orderTemplateDecider);

describe('CreateOrderTemplate', () => {
  it('creates the template for its owner with quantity 1 and unit t by default (§4.8)', () => {
    template.given([]).when(create).thenEmits([created]);
  });

  it('requires a name: Template Name ist erforderlich', () => {
    template
      .given([])
      .when({ ...create, template: { ...create.template, name: '   ' } })
      .thenThrows(messages.validation.wizard.templateNameRequired, 'validation');
  });

  it('requires a material: Template enthält keine Materialien', () => {
    template
      .given([])
      .when({ ...create, template: { ...create.template, templateData: { ...create.template.templateData, materials: [] } } })
      .thenThrows(messages.templates.noMaterials, 'validation');
  });

  it('requires material ids: Template enthält ungültige Material-Daten', () => {
    template
      .given([])
      .when({ ...create, template: { ...create.template, templateData: { materials: [{ id: ' ' }] } } })
      .thenThrows(messages.templates.invalidMaterial, 'validation');
  });

  it('refuses a malformed time and a second creation', () => {
    template
      .given([])
      .when({ ...create, template: { ...create.template, templateData: { ...create.template.templateData, deliveryTimeFrom: '7 Uhr' } } })
      .thenThrows(messages.validation.invalidTime, 'validation');
    template.given([created]).when(create).thenThrows(messages.intakeTools.templateExists, 'conflict');
  });
});

describe('UpdateOrderTemplate, DeleteOrderTemplate, UseOrderTemplate', () => {
  it('changes name and data; nothing when nothing changed', () => {
    const update = { type: 'UpdateOrderTemplate' as const, templateId: 't-1', userId: 'u-1', template: { ...create.template, name: 'Neu' }, now: later };
    template
      .given([created])
      .when(update)
      .thenEmits([{ type: 'OrderTemplateUpdated', data: { id: 't-1', ownerId: 'u-1', name: 'Neu', templateData, updatedAt: later } }]);
    template.given([created]).when({ ...update, template: create.template }).thenEmits([]);
  });

  it('counts uses and records the last use', () => {
    template.given([created]).when({ type: 'UseOrderTemplate', templateId: 't-1', userId: 'u-1', now: later }).thenEmits([used]);
    const state = fold(orderTemplateDecider, [created, used, used]);
    expect(state).toMatchObject({ status: 'active', template: { usageCount: 2, lastUsed: later } });
  });

  it("another user's template does not exist for them (404)", () => {
    for (const cmd of [
      { type: 'UseOrderTemplate' as const, templateId: 't-1', userId: 'u-2', now: later },
      { type: 'DeleteOrderTemplate' as const, templateId: 't-1', userId: 'u-2', now: later },
      { type: 'UpdateOrderTemplate' as const, templateId: 't-1', userId: 'u-2', template: create.template, now: later },
    ]) {
      template.given([created]).when(cmd).thenThrows(messages.intakeTools.templateNotFound, 'not_found');
    }
  });

  it('deletes once; a deleted template is gone', () => {
    template.given([created]).when({ type: 'DeleteOrderTemplate', templateId: 't-1', userId: 'u-1', now: later }).thenEmits([deleted]);
    template
      .given([created, deleted])
      .when({ type: 'UseOrderTemplate', templateId: 't-1', userId: 'u-1', now: later })
      .thenThrows(messages.intakeTools.templateNotFound, 'not_found');
    template.given([created, deleted]).when(create).thenThrows(messages.intakeTools.templateExists, 'conflict');
  });
});

describe('nextWorkday (§5.5)', () => {
  it('is the next day, Monday for Saturday and Sunday', () => {
    expect(nextWorkday('2026-11-23')).toBe('2026-11-24'); // Monday → Tuesday
    expect(nextWorkday('2026-11-27')).toBe('2026-11-30'); // Friday → (Saturday) Monday
    expect(nextWorkday('2026-11-28')).toBe('2026-11-30'); // Saturday → (Sunday) Monday
    expect(nextWorkday('2026-12-31')).toBe('2027-01-01');
  });
});
