import { messages } from '@dispo/domain/messages';

/** Disposition settings of dispatch.md §3 "Disposition settings", kept in localStorage. */
export interface DispatchSettings {
  startHour: number;
  endHour: number;
  /** Minutes per time slot. */
  timeInterval: number;
  confettiEnabled: boolean;
  visualAiEnabled: boolean;
  /** Percent, 60 to 100 in steps of 5. */
  timelineZoom: number;
  tourOverviewEnabled: boolean;
}

export const DEFAULT_SETTINGS: DispatchSettings = Object.freeze({
  startHour: 6,
  endHour: 20,
  timeInterval: 30,
  confettiEnabled: false,
  visualAiEnabled: true,
  timelineZoom: 100,
  tourOverviewEnabled: false,
});

export const SETTINGS_STORAGE_KEY = 'dispo.dispatch.settings';

/** The choices of the settings form (§5: start 0 to 23, end 1 to 24; zoom 60 to 100 in steps of 5). */
export const START_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const END_HOURS = Array.from({ length: 24 }, (_, index) => index + 1);
export const TIME_INTERVALS = [15, 30, 60, 120] as const;
export const ZOOM = { min: 60, max: 100, step: 5 } as const;

/** §5: the message of the first broken rule, or null. */
export function validateSettings(settings: Pick<DispatchSettings, 'startHour' | 'endHour'>): string | null {
  const { startHour, endHour } = settings;
  if (!Number.isInteger(startHour) || !Number.isInteger(endHour) || startHour < 0 || startHour > 23 || endHour < 1 || endHour > 24) {
    return messages.dispatch.settingsHoursRange;
  }
  if (startHour >= endHour) return messages.dispatch.settingsHoursOrder;
  return null;
}

function clampZoom(value: unknown): number {
  const number = typeof value === 'number' && Number.isFinite(value) ? value : DEFAULT_SETTINGS.timelineZoom;
  const stepped = Math.round(number / ZOOM.step) * ZOOM.step;
  return Math.min(ZOOM.max, Math.max(ZOOM.min, stepped));
}

/** Stored settings, with the defaults for whatever is missing or broken. */
export function parseSettings(json: string | null): DispatchSettings {
  if (!json) return { ...DEFAULT_SETTINGS };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
  if (!value || typeof value !== 'object') return { ...DEFAULT_SETTINGS };
  const stored = value as Partial<Record<keyof DispatchSettings, unknown>>;
  const bool = (key: 'confettiEnabled' | 'visualAiEnabled' | 'tourOverviewEnabled') =>
    typeof stored[key] === 'boolean' ? (stored[key] as boolean) : DEFAULT_SETTINGS[key];
  const hours = { startHour: Number(stored.startHour), endHour: Number(stored.endHour) };
  const validHours = validateSettings(hours) === null;
  const interval = Number(stored.timeInterval);
  return {
    startHour: validHours ? hours.startHour : DEFAULT_SETTINGS.startHour,
    endHour: validHours ? hours.endHour : DEFAULT_SETTINGS.endHour,
    timeInterval: (TIME_INTERVALS as readonly number[]).includes(interval) ? interval : DEFAULT_SETTINGS.timeInterval,
    confettiEnabled: bool('confettiEnabled'),
    visualAiEnabled: bool('visualAiEnabled'),
    timelineZoom: clampZoom(stored.timelineZoom),
    tourOverviewEnabled: bool('tourOverviewEnabled'),
  };
}

export function loadSettings(): DispatchSettings {
  try {
    return parseSettings(localStorage.getItem(SETTINGS_STORAGE_KEY));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function storeSettings(settings: DispatchSettings): void {
  try {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // storage unavailable (private mode): the settings hold for this visit
  }
}
