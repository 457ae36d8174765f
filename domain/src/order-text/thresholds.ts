import type { EntityKind } from './catalogue-index';

/** §5.4 match thresholds. Locations: 0.25 after a cue (`von`, `nach`), 0.4 without. */
export const THRESHOLDS = {
  material: 0.3,
  customer: 0.5,
  customerAfterCue: 0.4,
  loadingPoint: 0.4,
  location: 0.4,
  locationAfterCue: 0.25,
} as const;

/** The lowest score a record of each kind can be accepted with (cues included). */
export const LOWEST_THRESHOLD: Readonly<Record<EntityKind, number>> = {
  material: THRESHOLDS.material,
  customer: THRESHOLDS.customerAfterCue,
  plant: THRESHOLDS.locationAfterCue,
  loadingPoint: THRESHOLDS.loadingPoint,
};
