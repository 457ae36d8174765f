import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { idSchema, timestampSchema } from './fields';

export const SEARCH_FIELDS = ['all', 'customer', 'material', 'plant', 'status'] as const;
export const searchFieldSchema = z.enum(SEARCH_FIELDS);
export type SearchField = z.infer<typeof searchFieldSchema>;

/** full: F2 and "Neuer Auftrag" open the full form; quick: the quick-order wizard. */
export const ORDER_TYPES = ['full', 'quick'] as const;
export const orderTypeSchema = z.enum(ORDER_TYPES);

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);

/** Favourites are ids of customers and materials; a user keeps a short list, not a catalogue. */
export const FAVORITES_MAX = 50;

/** orders.md §3 "User order settings", every field. */
export const userOrderSettingsSchema = z.strictObject({
  enableNLPOrderCreation: z.boolean(),
  showAdditionalSearch: z.boolean(),
  enableAutoSuggestions: z.boolean(),
  defaultSearchField: searchFieldSchema,
  saveSearchHistory: z.boolean(),
  enableKeyboardShortcuts: z.boolean(),
  defaultOrderType: orderTypeSchema,
  enableAutoRefresh: z.boolean(),
  favoriteCustomers: z.array(idSchema).max(FAVORITES_MAX),
  favoriteProducts: z.array(idSchema).max(FAVORITES_MAX),
  enableOrderTemplates: z.boolean(),
  defaultExportFormat: exportFormatSchema,
});
export type UserOrderSettings = z.infer<typeof userOrderSettingsSchema>;

/** Stream `intake-settings-<userId>`: the whole settings after each save. */
export const userOrderSettingsSaved = defineEvent({
  type: 'UserOrderSettingsSaved',
  schemaVersion: 1,
  schema: z.strictObject({ userId: idSchema, settings: userOrderSettingsSchema, savedAt: timestampSchema }),
});

/** Back to the defaults of §3. */
export const userOrderSettingsReset = defineEvent({
  type: 'UserOrderSettingsReset',
  schemaVersion: 1,
  schema: z.strictObject({ userId: idSchema, resetAt: timestampSchema }),
});

export const userOrderSettingsEventDefinitions = [userOrderSettingsSaved, userOrderSettingsReset] as const;
export type UserOrderSettingsEvent = EventOf<(typeof userOrderSettingsEventDefinitions)[number]>;
