import { describe, expect, it } from 'vitest';
import { optimizationLabel } from './optimizationFormat';

describe('optimization labels on tour blocks (dispatch.md §4)', () => {
  it('names each status, and the km saved once optimized', () => {
    expect(optimizationLabel(null, null)).toBeNull();
    expect(optimizationLabel('pending', null)).toBe('Warteschlange');
    expect(optimizationLabel('in_progress', null)).toBe('Optimierung läuft');
    expect(optimizationLabel('failed', null)).toBe('Optimierung fehlgeschlagen');
    expect(optimizationLabel('completed', { distanceSaved: 118.7, timeSaved: 6900, costSaved: 124.67 })).toBe('Optimiert (−118,7 km)');
    // Zero savings: the current sequence was already the best.
    expect(optimizationLabel('completed', { distanceSaved: 0, timeSaved: 0, costSaved: 0 })).toBe('Optimiert');
  });
});
