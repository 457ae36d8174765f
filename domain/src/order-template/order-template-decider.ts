import type { EventData, OrderTemplateEvent, TemplateData } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { messages } from '../messages';
import { refuse } from '../shared';
import { type TemplateInput, templateFrom } from './template-data';

export interface CreateOrderTemplate {
  type: 'CreateOrderTemplate';
  templateId: string;
  userId: string;
  template: TemplateInput;
  now: string;
}

export interface UpdateOrderTemplate {
  type: 'UpdateOrderTemplate';
  templateId: string;
  userId: string;
  template: TemplateInput;
  now: string;
}

export interface DeleteOrderTemplate {
  type: 'DeleteOrderTemplate';
  templateId: string;
  userId: string;
  now: string;
}

/** Counts one use: an order was created from the template (§4.8). */
export interface UseOrderTemplate {
  type: 'UseOrderTemplate';
  templateId: string;
  userId: string;
  now: string;
}

export type OrderTemplateCommand = CreateOrderTemplate | UpdateOrderTemplate | DeleteOrderTemplate | UseOrderTemplate;

export interface OrderTemplateRecord {
  id: string;
  ownerId: string;
  name: string;
  templateData: TemplateData;
  usageCount: number;
  lastUsed: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A template as GET /api/user/order-templates answers it (orders.md §3 "Order template"). */
export interface OrderTemplateView {
  id: string;
  name: string;
  usageCount: number;
  lastUsed: string | null;
  templateData: TemplateData;
  createdAt: string;
  updatedAt: string;
}

export type OrderTemplateState =
  { status: 'none' } | { status: 'active'; template: OrderTemplateRecord } | { status: 'deleted'; ownerId: string };

/**
 * A template is its owner's alone: for anyone else it does not exist (404, not 403, so that ids of
 * other users' templates reveal nothing).
 */
function ownTemplate(state: OrderTemplateState, userId: string): OrderTemplateRecord {
  if (state.status !== 'active' || state.template.ownerId !== userId) refuse('not_found', messages.intakeTools.templateNotFound);
  return state.template;
}

function sameTemplate(a: { name: string; templateData: TemplateData }, b: { name: string; templateData: TemplateData }): boolean {
  return a.name === b.name && JSON.stringify(a.templateData) === JSON.stringify(b.templateData);
}

export const orderTemplateDecider: Decider<OrderTemplateCommand, OrderTemplateState, OrderTemplateEvent> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'OrderTemplateCreated': {
        const d: EventData<'OrderTemplateCreated'> = event.data;
        return {
          status: 'active',
          template: { ...d, usageCount: 0, lastUsed: null, updatedAt: d.createdAt },
        };
      }
      case 'OrderTemplateUpdated':
        if (state.status !== 'active') return state;
        return {
          status: 'active',
          template: { ...state.template, name: event.data.name, templateData: event.data.templateData, updatedAt: event.data.updatedAt },
        };
      case 'OrderTemplateUsed':
        if (state.status !== 'active') return state;
        return {
          status: 'active',
          template: { ...state.template, usageCount: state.template.usageCount + 1, lastUsed: event.data.usedAt },
        };
      case 'OrderTemplateDeleted':
        return { status: 'deleted', ownerId: event.data.ownerId };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateOrderTemplate': {
        if (state.status !== 'none') refuse('conflict', messages.intakeTools.templateExists);
        const t = templateFrom(command.template);
        return [{ type: 'OrderTemplateCreated', data: { id: command.templateId, ownerId: command.userId, ...t, createdAt: command.now } }];
      }
      case 'UpdateOrderTemplate': {
        const current = ownTemplate(state, command.userId);
        const t = templateFrom(command.template);
        if (sameTemplate(current, t)) return [];
        return [{ type: 'OrderTemplateUpdated', data: { id: command.templateId, ownerId: command.userId, ...t, updatedAt: command.now } }];
      }
      case 'DeleteOrderTemplate':
        ownTemplate(state, command.userId);
        return [{ type: 'OrderTemplateDeleted', data: { id: command.templateId, ownerId: command.userId, deletedAt: command.now } }];
      case 'UseOrderTemplate':
        ownTemplate(state, command.userId);
        return [{ type: 'OrderTemplateUsed', data: { id: command.templateId, ownerId: command.userId, usedAt: command.now } }];
    }
  },
};
