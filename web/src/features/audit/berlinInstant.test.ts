import { describe, expect, it } from 'vitest';
import { berlinInputValue, instantOfBerlinInput } from './berlinInstant';

describe('date-time fields in Berlin time, whatever the browser zone', () => {
  it('shows an instant as Berlin wall time, winter and summer', () => {
    expect(berlinInputValue('2026-11-26T08:14:03.120Z')).toBe('2026-11-26T09:14:03');
    expect(berlinInputValue('2026-07-01T22:30:00.000Z')).toBe('2026-07-02T00:30:00');
  });

  it('reads a field value as Berlin wall time, with or without seconds', () => {
    expect(instantOfBerlinInput('2026-11-26T09:14:03')).toBe('2026-11-26T08:14:03.000Z');
    expect(instantOfBerlinInput('2026-07-02T00:30')).toBe('2026-07-01T22:30:00.000Z');
    expect(instantOfBerlinInput('')).toBeNull();
    expect(instantOfBerlinInput('2026-11-26')).toBeNull();
  });
});
