import { orderTemplateDecider, type TemplateInput } from '@dispo/domain/order-template/index';
import { userOrderSettingsDecider } from '@dispo/domain/user-order-settings/index';
import { streamIds, type UserOrderSettings } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { type CommandMeta, commandTime, decideOn } from '../command-handler';

/** Personal order templates (stream `template-<id>`) and order-intake settings (stream `intake-settings-<userId>`). */
export function templateCommands(ctx: { store: EventStore; registry: EventRegistry }) {
  const onTemplate = (templateId: string, meta: CommandMeta, command: Parameters<typeof orderTemplateDecider.decide>[0]) =>
    decideOn(ctx, meta, streamIds.orderTemplate(templateId), orderTemplateDecider, command);
  const onSettings = (userId: string, meta: CommandMeta, command: Parameters<typeof userOrderSettingsDecider.decide>[0]) =>
    decideOn(ctx, meta, streamIds.userOrderSettings(userId), userOrderSettingsDecider, command);
  return {
    createTemplate: (templateId: string, userId: string, template: TemplateInput, meta: CommandMeta) =>
      onTemplate(templateId, meta, { type: 'CreateOrderTemplate', templateId, userId, template, now: commandTime(meta) }),
    updateTemplate: (templateId: string, userId: string, template: TemplateInput, meta: CommandMeta) =>
      onTemplate(templateId, meta, { type: 'UpdateOrderTemplate', templateId, userId, template, now: commandTime(meta) }),
    deleteTemplate: (templateId: string, userId: string, meta: CommandMeta) =>
      onTemplate(templateId, meta, { type: 'DeleteOrderTemplate', templateId, userId, now: commandTime(meta) }),
    useTemplate: (templateId: string, userId: string, meta: CommandMeta) =>
      onTemplate(templateId, meta, { type: 'UseOrderTemplate', templateId, userId, now: commandTime(meta) }),

    saveSettings: (userId: string, changes: Partial<UserOrderSettings>, meta: CommandMeta) =>
      onSettings(userId, meta, { type: 'SaveUserOrderSettings', userId, changes, now: commandTime(meta) }),
    resetSettings: (userId: string, meta: CommandMeta) =>
      onSettings(userId, meta, { type: 'ResetUserOrderSettings', userId, now: commandTime(meta) }),
    /** True once the user has settings events (saved or reset): a seed leaves them alone then. */
    hasSettingsHistory: async (userId: string) => (await ctx.store.readStream(streamIds.userOrderSettings(userId))).length > 0,
  };
}
